import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, groupThousands } from './numbers.ts';

describe('formatCount', () => {
  it('puts a dot between thousands, four-digit counts too', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.000');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(-2500)).toBe('-2.500');
  });

  it('refuses what is not a whole number', () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
    expect(() => formatCount(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('groupThousands', () => {
  it('groups digits from the right', () => {
    expect(groupThousands('12')).toBe('12');
    expect(groupThousands('123456')).toBe('123.456');
    expect(groupThousands('1234567890')).toBe('1.234.567.890');
  });
});

describe('formatPercent', () => {
  it('writes es-ES decimals, drops trailing zeros and keeps % with a no-break space', () => {
    expect(formatPercent(4)).toBe('4\u00a0%');
    expect(formatPercent(4.35)).toBe('4,35\u00a0%');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatPercent(4.3)).toBe('4,3\u00a0%');
    expect(formatPercent(0)).toBe('0\u00a0%');
    expect(formatPercent(100)).toBe('100\u00a0%');
    expect(formatPercent(1500)).toBe('1.500\u00a0%');
    expect(formatPercent(-2.5)).toBe('-2,5\u00a0%');
  });

  it('rounds to two decimals half away from zero, as the number was written', () => {
    expect(formatPercent(1.005)).toBe('1,01\u00a0%');
    expect(formatPercent(4.004)).toBe('4\u00a0%');
    expect(formatPercent(-0.001)).toBe('0\u00a0%');
    expect(formatPercent(1e-7)).toBe('0\u00a0%');
    expect(formatPercent(0.1 + 0.2)).toBe('0,3\u00a0%');
  });

  it('reads back as the number rounded to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (hundredths) => {
        const text = formatPercent(hundredths / 100);
        expect(text.endsWith('\u00a0%')).toBe(true);
        expect(text).not.toContain(' ');
        const parsed = Number(text.slice(0, -2).replaceAll('.', '').replace(',', '.'));
        expect(parsed).toBe(hundredths / 100);
      }),
    );
  });

  it('refuses what is not a finite number', () => {
    expect(() => formatPercent(Number.NaN)).toThrow(RangeError);
    expect(() => formatPercent(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatPercent(1e12)).toThrow(RangeError);
  });
});
