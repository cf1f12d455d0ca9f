/**
 * The survey form's state, apart from React: the answers as the form holds them, the messages under
 * the questions (the domain's rules, or the server's 422), and what the thank-you state lists.
 */
import type { Survey, SurveyAnswers, SurveyQuestion } from '@botica/api-client/schemas';
import { checkSurveyAnswers, surveyAnswerProblem } from '@botica/domain';

/** The form's answers, by question id: what the fields hold, unanswered questions absent. */
export type FormAnswers = Record<string, number | number[] | string>;

/** The form's answers to start from: the stored ones when editing, none the first time. */
export function initialAnswers(stored: SurveyAnswers | undefined): FormAnswers {
  const answers: FormAnswers = {};
  for (const [id, value] of Object.entries(stored ?? {}))
    answers[id] = Array.isArray(value) ? [...value] : value;
  return answers;
}

/** What the form sends: the domain's check, or the first problem of each question at fault. */
export function checkForm(
  survey: Survey,
  answers: FormAnswers,
): { ok: true; answers: FormAnswers } | { ok: false; problems: Record<string, string> } {
  const check = checkSurveyAnswers(survey.questions, answers);
  return check.ok ? { ok: true, answers: check.answers as FormAnswers } : check;
}

/**
 * The messages after one question changed: its own problem is checked again (so a message goes
 * away as soon as it is fixed), the others stay as they were.
 */
export function afterAnswer(
  problems: Record<string, string>,
  question: SurveyQuestion,
  value: FormAnswers[string] | undefined,
): Record<string, string> {
  const key = String(question.id);
  if (!(key in problems)) return problems;
  const { [key]: _old, ...rest } = problems;
  const problem = surveyAnswerProblem(question, value);
  return problem === undefined ? rest : { ...rest, [key]: problem };
}

/** The server's 422 field errors (`answers.12`) as messages by question id, the first of each. */
export function serverProblems(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^answers\.(\d+)$/.exec(field);
    if (match?.[1] && messages[0]) problems[match[1]] = messages[0];
  }
  return problems;
}

/** An answer as the thank-you state reads it back ('4 de 5', 'Defensas, Digestión'), or null. */
export function answerText(question: SurveyQuestion, value: FormAnswers[string] | undefined): string | null {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  switch (question.kind) {
    case 'single':
      return question.options.find((option) => option.id === value)?.label ?? null;
    case 'multiple': {
      const ids = Array.isArray(value) ? value : [];
      return question.options
        .filter((option) => ids.includes(option.id))
        .map((option) => option.label)
        .join(', ');
    }
    case 'rating':
      return `${String(value)} de 5`;
    case 'text':
      return typeof value === 'string' ? value : null;
  }
}
