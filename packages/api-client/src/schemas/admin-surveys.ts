/**
 * The back office's surveys (`/api/v1/admin/surveys…`): the laboratory writes its 'Te escuchamos'
 * surveys (drafts, then scheduled, opened and closed), reads their results and exports every response
 * to a spreadsheet. Dates travel as instants; the forms type them as Madrid's wall clock
 * (`AAAA-MM-DDTHH:mm`). On the `@botica/api-client/admin` entry.
 */
import {
  isMadridWallClock,
  SURVEY_MAX_OPTIONS,
  SURVEY_RATING_MAX,
  SURVEY_RATING_MIN,
  SURVEY_TEXT_MAX_LENGTH,
} from '@botica/domain';
import * as z from 'zod/mini';
import {
  DateTimeSchema,
  dataList,
  dataOf,
  IdSchema,
  madridWallClockSchema,
  PaginationMetaSchema,
  trimmedText,
} from './common.ts';
import { SurveyQuestionSchema } from './survey.ts';

/** The Spanish messages of the surveys' endpoints, as the server sends them. */
export const ADMIN_SURVEY_MESSAGES = {
  notFound: 'La encuesta no existe.',
  questionNotFound: 'Esa pregunta no es de esta encuesta.',
  questionsLocked:
    'Esta encuesta ya tiene respuestas: sus preguntas no se pueden cambiar. Puedes cambiar el título, la introducción y las fechas.',
  deleteAnswered: 'Esta encuesta ya tiene respuestas y no se puede eliminar. Puedes cerrarla.',
  alreadyOpen: 'La encuesta ya está abierta.',
  alreadyClosed: 'La encuesta ya está cerrada.',
  notOpen: 'La encuesta no está abierta.',
  closesPassed: 'La fecha de cierre ya ha pasado: cámbiala antes de abrir la encuesta.',
  titleRequired: 'Escribe el título de la encuesta.',
  titleTooLong: `El título puede tener como máximo ${120} caracteres.`,
  introTooLong: 'La introducción puede tener como máximo 2.000 caracteres.',
  dateInvalid: 'Indica la fecha y la hora (dd/mm/aaaa hh:mm).',
  closesBeforeOpens: 'La fecha de cierre debe ser posterior a la de apertura.',
  questionsRequired: 'Añade al menos una pregunta.',
  tooManyQuestions: 'Una encuesta puede tener como máximo 50 preguntas.',
  promptRequired: 'Escribe la pregunta.',
  promptTooLong: 'La pregunta puede tener como máximo 300 caracteres.',
  helpTooLong: 'La ayuda puede tener como máximo 300 caracteres.',
  optionsRequired: 'Añade al menos dos opciones.',
  tooManyOptions: `Una pregunta puede tener como máximo ${SURVEY_MAX_OPTIONS} opciones.`,
  optionRequired: 'Escribe la opción.',
  optionTooLong: 'La opción puede tener como máximo 120 caracteres.',
  optionRepeated: 'Esta opción está repetida.',
  labelRequired: 'Escribe lo que significa este extremo de la escala.',
  labelTooLong: 'Puede tener como máximo 60 caracteres.',
  maxChoicesInvalid: 'Debe ser un número entero de 1 al número de opciones.',
  lengthInvalid: `Debe ser un número entero de 1 a ${SURVEY_TEXT_MAX_LENGTH}.`,
  lengthsCrossed: 'El mínimo no puede ser mayor que el máximo.',
  pageInvalid: 'Debe ser un número entero.',
} as const;

/** The most characters of a survey's title. */
export const SURVEY_TITLE_MAX = 120;
/** The most characters of a survey's introduction. */
export const SURVEY_INTRO_MAX = 2000;
/** The most questions a survey may have. */
export const SURVEY_MAX_QUESTIONS = 50;
/** The most characters of a question's prompt (and of its help). */
export const SURVEY_PROMPT_MAX = 300;
/** The most characters of an option. */
export const SURVEY_OPTION_MAX = 120;
/** The most characters of a rating end's words. */
export const SURVEY_LABEL_MAX = 60;
/** The text answers a page holds. */
export const SURVEY_TEXT_ANSWERS_PER_PAGE = 20;

