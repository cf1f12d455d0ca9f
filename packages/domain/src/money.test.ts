import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  divideRounded,
  eurosToCents,
  formatEuros,
  parseEuros,
  percentOfCents,
} from './money.ts';

describe('formatEuros', () => {
  it.each([
    [0, '0,00\u00a0€'],
    [1, '0,01\u00a0€'],
    [1250, '12,50\u00a0€'],
    [99999, '999,99\u00a0€'],
    [100000, '1.000,00\u00a0€'],
    [123456, '1.234,56\u00a0€'],
    [999999, '9.999,99\u00a0€'],
    [1234567, '12.345,67\u00a0€'],
    [123456789012, '1.234.567.890,12\u00a0€'],
    [-50, '-0,50\u00a0€'],
    [-123456, '-1.234,56\u00a0€'],
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
        expect(text).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
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

  it('gives the cents of the amount as written, on the fast path as on the slow one', () => {
    const asWritten = (euros: number): number => {
      const [whole = '0', fraction = ''] = String(Math.abs(euros)).split('.');
      const cents = Number(whole) * 100 + Number(fraction.padEnd(3, '0').slice(0, 2));
      const result = cents + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
      return result === 0 ? 0 : Math.sign(euros) * result;
    };
    const cents = fc.integer({ min: -99_999_999, max: 99_999_999 });
    const amounts = fc.oneof(
      // Any double, mostly far from whole cents (the slow path).
      fc.double({ min: -999_999, max: 999_999, noNaN: true }),
      // Amounts near whole cents: wire euros, sums and products of them, and tiny noise (the fast path).
      cents.map((c) => c / 100),
      fc.tuple(cents, cents).map(([a, b]) => a / 100 + b / 100),
      fc.tuple(cents, fc.integer({ min: 1, max: 99 })).map(([a, n]) => (a / 100) * n),
      fc.tuple(cents, fc.integer({ min: -3000, max: 3000 })).map(([a, k]) => a / 100 + k * 1e-12),
    );
    fc.assert(
      fc.property(amounts, (euros) => {
        fc.pre(!String(euros).includes('e') && Math.abs(euros) < 999_999.995);
        expect(eurosToCents(euros)).toBe(asWritten(euros));
      }),
      { numRuns: 5_000 },
    );
    const noisy = [
      0.1 + 0.2,
      1.1 * 3,
      19.99 * 3,
      0.07 * 100,
      4.35 * 100,
      1.15 + 2.3,
      999_999.99,
      0.01 - 0.03,
    ];
    for (const euros of noisy) expect(eurosToCents(euros)).toBe(asWritten(euros));
    for (const euros of [1.005, 2.675, 1.0049999, 12.339999999, 12.3400000001, -0.125])
      expect(eurosToCents(euros)).toBe(asWritten(euros));
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

describe('parseEuros', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1.234,56 €', 123456],
    ['  12,5\u00a0€ ', 1250],
    ['12,', 1200],
    [',5', 50],
    ['0', 0],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1.234', 123400],
    ['1.234.567', 123456700],
    ['20', 2000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each([
    [''],
    ['  '],
    ['€'],
    ['abc'],
    ['12,345'],
    ['1.2345'],
    ['12.3.4'],
    ['-5'],
    ['+5'],
    ['1,2,3'],
    ['5e3'],
    ['12345678901234'],
  ])('does not read %j as an amount', (text) => {
    expect(parseEuros(text)).toBeNull();
  });

  it('reads back every amount formatEuros writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        expect(parseEuros(formatEuros(cents))).toBe(cents);
      }),
    );
  });
});
