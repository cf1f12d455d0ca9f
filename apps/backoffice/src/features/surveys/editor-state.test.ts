import { ADMIN_SURVEY_MESSAGES, type AdminSurvey } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import {
  blankQuestion,
  blankSurvey,
  editorSurvey,
  moved,
  previewQuestions,
  requestProblems,
  serverProblems,
  surveyRequest,
} from './editor-state.ts';

const stored: AdminSurvey = {
  id: 4,
  title: 'Tu opinión',
  intro: 'Dos minutos.',
  status: 'upcoming',
  opens_at: '2026-12-01T08:00:00.000Z',
  closes_at: '2026-12-31T22:59:00.000Z',
  questions: [
    {
      id: 11,
      kind: 'multiple',
      prompt: '¿Qué usas?',
      help: null,
      required: false,
      options: [
        { id: 1, label: 'Catálogo' },
        { id: 2, label: 'Pedidos' },
      ],
      max_choices: 2,
    },
    {
      id: 12,
      kind: 'text',
      prompt: '¿Algo más?',
      help: 'Opcional',
      required: false,
      min_length: null,
      max_length: 500,
    },
  ],
  responses: 0,
  questions_editable: true,
  created_at: '2026-11-01T08:00:00.000Z',
};

describe("the survey editor's state", () => {
  it('turns a stored survey into the request that stores it unchanged', () => {
    const request = surveyRequest(editorSurvey(stored));
    expect(request).toEqual({
      title: 'Tu opinión',
      intro: 'Dos minutos.',
      opens_at: '2026-12-01T09:00',
      closes_at: '2026-12-31T23:59',
      draft: false,
      questions: [
        {
          id: 11,
          kind: 'multiple',
          prompt: '¿Qué usas?',
          help: null,
          required: false,
          options: [
            { id: 1, label: 'Catálogo' },
            { id: 2, label: 'Pedidos' },
          ],
          max_choices: 2,
        },
        {
          id: 12,
          kind: 'text',
          prompt: '¿Algo más?',
          help: 'Opcional',
          required: false,
          min_length: null,
          max_length: 500,
        },
      ],
    });
    expect(requestProblems(request)).toEqual({});
  });

  it("names each problem under the server's field, with the server's words", () => {
    const editor = { ...blankSurvey(new Date('2026-11-28T12:00:00Z')), opensAt: '31/02/2026 09:00' };
    editor.questions = [{ ...blankQuestion('multiple'), maxChoices: 'dos' }];
    const problems = requestProblems(surveyRequest(editor));
    expect(problems.title).toBe(ADMIN_SURVEY_MESSAGES.titleRequired);
    expect(problems.opens_at).toBe(ADMIN_SURVEY_MESSAGES.dateInvalid);
    expect(problems['questions.0.prompt']).toBe(ADMIN_SURVEY_MESSAGES.promptRequired);
    expect(problems['questions.0.options.0.label']).toBe(ADMIN_SURVEY_MESSAGES.optionRequired);
    expect(problems['questions.0.max_choices']).toBe(ADMIN_SURVEY_MESSAGES.maxChoicesInvalid);
  });

  it('refuses a close before the opening under the close', () => {
    const editor = { ...editorSurvey(stored), opensAt: '02/12/2026 09:00', closesAt: '01/12/2026 09:00' };
    expect(requestProblems(surveyRequest(editor)).closes_at).toBe(ADMIN_SURVEY_MESSAGES.closesBeforeOpens);
  });

  it('sends the stored questions as they are once the survey has responses', () => {
    const editor = { ...editorSurvey(stored), title: 'Otro título' };
    editor.questions = [];
    expect(surveyRequest(editor, stored.questions).questions).toEqual(stored.questions);
  });

  it('moves a question up or down, and leaves the list as it is at either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('previews unfinished questions with placeholders the portal can draw', () => {
    const editor = blankSurvey();
    editor.questions = [blankQuestion('single'), blankQuestion('rating')];
    const [single, rating] = previewQuestions(editor);
    expect(single).toMatchObject({
      id: 1,
      prompt: 'Pregunta 1',
      options: [
        { id: 1, label: 'Opción 1' },
        { id: 2, label: 'Opción 2' },
      ],
    });
    expect(rating).toMatchObject({ id: 2, kind: 'rating', min_label: 'Nada satisfecho' });
  });

  it("reads the server's field errors", () => {
    expect(serverProblems({ title: ['Escribe el título de la encuesta.'], other: [] })).toEqual({
      title: 'Escribe el título de la encuesta.',
    });
  });
});