/**
 * Where a survey is: a `draft` (never shown to the pharmacists), `upcoming` (scheduled), `open`
 * (the portal takes answers) or `closed`.
 */
export const AdminSurveyStatusSchema = z.enum(['draft', 'upcoming', 'open', 'closed']);
export type AdminSurveyStatus = z.infer<typeof AdminSurveyStatusSchema>;

/** The Spanish word of each status, as the back office shows it. */
export const ADMIN_SURVEY_STATUS_LABELS: Readonly<Record<AdminSurveyStatus, string>> = {
  draft: 'Borrador',
  upcoming: 'Próxima',
  open: 'Abierta',
  closed: 'Cerrada',
};

/** A survey's opening or close on Madrid's wall clock, as a `datetime-local` field writes it. */
const SurveyMinuteSchema = madridWallClockSchema(ADMIN_SURVEY_MESSAGES.dateInvalid);

const optionalHelp = z.nullable(trimmedText(SURVEY_PROMPT_MAX, ADMIN_SURVEY_MESSAGES.helpTooLong));

/** An option as the editor sends it: its id when it already exists, the label. */
export const SurveyOptionInputSchema = z.strictObject({
  id: z.optional(IdSchema),
  label: trimmedText(
    SURVEY_OPTION_MAX,
    ADMIN_SURVEY_MESSAGES.optionTooLong,
    ADMIN_SURVEY_MESSAGES.optionRequired,
  ),
});
export type SurveyOptionInput = z.infer<typeof SurveyOptionInputSchema>;

const OptionsInputSchema = z.array(SurveyOptionInputSchema, ADMIN_SURVEY_MESSAGES.optionsRequired).check(
  z.minLength(2, ADMIN_SURVEY_MESSAGES.optionsRequired),
  z.maxLength(SURVEY_MAX_OPTIONS, ADMIN_SURVEY_MESSAGES.tooManyOptions),
  z.superRefine((options, context) => {
    const seen = new Set<string>();
    options.forEach((option, index) => {
      const key = option.label.toLocaleLowerCase('es-ES');
      if (seen.has(key))
        context.issues.push({
          code: 'custom',
          input: option.label,
          message: ADMIN_SURVEY_MESSAGES.optionRepeated,
          path: [index, 'label'],
        });
      seen.add(key);
    });
  }),
);

const LengthSchema = z
  .int(ADMIN_SURVEY_MESSAGES.lengthInvalid)
  .check(
    z.gte(1, ADMIN_SURVEY_MESSAGES.lengthInvalid),
    z.lte(SURVEY_TEXT_MAX_LENGTH, ADMIN_SURVEY_MESSAGES.lengthInvalid),
  );

const questionInputBase = {
  /** The question's id when it already exists (kept, so its answers stay its own). */
  id: z.optional(IdSchema),
  prompt: trimmedText(
    SURVEY_PROMPT_MAX,
    ADMIN_SURVEY_MESSAGES.promptTooLong,
    ADMIN_SURVEY_MESSAGES.promptRequired,
  ),
  help: optionalHelp,
  required: z.boolean(),
};

/**
 * A question as the editor sends it, by kind: `single` and `multiple` with their options (2 or more;
 * `max_choices` at most their number), `rating` with the words of both ends, `text` with its length
 * limits.
 */
