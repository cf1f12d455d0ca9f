import { describe, expect, it } from 'vitest';
import {
  checkSurveyAnswers,
  isSurveyAnswered,
  SURVEY_MESSAGES,
  SURVEY_TEXT_MAX_LENGTH,
  type SurveyQuestionRules,
  surveyAnswerProblem,
  surveyPhase,
  surveyTextLimit,
  tooManyChoicesMessage,
} from './survey.ts';

const single: SurveyQuestionRules = {
  id: 1,
  kind: 'single',
  required: true,
  options: [{ id: 11 }, { id: 12 }],
};
const multiple: SurveyQuestionRules = {
  id: 2,
  kind: 'multiple',
  required: false,
  options: [{ id: 21 }, { id: 22 }, { id: 23 }],
  max_choices: 2,
};
const rating: SurveyQuestionRules = { id: 3, kind: 'rating', required: true };
const text: SurveyQuestionRules = { id: 4, kind: 'text', required: false, min_length: 3, max_length: 10 };
const questions = [single, multiple, rating, text];

describe('surveyAnswerProblem', () => {
  it('asks for a required answer and lets an optional one go unanswered', () => {
    expect(surveyAnswerProblem(single, undefined)).toBe(SURVEY_MESSAGES.required);
    expect(surveyAnswerProblem(rating, null)).toBe(SURVEY_MESSAGES.required);
    expect(surveyAnswerProblem(text, '   ')).toBeUndefined();
    expect(surveyAnswerProblem(multiple, [])).toBeUndefined();
    expect(surveyAnswerProblem({ ...text, required: true }, '  ')).toBe(SURVEY_MESSAGES.required);
  });

  it('takes only an option of the question for a single choice', () => {
    expect(surveyAnswerProblem(single, 12)).toBeUndefined();
    expect(surveyAnswerProblem(single, 21)).toBe(SURVEY_MESSAGES.chooseOne);
    expect(surveyAnswerProblem(single, [11])).toBe(SURVEY_MESSAGES.chooseOne);
    expect(surveyAnswerProblem(single, '11')).toBe(SURVEY_MESSAGES.chooseOne);
  });

  it('takes the question’s options, at most max_choices of them, for a multiple choice', () => {
    expect(surveyAnswerProblem(multiple, [21, 23])).toBeUndefined();
    expect(surveyAnswerProblem(multiple, [21, 21, 23])).toBeUndefined();
    expect(surveyAnswerProblem(multiple, [21, 99])).toBe(SURVEY_MESSAGES.chooseSome);
    expect(surveyAnswerProblem(multiple, 21)).toBe(SURVEY_MESSAGES.chooseSome);
    expect(surveyAnswerProblem(multiple, [21, 22, 23])).toBe('Elige como máximo 2 opciones.');
  });

  it('takes a whole rating from 1 to 5', () => {
    for (const value of [1, 3, 5]) expect(surveyAnswerProblem(rating, value)).toBeUndefined();
    for (const value of [0, 6, 2.5, -1])
      expect(surveyAnswerProblem(rating, value)).toBe(SURVEY_MESSAGES.rating);
    expect(surveyAnswerProblem(rating, '5')).toBe(SURVEY_MESSAGES.rating);
  });

  it('counts a text’s characters after trimming, emoji as one', () => {
    expect(surveyAnswerProblem(text, '  hola  ')).toBeUndefined();
    expect(surveyAnswerProblem(text, '🌿🌿🌿🌿🌿🌿🌿🌿🌿🌿')).toBeUndefined();
    expect(surveyAnswerProblem(text, 'x'.repeat(11))).toBe('Debe tener como máximo 10 caracteres.');
    expect(surveyAnswerProblem(text, 'ab')).toBe('Debe tener al menos 3 caracteres.');
    expect(surveyAnswerProblem(text, 5)).toBe(SURVEY_MESSAGES.text);
    expect(surveyAnswerProblem({ id: 5, kind: 'text', required: false }, 'x'.repeat(2001))).toBe(
      'Debe tener como máximo 2.000 caracteres.',
    );
  });
});

describe('checkSurveyAnswers', () => {
  it('keeps the answered questions, trimmed and in the options’ order', () => {
    expect(checkSurveyAnswers(questions, { '1': 11, '2': [23, 21, 23], '3': 4, '4': '  bien ' })).toEqual({
      ok: true,
      answers: { '1': 11, '2': [21, 23], '3': 4, '4': 'bien' },
    });
    expect(checkSurveyAnswers(questions, { '1': 12, '2': [], '3': 5, '4': ' ' })).toEqual({
      ok: true,
      answers: { '1': 12, '3': 5 },
    });
  });

  it('names every question at fault, unknown ones too', () => {
    expect(checkSurveyAnswers(questions, { '2': [99], '3': 6, '77': 'x', __proto__: 1 } as never)).toEqual({
      ok: false,
      problems: {
        '1': SURVEY_MESSAGES.required,
        '2': SURVEY_MESSAGES.chooseSome,
        '3': SURVEY_MESSAGES.rating,
        '77': SURVEY_MESSAGES.unknownQuestion,
      },
    });
  });

  it('does not read answers from the prototype', () => {
    const answers = Object.create({ '1': 11, '3': 4 }) as Record<string, number>;
    expect(checkSurveyAnswers(questions, answers).ok).toBe(false);
  });
});

describe('isSurveyAnswered and surveyPhase', () => {
  it('tells an answer from none', () => {
    expect([undefined, null, '', ' \n', []].map(isSurveyAnswered)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 'a', [1]].map(isSurveyAnswered)).toEqual([true, true, true]);
  });

  it('opens at opens_at and closes at closes_at', () => {
    const survey = { opens_at: '2026-03-01T00:00:00Z', closes_at: '2026-04-01T00:00:00Z' };
    expect(surveyPhase(survey, new Date('2026-02-28T23:59:59Z'))).toBe('upcoming');
    expect(surveyPhase(survey, new Date('2026-03-01T00:00:00Z'))).toBe('open');
    expect(surveyPhase(survey, new Date('2026-03-31T23:59:59Z'))).toBe('open');
    expect(surveyPhase(survey, new Date('2026-04-01T00:00:00Z'))).toBe('closed');
  });
});

describe('survey rules at their edges', () => {
  it('says one option in the singular', () => {
    expect(tooManyChoicesMessage(1)).toBe('Elige como máximo 1 opción.');
  });

  it('takes the largest text when a question names no limit', () => {
    expect(surveyTextLimit({ id: 1, kind: 'text', required: false })).toBe(SURVEY_TEXT_MAX_LENGTH);
    expect(surveyTextLimit({ id: 1, kind: 'text', required: false, max_length: null })).toBe(
      SURVEY_TEXT_MAX_LENGTH,
    );
  });

  it('refuses any option of a choice question without options, and keeps the order it was given otherwise', () => {
    const bare = { id: 7, kind: 'multiple' as const, required: false };
    const check = checkSurveyAnswers([bare], { '7': [2, 1] });
    expect(check.ok).toBe(false);
    const single = { id: 8, kind: 'single' as const, required: false };
    expect(checkSurveyAnswers([single], { '8': 3 }).ok).toBe(false);
  });
});
