import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToEuros, divideRounded, eurosToCents, formatEuros, percentOfCents } from './money.ts';

describe('formatEuros', () => {
  it.each([
    [0, '0,00 €'],
    [1, '0,01 €'],
    [1250, '12,50 €'],
    [99999, '999,99 €'],
    [100000, '1.000,00 €'],
    [123456, '1.234,56 €'],
    [999999, '9.999,99 €'],
    [1234567, '12.345,67 €'],
    [123456789012, '1.234.567.890,12 €'],
    [-50, '-0,50 €'],
    [-123456, '-1.234,56 €'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => formatEuros(1.5)).toThrow(RangeError);
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
    expect(() => formatEuros(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('always reads back as the same number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatEuros(cents);
        const digits = text.replace(/[.\s€]/g, '').replace(',', '');
        expect(Number(digits)).toBe(cents);
        expect(text).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} €$/);
      }),
    );
  });
});

describe('eurosToCents and centsToEuros', () => {
  it('converts the wire euros exactly', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents(1234.56)).toBe(123456);
    expect(eurosToCents(0)).toBe(0);
    expect(eurosToCents(-0)).toBe(0);
    expect(eurosToCents(-12.34)).toBe(-1234);
    expect(eurosToCents(1e-7)).toBe(0);
  });

  it('rounds a third decimal half away from zero, as written', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(1.004)).toBe(100);
    expect(eurosToCents(-1.005)).toBe(-101);
    expect(eurosToCents(0.125)).toBe(13);
  });

  it('refuses NaN, infinities and amounts out of range', () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => eurosToCents(1e21)).toThrow(RangeError);
    expect(() => eurosToCents(1e17)).toThrow(RangeError);
    expect(() => centsToEuros(0.5)).toThrow(RangeError);
  });

  it('round-trips every amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
      }),
    );
    expect(Object.is(centsToEuros(0), 0)).toBe(true);
    expect(centsToEuros(123456)).toBe(1234.56);
  });

  it('never drifts when summing euro amounts through cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e7 }), { maxLength: 50 }), (centsList) => {
        const euros = centsList.map(centsToEuros);
        const floatSum = euros.reduce((a, b) => a + b, 0);
        const centSum = centsList.reduce((a, b) => a + b, 0);
        expect(eurosToCents(floatSum)).toBe(centSum);
      }),
    );
  });
});

describe('divideRounded', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(-4, 3)).toBe(-1);
    expect(divideRounded(0, 7)).toBe(0);
    expect(Object.is(divideRounded(-1, 3), 0)).toBe(true);
  });

  it('refuses a denominator that is not a positive integer', () => {
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
    expect(() => divideRounded(1, 1.5)).toThrow(RangeError);
  });

  it('is within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        expect(Math.abs(divideRounded(n, d) * d - n)).toBeLessThanOrEqual(d / 2);
      }),
    );
  });
});

describe('percentOfCents', () => {
  it('takes a percentage to the cent', () => {
    expect(percentOfCents(1999, 10)).toBe(200);
    expect(percentOfCents(20000, 2.5)).toBe(500);
    expect(percentOfCents(333, 12.75)).toBe(42);
    expect(percentOfCents(12345, 0)).toBe(0);
    expect(percentOfCents(12345, 100)).toBe(12345);
  });

  it('refuses percentages outside 0–100', () => {
    expect(() => percentOfCents(100, -1)).toThrow(RangeError);
    expect(() => percentOfCents(100, 100.01)).toThrow(RangeError);
    expect(() => percentOfCents(100, Number.NaN)).toThrow(RangeError);
  });
});
