import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decrementQuantity,
  incrementQuantity,
  normaliseQuantity,
  QUANTITY_MAX,
  QUANTITY_MIN,
  unitLabel,
  unitWord,
} from './quantity.ts';

describe('normaliseQuantity', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['3.9', 3],
    ['5 cajas', 5],
    [8, 8],
    [2.7, 2],
    ['abc', 1],
    ['', 1],
    ['0', 1],
    ['-4', 1],
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [null, 1],
    [undefined, 1],
    ['99999999999999999999', 9999],
    ['99999', 9999],
    [10000, 9999],
    [9999, 9999],
  ])('%j becomes %i', (input, expected) => {
    expect(normaliseQuantity(input)).toBe(expected);
  });

  it('always gives a whole number from 1 to 9999', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (input) => {
        const quantity = normaliseQuantity(input);
        expect(Number.isSafeInteger(quantity)).toBe(true);
        expect(quantity).toBeGreaterThanOrEqual(QUANTITY_MIN);
        expect(quantity).toBeLessThanOrEqual(QUANTITY_MAX);
      }),
    );
  });
});

describe('the minus and plus buttons', () => {
  it('never go below 1 nor above 9999', () => {
    expect(decrementQuantity(3)).toBe(2);
    expect(decrementQuantity(2)).toBe(1);
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(0)).toBe(1);
    expect(incrementQuantity(1)).toBe(2);
    expect(incrementQuantity(0)).toBe(2);
    expect(incrementQuantity(9999)).toBe(9999);
  });
});

describe('unitWord', () => {
  it("says 'unidad' for one unit and 'unidades' otherwise", () => {
    expect(unitWord(1)).toBe('unidad');
    expect(unitWord(2)).toBe('unidades');
    expect(unitWord(0)).toBe('unidades');
    expect(unitWord(1200)).toBe('unidades');
  });
});

describe('unitLabel', () => {
  it("says 'ud' for one unit and 'uds' otherwise", () => {
    expect(unitLabel(1)).toBe('ud');
    expect(unitLabel(2)).toBe('uds');
    expect(unitLabel(0)).toBe('uds');
    expect(unitLabel(100)).toBe('uds');
  });
});