export const SurveyQuestionInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...questionInputBase, kind: z.literal('single'), options: OptionsInputSchema }),
  z
    .strictObject({
      ...questionInputBase,
      kind: z.literal('multiple'),
      options: OptionsInputSchema,
      max_choices: z.nullable(
        z
          .int(ADMIN_SURVEY_MESSAGES.maxChoicesInvalid)
          .check(z.gte(1, ADMIN_SURVEY_MESSAGES.maxChoicesInvalid), z.lte(SURVEY_MAX_OPTIONS)),
      ),
    })
    .check(
      z.refine(
        (question) => question.max_choices === null || question.max_choices <= question.options.length,
        {
          message: ADMIN_SURVEY_MESSAGES.maxChoicesInvalid,
          path: ['max_choices'],
        },
      ),
    ),
  z.strictObject({
    ...questionInputBase,
    kind: z.literal('rating'),
    min_label: trimmedText(
      SURVEY_LABEL_MAX,
      ADMIN_SURVEY_MESSAGES.labelTooLong,
      ADMIN_SURVEY_MESSAGES.labelRequired,
    ),
    max_label: trimmedText(
      SURVEY_LABEL_MAX,
      ADMIN_SURVEY_MESSAGES.labelTooLong,
      ADMIN_SURVEY_MESSAGES.labelRequired,
    ),
  }),
  z
    .strictObject({
      ...questionInputBase,
      kind: z.literal('text'),
      min_length: z.nullable(LengthSchema),
      max_length: LengthSchema,
    })
    .check(
      z.refine((question) => question.min_length === null || question.min_length <= question.max_length, {
        message: ADMIN_SURVEY_MESSAGES.lengthsCrossed,
        path: ['min_length'],
      }),
    ),
]);
export type SurveyQuestionInput = z.infer<typeof SurveyQuestionInputSchema>;

/**
 * `POST /api/v1/admin/surveys` and `PUT /api/v1/admin/surveys/{id}`: the whole survey as the editor
 * holds it. The questions in their order (an `id` keeps an existing question; one left out is
 * removed). `opens_at`/`closes_at` on Madrid's wall clock, the close after the opening (422 under
 * `closes_at`). `draft`: kept out of the portal whatever its dates.
 */
export const SurveyInputSchema = z
  .strictObject({
    title: trimmedText(
      SURVEY_TITLE_MAX,
      ADMIN_SURVEY_MESSAGES.titleTooLong,
      ADMIN_SURVEY_MESSAGES.titleRequired,
    ),
    intro: trimmedText(SURVEY_INTRO_MAX, ADMIN_SURVEY_MESSAGES.introTooLong),
    opens_at: SurveyMinuteSchema,
    closes_at: SurveyMinuteSchema,
    draft: z.boolean(),
    questions: z
      .array(SurveyQuestionInputSchema, ADMIN_SURVEY_MESSAGES.questionsRequired)
      .check(
        z.minLength(1, ADMIN_SURVEY_MESSAGES.questionsRequired),
        z.maxLength(SURVEY_MAX_QUESTIONS, ADMIN_SURVEY_MESSAGES.tooManyQuestions),
      ),
  })
  .check(
    z.refine(
      // The same minute passes here: the server compares the instants, which may differ within it
      // (a survey opened and closed now, saved as shown).
      (survey) =>
        !isMadridWallClock(survey.opens_at) ||
        !isMadridWallClock(survey.closes_at) ||
        survey.closes_at >= survey.opens_at,
      { message: ADMIN_SURVEY_MESSAGES.closesBeforeOpens, path: ['closes_at'] },
    ),
  );
export type SurveyInput = z.infer<typeof SurveyInputSchema>;

/** A survey as the back office's list shows it. */
export const AdminSurveySummarySchema = z.object({
  id: IdSchema,
  title: z.string(),
  status: AdminSurveyStatusSchema,
  opens_at: DateTimeSchema,
  closes_at: DateTimeSchema,
  questions: z.int().check(z.gte(0)),
  /** The responses the staff member may see (a sales rep: his pharmacies'). */
  responses: z.int().check(z.gte(0)),
  created_at: DateTimeSchema,
});
export type AdminSurveySummary = z.infer<typeof AdminSurveySummarySchema>;

