/**
 * The survey editor's state: the survey as the staff type it (texts, even in number fields), turned
 * into the API's request and checked with the request's own schema, so the editor shows the
 * server's Spanish messages under the same fields before anything is sent. Questions and options
 * carry a local key (React's, and the focus's after a move) beside their stored id.
 */
import {
  type AdminSurvey,
  type SurveyInput,
  SurveyInputSchema,
  type SurveyQuestionInput,
} from '@botica/api-client/admin';
import type { SurveyQuestion } from '@botica/api-client/schemas';
import type { SurveyQuestionKind } from '@botica/domain';
import { apiMinute, defaultWindow, typedMinute } from './dates.ts';

/** One option as typed. */
export interface EditorOption {
  key: string;
  id?: number;
  label: string;
}

/** One question as typed; the fields of every kind are kept, so changing the kind loses nothing. */
export interface EditorQuestion {
  key: string;
  id?: number;
  kind: SurveyQuestionKind;
  prompt: string;
  help: string;
  required: boolean;
  options: EditorOption[];
  /** Multiple choice: the most options an answer may pick ('' for any number). */
  maxChoices: string;
  minLabel: string;
  maxLabel: string;
  /** Text: the fewest characters ('' for none) and the most. */
  minLength: string;
  maxLength: string;
}

/** The survey as typed. */
export interface EditorSurvey {
  title: string;
  intro: string;
  /** `dd/mm/aaaa hh:mm`, Madrid. */
  opensAt: string;
  closesAt: string;
  draft: boolean;
  questions: EditorQuestion[];
}

/** The kinds of question with their Spanish names, in the editor's order. */
export const QUESTION_KINDS: ReadonlyArray<{ id: SurveyQuestionKind; label: string }> = [
  { id: 'single', label: 'Una opción' },
  { id: 'multiple', label: 'Varias opciones' },
  { id: 'rating', label: 'Valoración del 1 al 5' },
  { id: 'text', label: 'Texto libre' },
];

let counter = 0;
/** A key unique on the page. */
export function newKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A new question of a kind, with two empty options and the usual ends of a rating. */
export function blankQuestion(kind: SurveyQuestionKind = 'single'): EditorQuestion {
  return {
    key: newKey('q'),
    kind,
    prompt: '',
    help: '',
    required: true,
    options: [
      { key: newKey('o'), label: '' },
      { key: newKey('o'), label: '' },
    ],
    maxChoices: '',
    minLabel: 'Nada satisfecho',
    maxLabel: 'Muy satisfecho',
    minLength: '',
    maxLength: '1000',
  };
}

/** A new survey: a draft from tomorrow for a month, with one question. */
export function blankSurvey(now: Date = new Date()): EditorSurvey {
  const { opensAt, closesAt } = defaultWindow(now);
  return { title: '', intro: '', opensAt, closesAt, draft: true, questions: [blankQuestion()] };
}

function editorQuestion(question: SurveyQuestion): EditorQuestion {
  const blank = blankQuestion(question.kind);
  const base = {
    ...blank,
    id: question.id,
    prompt: question.prompt,
    help: question.help ?? '',
    required: question.required,
  };
  switch (question.kind) {
    case 'single':
      return { ...base, options: question.options.map((option) => ({ ...option, key: newKey('o') })) };
    case 'multiple':
      return {
        ...base,
        options: question.options.map((option) => ({ ...option, key: newKey('o') })),
        maxChoices: question.max_choices === null ? '' : String(question.max_choices),
      };
    case 'rating':
      return { ...base, minLabel: question.min_label, maxLabel: question.max_label };
    case 'text':
      return {
        ...base,
        minLength: question.min_length === null ? '' : String(question.min_length),
        maxLength: String(question.max_length),
      };
  }
}

/** A stored survey as the editor holds it. */
export function editorSurvey(survey: AdminSurvey): EditorSurvey {
  return {
    title: survey.title,
    intro: survey.intro,
    opensAt: typedMinute(survey.opens_at),
    closesAt: typedMinute(survey.closes_at),
    draft: survey.status === 'draft',
    questions: survey.questions.map(editorQuestion),
  };
}

/** A typed whole number, or the text itself so that the schema names the problem. */
function whole(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function questionInput(question: EditorQuestion): SurveyQuestionInput {
  const base = {
    ...(question.id === undefined ? {} : { id: question.id }),
    prompt: question.prompt,
    help: question.help.trim() === '' ? null : question.help,
    required: question.required,
  };
  const options = question.options.map((option) => ({
    ...(option.id === undefined ? {} : { id: option.id }),
    label: option.label,
  }));
  switch (question.kind) {
    case 'single':
      return { ...base, kind: 'single', options };
    case 'multiple':
      return {
        ...base,
        kind: 'multiple',
        options,
        max_choices: question.maxChoices.trim() === '' ? null : whole(question.maxChoices),
      };
    case 'rating':
      return { ...base, kind: 'rating', min_label: question.minLabel, max_label: question.maxLabel };
    case 'text':
      return {
        ...base,
        kind: 'text',
        min_length: question.minLength.trim() === '' ? null : whole(question.minLength),
        max_length: whole(question.maxLength),
      };
  }
}

/**
 * The request of the editor's survey. `frozen`: the stored questions, sent as they are when the
 * survey has responses (its questions cannot change).
 */
export function surveyRequest(editor: EditorSurvey, frozen?: readonly SurveyQuestion[]): SurveyInput {
  return {
    title: editor.title,
    intro: editor.intro,
    opens_at: apiMinute(editor.opensAt) ?? editor.opensAt,
    closes_at: apiMinute(editor.closesAt) ?? editor.closesAt,
    draft: editor.draft,
    questions: frozen ? ([...frozen] as SurveyQuestionInput[]) : editor.questions.map(questionInput),
  };
}

/** The problems of a request by field (`title`, `questions.0.options.1.label`…), as the server names them. */
export function requestProblems(request: SurveyInput): Record<string, string> {
  const result = SurveyInputSchema.safeParse(request);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

/** The server's field errors (a 422) as the editor's problems: the first message of each field. */
export function serverProblems(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}

/** The list with the item at `index` moved by `by` (−1 up, +1 down); the same list at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** The questions of the editor as the portal's survey shows them (a preview's), numbered by position. */
export function previewQuestions(editor: EditorSurvey): SurveyQuestion[] {
  return editor.questions.map(previewQuestion);
}

function previewQuestion(question: EditorQuestion, index: number): SurveyQuestion {
  const input = questionInput(question);
  const id = index + 1;
  const base = { id, prompt: input.prompt || `Pregunta ${id}`, help: input.help, required: input.required };
  switch (input.kind) {
    case 'single':
    case 'multiple': {
      const options = input.options.map((option, position) => ({
        id: position + 1,
        label: option.label || `Opción ${position + 1}`,
      }));
      return input.kind === 'single'
        ? { ...base, kind: 'single', options }
        : {
            ...base,
            kind: 'multiple',
            options,
            max_choices: Number.isInteger(input.max_choices) ? input.max_choices : null,
          };
    }
    case 'rating':
      return { ...base, kind: 'rating', min_label: input.min_label, max_label: input.max_label };
    case 'text':
      return {
        ...base,
        kind: 'text',
        min_length: Number.isInteger(input.min_length) ? input.min_length : null,
        max_length: Number.isInteger(input.max_length) ? input.max_length : 1000,
      };
  }
}
