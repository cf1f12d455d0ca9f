/**
 * The laboratory's survey, 'Te escuchamos' (the /encuestas page, `GET /api/v1/driver/survey`):
 * the survey open now with the logged-in user's answers, and `PUT /api/v1/driver/survey/{id}/answer`
 * (an addition of this contract) to answer it or change the answers while it is open. The rules of
 * each answer are `@botica/domain`'s (`checkSurveyAnswers`); these schemas bound the shapes only.
 */
import { SURVEY_MAX_OPTIONS, SURVEY_TEXT_MAX_LENGTH } from '@botica/domain';
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common.ts';

/** One option of a choice question. */
export const SurveyOptionSchema = z.object({ id: IdSchema, label: z.string() });
export type SurveyOption = z.infer<typeof SurveyOptionSchema>;

const questionBase = {
  id: IdSchema,
  /** The question as the pharmacist reads it. */
  prompt: z.string(),
  /** A line of help under the question, if any. */
  help: z.nullable(z.string()),
  /** Whether the survey cannot be sent without an answer to it. */
  required: z.boolean(),
};

/**
 * A question, by kind: `single` (one option; the answer is its id), `multiple` (several options,
 * at most `max_choices`; the answer is their ids), `rating` (1–5, with the words of both ends),
 * `text` (free text of `min_length`–`max_length` characters).
 */
export const SurveyQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    ...questionBase,
    kind: z.literal('single'),
    options: z.array(SurveyOptionSchema).check(z.maxLength(SURVEY_MAX_OPTIONS)),
  }),
  z.object({
    ...questionBase,
    kind: z.literal('multiple'),
    options: z.array(SurveyOptionSchema).check(z.maxLength(SURVEY_MAX_OPTIONS)),
    max_choices: z.nullable(z.int().check(z.positive())),
  }),
  z.object({
    ...questionBase,
    kind: z.literal('rating'),
    /** What 1 means, e.g. 'Nada satisfecho'. */
    min_label: z.string(),
    /** What 5 means, e.g. 'Muy satisfecho'. */
    max_label: z.string(),
  }),
  z.object({
    ...questionBase,
    kind: z.literal('text'),
    min_length: z.nullable(z.int().check(z.gte(0))),
    max_length: z.int().check(z.positive(), z.lte(SURVEY_TEXT_MAX_LENGTH)),
  }),
]);
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

/** A survey of the laboratory: open from `opens_at` to `closes_at` (excluded). */
export const SurveySchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** Why the laboratory asks, in plain text. */
  intro: z.string(),
  opens_at: DateTimeSchema,
  closes_at: DateTimeSchema,
  questions: z.array(SurveyQuestionSchema),
});
export type Survey = z.infer<typeof SurveySchema>;

/** A question id as an answers key: JSON keys are texts. */
const QuestionKeySchema = z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'Pregunta desconocida.'));

/**
 * One answer: an option's id (single), the options' ids (multiple), the rating (rating) or the
 * text (text). Which one a question takes is checked by `@botica/domain`'s `checkSurveyAnswers`.
 */
export const SurveyAnswerValueSchema = z.union([
  z.int(),
  z.array(z.int()).check(z.maxLength(SURVEY_MAX_OPTIONS)),
  // Twice the longest answer: longer texts are refused here, shorter ones by the question's own limit.
  z.string().check(z.maxLength(SURVEY_TEXT_MAX_LENGTH * 2)),
]);
export type SurveyAnswerValue = z.infer<typeof SurveyAnswerValueSchema>;

/** Answers by question id. */
export const SurveyAnswersSchema = z.record(QuestionKeySchema, SurveyAnswerValueSchema);
export type SurveyAnswers = z.infer<typeof SurveyAnswersSchema>;

/** The logged-in user's stored answers to a survey. */
export const SurveyResponseSchema = z.object({
  answers: SurveyAnswersSchema,
  /** When the user first answered. */
  submitted_at: DateTimeSchema,
  /** When the user last changed the answers. */
  updated_at: DateTimeSchema,
});
export type SurveyResponse = z.infer<typeof SurveyResponseSchema>;

/** A survey with the logged-in user's answers (null until the user answers). */
export const SurveyWithResponseSchema = z.object({
  survey: SurveySchema,
  response: z.nullable(SurveyResponseSchema),
});
export type SurveyWithResponse = z.infer<typeof SurveyWithResponseSchema>;

/**
 * `GET /api/v1/driver/survey`: the survey open now and the user's answers; `data` is null when no
 * survey is open.
 */
export const CurrentSurveyResponseSchema = z.object({ data: z.nullable(SurveyWithResponseSchema) });
export type CurrentSurveyResponse = z.infer<typeof CurrentSurveyResponseSchema>;

/**
 * `PUT /api/v1/driver/survey/{id}/answer`: the user's answers (all of them: it replaces the stored
 * ones). 422 with the messages under `answers.{questionId}`; 409 when the survey is not open; 404
 * for an unknown survey. Answered with the survey and the stored answers.
 */
export const AnswerSurveyRequestSchema = z.strictObject({ answers: SurveyAnswersSchema });
export type AnswerSurveyRequest = z.infer<typeof AnswerSurveyRequestSchema>;

/** The answer of `PUT .../answer`: the survey and the answers as stored. */
export const AnswerSurveyResponseSchema = z.object({ data: SurveyWithResponseSchema });
