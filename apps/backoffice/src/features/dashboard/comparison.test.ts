import { describe, expect, it } from 'vitest';
import { compareFigures } from './comparison.ts';

describe('a figure beside the previous one, in words', () => {
  it('says the rise and the fall as a signed whole percentage', () => {
    expect(compareFigures(112, 100, 'respecto a ayer')).toEqual({
      trend: 'up',
      text: '+12\u00a0% respecto a ayer',
    });
    expect(compareFigures(95, 100, 'respecto al mes anterior')).toEqual({
      trend: 'down',
      text: '\u22125\u00a0% respecto al mes anterior',
    });
    expect(compareFigures(2_500, 100, 'respecto a ayer').text).toBe('+2.400\u00a0% respecto a ayer');
  });

  it('says no change when the rounded percentage is nought', () => {
    expect(compareFigures(1001, 1000, 'respecto a ayer')).toEqual({
      trend: 'same',
      text: 'Sin cambios respecto a ayer',
    });
  });

  it('gives no percentage against nothing', () => {
    expect(compareFigures(3, 0, 'respecto a ayer')).toEqual({
      trend: 'up',
      text: 'Sube desde 0 respecto a ayer',
    });
    expect(compareFigures(0, 0, 'respecto a ayer')).toEqual({
      trend: 'same',
      text: 'Sin cambios: 0 respecto a ayer',
    });
  });
});
