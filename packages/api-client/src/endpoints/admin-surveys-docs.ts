/** The back office's surveys described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { surveys } from './admin-surveys.ts';

const QUESTION_EXAMPLE =
  '{"kind":"single","prompt":"¿Cómo conociste el portal?","help":null,"required":true,"options":[{"label":"Por mi comercial"},{"label":"Por correo"}]}';

/** The back office's surveys' descriptions, the `surveys` entry of `adminDocs`. */
export const surveysDocs: EndpointDocs<{ surveys: typeof surveys }>['surveys'] = {
  list: {
    tag: 'Back office',
    summary: 'Every survey with its status and responses, the latest to open first',
    description: [
      '`status`: `draft` (never shown to the pharmacists), `upcoming`, `open` or `closed` by its dates.',
      "`responses` counts the responses the staff member may see: every one for an admin, his pharmacies'",
      'for a sales rep.',
      '',
      'Example: `GET /api/v1/admin/surveys` →',
      '`{"data":[{"id":4,"title":"Tu opinión sobre el portal","status":"open",',
      '"opens_at":"2026-11-01T08:00:00.000Z","closes_at":"2026-12-15T23:00:00.000Z","questions":5,',
      '"responses":12,"created_at":"2026-10-20T09:00:00.000Z"}]}`',
    ].join('\n'),
  },
  get: {
    tag: 'Back office',
    summary: 'One survey with its questions',
    description: [
      'The questions as the portal shows them, `responses`, and `questions_editable` (false once any',
      'pharmacy has answered). 404 for an unknown survey.',
      '',
      'Example: `GET /api/v1/admin/surveys/4` →',
      '`{"data":{"id":4,"title":"Tu opinión sobre el portal","intro":"…","status":"open",…,',
      '"questions":[{"id":11,"kind":"rating","prompt":"¿Qué te parece el portal?","help":null,',
      '"required":true,"min_label":"Nada útil","max_label":"Muy útil"}],"responses":12,',
      '"questions_editable":false}}`',
    ].join('\n'),
  },
  create: {
    tag: 'Back office',
    summary: 'Create a survey',
    description: [
      "The title, the introduction, `opens_at` and `closes_at` on Madrid's wall clock (`AAAA-MM-DDTHH:mm`;",
      'the close after the opening, else a 422 under `closes_at`), `draft` and the questions in order:',
      '`single`/`multiple` with two or more options (`max_choices` for a multiple), `rating` (1–5) with',
      'the words of both ends, `text` with `min_length`/`max_length`. Audited. Answers 201 with the survey.',
      '',
      'Example: `POST /api/v1/admin/surveys` with',
      `\`{"title":"Tu opinión","intro":"Dos minutos.","opens_at":"2026-12-01T09:00","closes_at":"2026-12-31T23:59","draft":true,"questions":[${QUESTION_EXAMPLE}]}\``,
      '→ `{"data":{"id":5,"status":"draft",…}}`',
    ].join('\n'),
  },
  update: {
    tag: 'Back office',
    summary: 'Change a survey: its text, dates and questions',
    description: [
      'The whole survey, as for creating it. A question with its `id` is kept (edited in place), one',
      "without is added, one left out is removed; their order is the list's. Once a pharmacy has",
      'answered, any change to the questions is a 409 with a message (the title, introduction, dates',
      'and draft flag still change). A date sent as the minute it already falls in keeps its stored',
      "instant (to the second, as 'open now' or 'close now' set it). Audited with the survey before and after.",
      '',
      'Example: `PUT /api/v1/admin/surveys/5` with the body of the create → `{"data":{"id":5,…}}`',
    ].join('\n'),
    failures: [409],
  },
  open: {
    tag: 'Back office',
    summary: 'Open a survey now',
    description: [
      'Publishes it (no longer a draft) and sets its opening to now: the portal shows it at once. 409',
      'when it is already open, or its close has passed. Audited.',
      '',
      'Example: `POST /api/v1/admin/surveys/5/open` → `{"data":{"id":5,"status":"open",…}}`',
    ].join('\n'),
    failures: [409],
  },
  close: {
    tag: 'Back office',
    summary: 'Close a survey now',
    description: [
      'Sets its close to now: the portal stops showing it and refuses any answer (409). 409 when it is',
      'not open. Audited.',
      '',
      'Example: `POST /api/v1/admin/surveys/5/close` → `{"data":{"id":5,"status":"closed",…}}`',
    ].join('\n'),
    failures: [409],
  },
  remove: {
    tag: 'Back office',
    summary: 'Delete a survey without responses',
    description: [
      'Deletes the survey and its questions. 409 once a pharmacy has answered it (close it instead).',
      'Audited. Answers 204.',
      '',
      'Example: `DELETE /api/v1/admin/surveys/5` → 204',
    ].join('\n'),
    failures: [409],
  },
  results: {
    tag: 'Back office',
    summary: "A survey's results, question by question",
    description: [
      "The number of responses (a sales rep: his pharmacies'), and per question the responses that",
      'answered it: for `single`/`multiple` the count of each option, for `rating` the count of each',
      'value 1–5 and the mean (two decimals, null without answers); the texts of a `text` question are',
      'read a page at a time from `…/results/{questionId}/answers`.',
      '',
      'Example: `GET /api/v1/admin/surveys/4/results` →',
      '`{"data":{"survey":{"id":4,…},"responses":12,"questions":[{"question_id":11,"kind":"rating",',
      '"prompt":"¿Qué te parece el portal?","answered":12,"min_label":"Nada útil","max_label":"Muy útil",',
      '"distribution":[{"value":1,"count":0},…,{"value":5,"count":7}],"mean":4.42}]}}`',
    ].join('\n'),
  },
  textAnswers: {
    tag: 'Back office',
    summary: "A text question's answers, newest first",
    description: [
      '20 a `page`. 404 for an unknown survey, or a question that is not one of its text questions.',
      '',
      'Example: `GET /api/v1/admin/surveys/4/results/14/answers?page=1` →',
      '`{"data":[{"text":"Más vídeos de formación.","answered_at":"2026-11-20T10:00:00.000Z"}],',
      '"meta":{"current_page":1,"last_page":1,"per_page":20,"total":1}}`',
    ].join('\n'),
  },
  export: {
    tag: 'Back office',
    summary: "A survey's responses as a spreadsheet (CSV)",
    description: [
      "One row per response (a sales rep: his pharmacies'), oldest first, as a file",
      '`encuesta-{id}-respuestas.csv`: UTF-8 with BOM, `;` between fields, CRLF, dates `dd/mm/aaaa`',
      '(Madrid). Columns: Fecha; Farmacia; Código cliente; then one per question, headed by its text:',
      "the option's label, the options' labels joined by ` | `, the rating, or the text.",
      '',
      'Example: `GET /api/v1/admin/surveys/4/responses.csv` →',
      '`Fecha;Farmacia;Código cliente;¿Qué te parece el portal?` then `20/11/2026;Farmacia Sol;C000003;5`',
    ].join('\n'),
  },
};