/** `GET /api/v1/admin/surveys`: every survey, the latest to open first. */
export const AdminSurveysResponseSchema = dataList(AdminSurveySummarySchema);
export type AdminSurveysResponse = z.infer<typeof AdminSurveysResponseSchema>;

/** One survey whole: its questions as the portal shows them, its status and its responses. */
export const AdminSurveySchema = z.object({
  id: IdSchema,
  title: z.string(),
  intro: z.string(),
  status: AdminSurveyStatusSchema,
  opens_at: DateTimeSchema,
  closes_at: DateTimeSchema,
  questions: z.array(SurveyQuestionSchema),
  responses: z.int().check(z.gte(0)),
  /** Whether its questions may still change (no response yet, from any pharmacy). */
  questions_editable: z.boolean(),
  created_at: DateTimeSchema,
});
export type AdminSurvey = z.infer<typeof AdminSurveySchema>;

/** `GET`, `POST`, `PUT …/surveys/{id}`, `…/open`, `…/close`: the survey. */
export const AdminSurveyResponseSchema = dataOf(AdminSurveySchema);
export type AdminSurveyResponse = z.infer<typeof AdminSurveyResponseSchema>;

const CountSchema = z.int().check(z.gte(0));

const resultBase = {
  question_id: IdSchema,
  prompt: z.string(),
  /** The responses that answered this question. */
  answered: CountSchema,
};

/** One question's results, by kind. */
export const SurveyQuestionResultSchema = z.discriminatedUnion('kind', [
  z.object({
    ...resultBase,
    kind: z.enum(['single', 'multiple']),
    /** Every option, in the question's order, with the responses that chose it. */
    options: z.array(z.object({ id: IdSchema, label: z.string(), count: CountSchema })),
  }),
  z.object({
    ...resultBase,
    kind: z.literal('rating'),
    min_label: z.string(),
    max_label: z.string(),
    /** Each rating from 1 to 5 with its responses. */
    distribution: z.array(
      z.object({
        value: z.int().check(z.gte(SURVEY_RATING_MIN), z.lte(SURVEY_RATING_MAX)),
        count: CountSchema,
      }),
    ),
    /** The mean rating, two decimals (null without answers). */
    mean: z.nullable(z.number()),
  }),
  z.object({ ...resultBase, kind: z.literal('text') }),
]);
export type SurveyQuestionResult = z.infer<typeof SurveyQuestionResultSchema>;

/** `GET /api/v1/admin/surveys/{id}/results`: the responses and each question's figures. */
export const SurveyResultsResponseSchema = dataOf(
  z.object({
    survey: AdminSurveySummarySchema,
    responses: CountSchema,
    questions: z.array(SurveyQuestionResultSchema),
  }),
);
export type SurveyResultsResponse = z.infer<typeof SurveyResultsResponseSchema>;
export type SurveyResults = SurveyResultsResponse['data'];

/** `GET …/results/{questionId}/answers`: a 1-based `page` of 20 text answers. */
export const SurveyTextAnswersQuerySchema = z.object({
  page: z.optional(
    z.coerce
      .number(ADMIN_SURVEY_MESSAGES.pageInvalid)
      .check(z.refine(Number.isInteger, ADMIN_SURVEY_MESSAGES.pageInvalid), z.gte(1), z.lte(100_000)),
  ),
});
export type SurveyTextAnswersQuery = z.infer<typeof SurveyTextAnswersQuerySchema>;

/** One text answer: the words and when they were last sent. */
export const SurveyTextAnswerSchema = z.object({ text: z.string(), answered_at: DateTimeSchema });
export type SurveyTextAnswer = z.infer<typeof SurveyTextAnswerSchema>;

/** The text answers to one question, newest first. */
export const SurveyTextAnswersResponseSchema = z.object({
  data: z.array(SurveyTextAnswerSchema),
  meta: PaginationMetaSchema,
});
export type SurveyTextAnswersResponse = z.infer<typeof SurveyTextAnswersResponseSchema>;
