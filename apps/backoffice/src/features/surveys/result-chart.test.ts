import type { SurveyQuestionResult } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { barWidth, meanText, resultBars, resultSummary, shareText } from './result-chart.tsx';

const rating: SurveyQuestionResult = {
  question_id: 3,
  kind: 'rating',
  prompt: '¿Qué te parece el portal?',
  answered: 3,
  min_label: 'Nada útil',
  max_label: 'Muy útil',
  distribution: [
    { value: 1, count: 0 },
    { value: 2, count: 0 },
    { value: 3, count: 1 },
    { value: 4, count: 1 },
    { value: 5, count: 1 },
  ],
  mean: 4,
};

describe("a question's results chart", () => {
  it('writes shares and means as Spanish does', () => {
    expect(shareText(2, 3)).toBe('67 %');
    expect(shareText(0, 0)).toBe('0 %');
    expect(meanText(4.2)).toBe('4,20 de 5');
    expect(meanText(null)).toBe('sin valoraciones');
  });

  it("draws each bar as its share of the question's answers", () => {
    expect(barWidth(1, 2)).toBe(50);
    expect(barWidth(3, 3)).toBe(100);
    expect(barWidth(0, 3)).toBe(0);
    expect(barWidth(1, 1000)).toBe(0.5);
  });

  it("labels a rating's ends with their words", () => {
    expect(resultBars(rating).map((bar) => bar.label)).toEqual([
      '1 · Nada útil',
      '2',
      '3',
      '4',
      '5 · Muy útil',
    ]);
  });

  it('sums the chart up in one sentence, figures and mean included', () => {
    expect(resultSummary(rating)).toBe(
      '¿Qué te parece el portal?: 3 respuestas. 1 · Nada útil, 0 respuestas (0 %); 2, 0 respuestas (0 %); 3, 1 respuesta (33 %); 4, 1 respuesta (33 %); 5 · Muy útil, 1 respuesta (33 %). Media: 4,00 de 5.',
    );
    expect(resultSummary({ question_id: 1, kind: 'single', prompt: 'P', answered: 0, options: [] })).toBe(
      'P: todavía sin respuestas.',
    );
  });
});
