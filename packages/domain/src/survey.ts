/**
 * The rules of the laboratory's survey ('Te escuchamos'): which answer each kind of question takes
 * and the Spanish message of each problem. The portal checks a form with them before sending it and
 * the server checks the request with them again, so both say the same thing under the same question.
 * Answers are keyed by the question's id, as the wire carries them.
 */
import { formatCount } from './numbers.ts';

/** The kinds of question: one option, several options, a 1–5 rating, free text. */
export type SurveyQuestionKind = 'single' | 'multiple' | 'rating' | 'text';

/** The lowest rating. */
export const SURVEY_RATING_MIN = 1;
/** The highest rating. */
export const SURVEY_RATING_MAX = 5;
/** The longest free-text answer any question may allow (a question may allow less). */
export const SURVEY_TEXT_MAX_LENGTH = 2000;
/** The most options a choice question may have. */
export const SURVEY_MAX_OPTIONS = 30;

/** What a question's rules need to know of it (the wire's question satisfies it). */
export interface SurveyQuestionRules {
  id: number;
  kind: SurveyQuestionKind;
  required: boolean;
  /** The options of a single or multiple choice question. */
  options?: readonly { id: number }[];
  /** The most options a multiple choice answer may pick (null: any number). */
  max_choices?: number | null;
  /** The fewest characters of a free-text answer, when one is given (null: any). */
  min_length?: number | null;
  /** The most characters of a free-text answer. @default SURVEY_TEXT_MAX_LENGTH */
  max_length?: number | null;
}

/**
 * One question's answer as the wire carries it: an option's id (single), the options' ids
 * (multiple), a rating of 1–5 (rating) or a text (text).
 */
export type SurveyAnswerValue = number | readonly number[] | string;

/** Answers by question id (as a text, the way JSON keys are). */
export type SurveyAnswers = Readonly<Record<string, SurveyAnswerValue>>;

/** The Spanish messages of the survey's rules. */
export const SURVEY_MESSAGES = {
  required: 'Esta pregunta es obligatoria.',
  chooseOne: 'Elige una de las opciones de la pregunta.',
  chooseSome: 'Elige opciones de la pregunta.',
  rating: `Elige una valoración del ${SURVEY_RATING_MIN} al ${SURVEY_RATING_MAX}.`,
  text: 'Escribe tu respuesta como texto.',
  unknownQuestion: 'Esta pregunta no forma parte de la encuesta.',
  /** The answer sent to a survey that has closed. */
  closed: 'Esta encuesta ya se ha cerrado y no admite más respuestas.',
  /** The answer sent to a survey that has not opened yet. */
  notOpen: 'Esta encuesta todavía no está abierta.',
} as const;

/**
 * The message of a multiple choice answer with too many options.
 * @example tooManyChoicesMessage(2) // 'Elige como máximo 2 opciones.'
 */
export function tooManyChoicesMessage(max: number): string {
  return max === 1 ? 'Elige como máximo 1 opción.' : `Elige como máximo ${formatCount(max)} opciones.`;
}

/** The message of a text over its limit: the server's own wording for any text field. */
export function textTooLongMessage(max: number): string {
  return `Debe tener como máximo ${formatCount(max)} caracteres.`;
}

/** The message of a text under its minimum. */
export function textTooShortMessage(min: number): string {
  return `Debe tener al menos ${formatCount(min)} caracteres.`;
}

/**
 * Whether a value counts as an answer: a blank text or an empty list is no answer (the question is
 * then unanswered, which only a required question minds).
 */
export function isSurveyAnswered(value: SurveyAnswerValue | undefined | null): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The most characters a free-text question takes. */
export function surveyTextLimit(question: SurveyQuestionRules): number {
  return Math.min(question.max_length ?? SURVEY_TEXT_MAX_LENGTH, SURVEY_TEXT_MAX_LENGTH);
}

function optionIds(question: SurveyQuestionRules): Set<number> {
  return new Set((question.options ?? []).map((option) => option.id));
}

/** A text's length as a person counts it: characters, not UTF-16 units (an emoji is one). */
function characters(text: string): number {
  return [...text].length;
}

