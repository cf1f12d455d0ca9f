import { describe, expect, it } from 'vitest';
import { isSpanishNationalHoliday, spanishNationalHolidays } from './holidays.ts';

const days = (year: number) =>
  spanishNationalHolidays(year).map((holiday) => `${holiday.day}/${holiday.month}`);

describe('spanishNationalHolidays', () => {
  it('lists the ten national holidays in calendar order, Good Friday moving with Easter', () => {
    expect(days(2026)).toEqual([
      '1/1',
      '6/1',
      '3/4',
      '1/5',
      '15/8',
      '12/10',
      '1/11',
      '6/12',
      '8/12',
      '25/12',
    ]);
    expect(days(2025)).toContain('18/4');
    expect(days(2027)).toContain('26/3');
    expect(days(2024)).toContain('29/3');
    expect(days(2038)).toContain('23/4');
    expect(spanishNationalHolidays(2026).find((holiday) => holiday.day === 25)?.name).toBe(
      'Natividad del Señor',
    );
  });

  it('refuses a year outside the calendar it knows', () => {
    expect(() => spanishNationalHolidays(1982)).toThrow(RangeError);
    expect(() => spanishNationalHolidays(2026.5)).toThrow(RangeError);
  });
});

describe('isSpanishNationalHoliday', () => {
  it('tells holidays from working days', () => {
    expect(isSpanishNationalHoliday({ year: 2026, month: 12, day: 25 })).toBe(true);
    expect(isSpanishNationalHoliday({ year: 2026, month: 4, day: 3 })).toBe(true);
    expect(isSpanishNationalHoliday({ year: 2026, month: 4, day: 2 })).toBe(false);
    expect(isSpanishNationalHoliday({ year: 2026, month: 12, day: 24 })).toBe(false);
  });
});
