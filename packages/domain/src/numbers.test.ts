import { describe, expect, it } from 'vitest';
import { formatCount, groupThousands } from './numbers.ts';

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