/**
 * The first problem of one question's answer, or `undefined` when it may be sent. An unanswered
 * question is a problem only when it is required.
 * @example surveyAnswerProblem({ id: 3, kind: 'rating', required: true }, 6) // 'Elige una valoración del 1 al 5.'
 */
export function surveyAnswerProblem(
  question: SurveyQuestionRules,
  value: SurveyAnswerValue | undefined | null,
): string | undefined {
  if (!isSurveyAnswered(value)) return question.required ? SURVEY_MESSAGES.required : undefined;
  switch (question.kind) {
    case 'single':
      return typeof value === 'number' && optionIds(question).has(value)
        ? undefined
        : SURVEY_MESSAGES.chooseOne;
    case 'multiple': {
      if (!Array.isArray(value)) return SURVEY_MESSAGES.chooseSome;
      const allowed = optionIds(question);
      const ids = value as readonly unknown[];
      if (!ids.every((id) => typeof id === 'number' && allowed.has(id))) return SURVEY_MESSAGES.chooseSome;
      const max = question.max_choices;
      if (max != null && new Set(ids).size > max) return tooManyChoicesMessage(max);
      return undefined;
    }
    case 'rating':
      return Number.isInteger(value) &&
        (value as number) >= SURVEY_RATING_MIN &&
        (value as number) <= SURVEY_RATING_MAX
        ? undefined
        : SURVEY_MESSAGES.rating;
    case 'text': {
      if (typeof value !== 'string') return SURVEY_MESSAGES.text;
      const length = characters(value.trim());
      const max = surveyTextLimit(question);
      if (length > max) return textTooLongMessage(max);
      const min = question.min_length;
      if (min != null && length < min) return textTooShortMessage(min);
      return undefined;
    }
  }
}

/** The outcome of checking a whole survey's answers. */
export type SurveyAnswersCheck =
  | {
      ok: true;
      /** The answers to store: answered questions only, texts trimmed, options once each and sorted. */
      answers: Record<string, SurveyAnswerValue>;
    }
  | {
      ok: false;
      /** The first problem of each question at fault, by question id. */
      problems: Record<string, string>;
    };

function normalised(question: SurveyQuestionRules, value: SurveyAnswerValue): SurveyAnswerValue {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    const order = [...optionIds(question)];
    return [...new Set(value as readonly number[])].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  return value;
}

/**
 * Checks every answer of a survey: each question's rules, every required question answered, and no
 * answer to a question the survey does not have.
 * @example
 * const check = checkSurveyAnswers(survey.questions, { '12': 4, '13': [31, 33], '14': ' Muy útil ' });
 * if (!check.ok) showUnderQuestions(check.problems);
 */
export function checkSurveyAnswers(
  questions: readonly SurveyQuestionRules[],
  answers: SurveyAnswers,
): SurveyAnswersCheck {
  const problems: Record<string, string> = {};
  const stored: Record<string, SurveyAnswerValue> = {};
  const known = new Set(questions.map((question) => String(question.id)));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) problems[key] = SURVEY_MESSAGES.unknownQuestion;
  }
  for (const question of questions) {
    const key = String(question.id);
    const value = Object.hasOwn(answers, key) ? answers[key] : undefined;
    const problem = surveyAnswerProblem(question, value);
    if (problem !== undefined) problems[key] = problem;
    else if (value !== undefined && isSurveyAnswered(value)) stored[key] = normalised(question, value);
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, answers: stored };
}

/** Where a survey stands at a moment: not yet open, open, or closed. */
export type SurveyPhase = 'upcoming' | 'open' | 'closed';

/**
 * Where a survey stands at `now`: open from `opens_at` (included) to `closes_at` (excluded).
 * @example surveyPhase({ opens_at: '2026-03-01T00:00:00Z', closes_at: '2026-04-01T00:00:00Z' }, new Date('2026-03-18')) // 'open'
 */
export function surveyPhase(
  survey: { opens_at: string | Date; closes_at: string | Date },
  now: Date,
): SurveyPhase {
  const time = now.getTime();
  if (time < new Date(survey.opens_at).getTime()) return 'upcoming';
  return time < new Date(survey.closes_at).getTime() ? 'open' : 'closed';
}
