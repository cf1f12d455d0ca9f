import { describe, expect, it } from 'vitest';
import { compareFigures } from './comparison.ts';

const DAY = { relative: 'respecto a ayer', period: 'ayer a esta hora' };
const MONTH = { relative: 'respecto al mes anterior', period: 'el mes anterior' };

describe('a figure beside the previous one, in words', () => {
  it('says the rise and the fall as a signed whole percentage', () => {
    expect(compareFigures(112, 100, DAY)).toEqual({
      trend: 'up',
      text: '+12\u00a0% respecto a ayer',
    });
    expect(compareFigures(95, 100, MONTH)).toEqual({
      trend: 'down',
      text: '\u22125\u00a0% respecto al mes anterior',
    });
    expect(compareFigures(2_500, 100, DAY).text).toBe('+2.400\u00a0% respecto a ayer');
  });

  it('says no change when the rounded percentage is nought', () => {
    expect(compareFigures(1001, 1000, DAY)).toEqual({
      trend: 'same',
      text: 'Sin cambios respecto a ayer',
    });
  });

  it('gives no percentage against nothing', () => {
    expect(compareFigures(3, 0, DAY)).toEqual({ trend: 'up', text: 'Más que ayer a esta hora (0)' });
    expect(compareFigures(0, 0, MONTH)).toEqual({ trend: 'same', text: 'Igual que el mes anterior (0)' });
  });
});
