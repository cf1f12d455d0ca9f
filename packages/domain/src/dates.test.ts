import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  formatWeekdayDate,
  instantOfMadridWallClock,
  isMadridWallClock,
  madridDay,
  madridInstant,
  madridMonth,
  madridWallClock,
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

describe("a minute on Madrid's wall clock as a datetime-local field writes it", () => {
  const iso = (text: string) => instantOfMadridWallClock(text)?.toISOString() ?? null;

  it('reads and writes winter and summer time, whatever the machine’s zone', () => {
    expect(iso('2027-03-29T10:00')).toBe('2027-03-29T08:00:00.000Z');
    expect(iso('2027-03-27T10:00')).toBe('2027-03-27T09:00:00.000Z');
    expect(iso('2026-12-01T08:00')).toBe('2026-12-01T07:00:00.000Z');
    expect(iso('2026-07-01T17:00')).toBe('2026-07-01T15:00:00.000Z');
    expect(madridWallClock(new Date('2027-03-29T08:00:00Z'))).toBe('2027-03-29T10:00');
    expect(madridWallClock('2026-12-01T08:30:00Z')).toBe('2026-12-01T09:30');
    expect(madridWallClock('2026-12-01T08:05:59.999Z')).toBe('2026-12-01T09:05');
    // The Madrid day and year may be the next ones already.
    expect(madridWallClock('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(madridWallClock('2026-10-31T23:30:00Z')).toBe('2026-11-01T00:30');
    expect(madridWallClock(Date.UTC(2026, 6, 1, 15))).toBe('2026-07-01T17:00');
    expect(() => madridWallClock('mañana')).toThrow(RangeError);
  });

  it('crosses the spring change: the skipped hour reads as the hour after', () => {
    expect(iso('2027-03-28T01:59')).toBe('2027-03-28T00:59:00.000Z');
    expect(iso('2027-03-28T02:00')).toBe('2027-03-28T01:00:00.000Z');
    expect(iso('2027-03-28T02:30')).toBe('2027-03-28T01:30:00.000Z');
    expect(madridWallClock(iso('2027-03-28T02:30') ?? '')).toBe('2027-03-28T03:30');
    expect(iso('2027-03-28T03:00')).toBe('2027-03-28T01:00:00.000Z');
    expect(iso('2027-03-28T10:00')).toBe('2027-03-28T08:00:00.000Z');
    expect(madridWallClock('2027-03-28T00:59:00Z')).toBe('2027-03-28T01:59');
    expect(madridWallClock('2027-03-28T01:00:00Z')).toBe('2027-03-28T03:00');
  });

  it('crosses the autumn change: the repeated hour reads as its first (summer-time) occurrence', () => {
    expect(iso('2026-10-25T01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(iso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(iso('2026-10-25T10:00')).toBe('2026-10-25T09:00:00.000Z');
    expect(madridWallClock('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30');
    expect(madridWallClock('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30');
  });

  it('refuses what is not a real day and time in exactly that form', () => {
    for (const text of [
      '',
      'mañana',
      '2027-02-31T10:00',
      '2026-02-29T10:00',
      '2026-13-01T08:00',
      '2026-00-10T08:00',
      '2026-12-00T08:00',
      '2026-12-01T24:00',
      '2026-12-01T09:60',
      '2026-12-01 09:00',
      '2026-12-01T9:00',
      '2026-12-01T09:00:00',
      ' 2026-12-01T09:00',
      '2026-12-01T09:00Z',
      '01/12/2026 09:00',
      '29/03/2027 10:00',
      '2026-12-01',
      '1999-12-31T23:59',
      '2101-01-01T00:00',
    ]) {
      expect(isMadridWallClock(text), text).toBe(false);
      expect(instantOfMadridWallClock(text), text).toBeNull();
    }
    expect(isMadridWallClock('2028-02-29T10:00')).toBe(true);
    expect(isMadridWallClock('2000-01-01T00:00')).toBe(true);
    expect(isMadridWallClock('2100-12-31T23:59')).toBe(true);
  });

  it('reads back every minute it writes, and writes back every minute it reads outside the skipped hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 2), max: Date.UTC(2100, 11, 30) }), (ms) => {
        const minute = Math.floor(ms / 60_000) * 60_000;
        const text = madridWallClock(minute);
        expect(isMadridWallClock(text)).toBe(true);
        const back = instantOfMadridWallClock(text)?.getTime();
        // The autumn's repeated hour reads as its first occurrence, an hour earlier.
        expect(back === minute || back === minute - 3_600_000).toBe(true);
        expect(madridWallClock(back ?? Number.NaN)).toBe(text);
      }),
    );
  });

  it('writes back every real minute it reads, but those the spring change skips', () => {
    fc.assert(
      fc.property(
        fc.record({
          year: fc.integer({ min: 2000, max: 2100 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
        }),
        ({ year, month, day, hour, minute }) => {
          const pad = (value: number) => String(value).padStart(2, '0');
          const text = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
          const instant = instantOfMadridWallClock(text);
          expect(instant).not.toBeNull();
          const written = madridWallClock(instant ?? Number.NaN);
          const lastMarchSunday = 31 - new Date(Date.UTC(year, 2, 31)).getUTCDay();
          if (month === 3 && day === lastMarchSunday && hour === 2) {
            expect(written).toBe(`${year}-03-${pad(day)}T03:${pad(minute)}`);
          } else {
            expect(written).toBe(text);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
