import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  formatWeekdayDate,
  madridDay,
  madridInstant,
  madridMonth,
} from './dates.ts';

describe('formatTime, formatWeekdayDate, madridInstant and madridDay', () => {
  it('read and build Madrid wall-clock times in summer and winter', () => {
    expect(formatTime('2026-03-29T23:30:00Z')).toBe('01:30');
    expect(formatWeekdayDate('2026-11-19T16:00:00Z')).toBe('jueves, 19 de noviembre de 2026');
    expect(madridInstant(2026, 7, 1, 17, 0).toISOString()).toBe('2026-07-01T15:00:00.000Z');
    expect(madridInstant(2026, 1, 15, 17, 30).toISOString()).toBe('2026-01-15T16:30:00.000Z');
    // The day summer time starts (02:00 → 03:00): 17:00 is already UTC+2.
    expect(madridInstant(2026, 3, 29, 17, 0).toISOString()).toBe('2026-03-29T15:00:00.000Z');
    expect(madridInstant(2026, 10, 25, 17, 0).toISOString()).toBe('2026-10-25T16:00:00.000Z');
    expect(madridDay('2026-12-31T23:30:00Z')).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe('formatDate and formatDateTime', () => {
  it('show the day and time in Madrid, whatever the machine zone', () => {
    // 23:30 UTC on 29 March 2026 is already 01:30 of the 30th in Madrid (summer time, UTC+2).
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('30/03/2026');
    expect(formatDateTime('2026-03-29T23:30:00Z')).toBe('30/03/2026 01:30');
    // Winter time, UTC+1.
    expect(formatDateTime(new Date('2026-01-05T08:05:00Z'))).toBe('05/01/2026 09:05');
    expect(formatDate(Date.UTC(2026, 11, 31, 22, 59))).toBe('31/12/2026');
    expect(formatDate(Date.UTC(2026, 11, 31, 23, 0))).toBe('01/01/2027');
    expect(formatDateTime('2026-07-01T12:00:00+02:00')).toBe('01/07/2026 12:00');
  });

  it('writes the long date in Spanish', () => {
    expect(formatLongDate('2026-11-21T10:00:00Z')).toBe('21 de noviembre de 2026');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });
});

describe('madridMonth', () => {
  it('is the calendar month in Madrid, with its start and end instants', () => {
    expect(madridMonth(new Date('2026-10-31T23:30:00Z'))).toEqual({
      key: '2026-11',
      start: new Date('2026-10-31T23:00:00Z'),
      end: new Date('2026-11-30T23:00:00Z'),
    });
    expect(madridMonth('2026-03-15T12:00:00Z')).toEqual({
      key: '2026-03',
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    });
    expect(madridMonth('2026-12-31T22:59:59Z')).toEqual({
      key: '2026-12',
      start: new Date('2026-11-30T23:00:00Z'),
      end: new Date('2026-12-31T23:00:00Z'),
    });
  });

  it('always contains the instant it was asked about', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const month = madridMonth(ms);
        expect(month.start.getTime()).toBeLessThanOrEqual(ms);
        expect(month.end.getTime()).toBeGreaterThan(ms);
        expect(formatDate(month.start).slice(0, 2)).toBe('01');
        expect(formatDateTime(month.start).endsWith('00:00')).toBe(true);
      }),
    );
  });

  it('answers repeated calls of one month alike, and the edges of the months around it right', () => {
    const november = madridMonth('2026-11-21T10:00:00Z');
    expect(madridMonth('2026-11-02T08:00:00Z')).toEqual(november);
    // Mutating an answer never changes the next one.
    november.start.setTime(0);
    expect(madridMonth('2026-11-30T22:59:59.999Z').start).toEqual(new Date('2026-10-31T23:00:00Z'));
    expect(madridMonth('2026-11-30T23:00:00Z').key).toBe('2026-12');
    expect(madridMonth('2026-10-31T22:59:59.999Z').key).toBe('2026-10');
    expect(madridMonth('2026-11-15T12:00:00Z').key).toBe('2026-11');
  });
});
