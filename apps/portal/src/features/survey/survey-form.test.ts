import type { Survey } from '@botica/api-client/schemas';
import { SURVEY_MESSAGES } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { afterAnswer, answerText, checkForm, initialAnswers, serverProblems } from './survey-form.ts';

const survey: Survey = {
  id: 2,
  title: 'Te escuchamos',
  intro: 'Cuéntanos.',
  opens_at: '2026-03-01T00:00:00.000Z',
  closes_at: '2026-04-01T00:00:00.000Z',
  questions: [
    {
      id: 4,
      kind: 'single',
      prompt: '¿Frecuencia?',
      help: null,
      required: true,
      options: [
        { id: 1, label: 'Semanal' },
        { id: 2, label: 'Mensual' },
      ],
    },
    {
      id: 5,
      kind: 'rating',
      prompt: '¿Calidad?',
      help: null,
      required: true,
      min_label: 'Mala',
      max_label: 'Buena',
    },
    {
      id: 6,
      kind: 'multiple',
      prompt: '¿Gamas?',
      help: null,
      required: false,
      max_choices: 2,
      options: [
        { id: 1, label: 'Defensas' },
        { id: 2, label: 'Digestión' },
        { id: 3, label: 'Sueño' },
      ],
    },
    {
      id: 9,
      kind: 'text',
      prompt: '¿Mejoras?',
      help: null,
      required: false,
      min_length: null,
      max_length: 10,
    },
  ],
};
const [single, rating, multiple, text] = survey.questions as [
  Survey['questions'][number],
  Survey['questions'][number],
  Survey['questions'][number],
  Survey['questions'][number],
];

describe('the survey form', () => {
  it('starts from the stored answers, copied', () => {
    const stored = { '4': 1, '6': [1, 3] };
    const answers = initialAnswers(stored);
    expect(answers).toEqual(stored);
    (answers['6'] as number[]).push(2);
    expect(stored['6']).toEqual([1, 3]);
    expect(initialAnswers(undefined)).toEqual({});
  });

  it('checks with the domain’s rules before sending', () => {
    expect(checkForm(survey, { '6': [1, 2, 3], '9': 'x'.repeat(11) })).toEqual({
      ok: false,
      problems: {
        '4': SURVEY_MESSAGES.required,
        '5': SURVEY_MESSAGES.required,
        '6': 'Elige como máximo 2 opciones.',
        '9': 'Debe tener como máximo 10 caracteres.',
      },
    });
    expect(checkForm(survey, { '4': 2, '5': 5, '9': ' bien ' })).toEqual({
      ok: true,
      answers: { '4': 2, '5': 5, '9': 'bien' },
    });
  });

  it('clears a question’s message once fixed and leaves the others', () => {
    const problems = { '4': SURVEY_MESSAGES.required, '5': SURVEY_MESSAGES.required };
    expect(afterAnswer(problems, single, 2)).toEqual({ '5': SURVEY_MESSAGES.required });
    expect(afterAnswer(problems, rating, undefined)).toEqual(problems);
    expect(afterAnswer(problems, text, 'hola')).toBe(problems);
  });

  it('reads the server’s messages by question', () => {
    expect(
      serverProblems({ 'answers.5': ['Elige una valoración del 1 al 5.', 'otra'], answers: ['x'] }),
    ).toEqual({
      '5': 'Elige una valoración del 1 al 5.',
    });
  });

  it('reads answers back for the thank-you state', () => {
    expect(answerText(single, 2)).toBe('Mensual');
    expect(answerText(rating, 4)).toBe('4 de 5');
    expect(answerText(multiple, [3, 1])).toBe('Defensas, Sueño');
    expect(answerText(text, 'Más plazos')).toBe('Más plazos');
    expect(answerText(text, undefined)).toBeNull();
    expect(answerText(multiple, [])).toBeNull();
  });
});
