/** Dates as the pharmacist reads them: es-ES, Europe/Madrid, whatever the machine's zone. */
import { LOCALE, TIME_ZONE } from './constants.ts';

/** A date as a `Date`, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number;

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const longDateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid date: ${String(value)}`);
  return date;
}

/**
 * A day as `dd/mm/aaaa` in Madrid.
 * @example formatDate('2026-03-29T23:30:00Z') // '30/03/2026'
 * @throws RangeError for an invalid date.
 */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/**
 * A moment as `dd/mm/aaaa HH:mm` (24-hour clock) in Madrid.
 * @example formatDateTime('2026-03-29T23:30:00Z') // '30/03/2026 01:30'
 * @throws RangeError for an invalid date.
 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return `${dateFormat.format(date)} ${timeFormat.format(date)}`;
}

/**
 * A day in words, for news and webinars.
 * @example formatLongDate('2026-11-21T10:00:00Z') // '21 de noviembre de 2026'
 * @throws RangeError for an invalid date.
 */
export function formatLongDate(value: DateInput): string {
  return longDateFormat.format(toDate(value));
}

/**
 * A time of day as `HH:mm` (24-hour clock) in Madrid.
 * @example formatTime('2026-03-29T23:30:00Z') // '01:30'
 * @throws RangeError for an invalid date.
 */
export function formatTime(value: DateInput): string {
  return timeFormat.format(toDate(value));
}

const weekdayDateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * A day in words with its weekday, for the webinar agenda.
 * @example formatWeekdayDate('2026-11-19T16:00:00Z') // 'jueves, 19 de noviembre de 2026'
 * @throws RangeError for an invalid date.
 */
export function formatWeekdayDate(value: DateInput): string {
  return weekdayDateFormat.format(toDate(value));
}

type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function madridParts(date: Date): WallClock {
  const parts = partsFormat.formatToParts(date).filter((part) => part.type !== 'literal');
  return Object.fromEntries(parts.map((part) => [part.type, Number(part.value)])) as WallClock;
}

/** The UTC instant at which Madrid's wall clock reads midnight on the given day. */
function madridMidnight(year: number, month: number, day: number): Date {
  const wallClock = Date.UTC(year, month - 1, day);
  let instant = wallClock;
  // Two passes settle the offset even if the first guess falls on the other side of a DST change.
  for (let pass = 0; pass < 2; pass += 1) {
    const local = madridParts(new Date(instant));
    const localAsUtc = Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour,
      local.minute,
      local.second,
    );
    instant = wallClock - (localAsUtc - instant);
  }
  return new Date(instant);
}

/**
 * The instant at which Madrid's wall clock reads the given day and time (the demo data's webinars
 * start at 17:00 in Madrid, summer or winter).
 * @example madridInstant(2026, 7, 1, 17, 0).toISOString() // '2026-07-01T15:00:00.000Z'
 */
export function madridInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const midnight = madridMidnight(year, month, day);
  // The hours are counted on the wall clock: across a DST change that day, correct by the offset.
  const guess = new Date(midnight.getTime() + (hour * 60 + minute) * 60_000);
  const local = madridParts(guess);
  const drift = (local.hour - hour) * 60 + (local.minute - minute);
  return new Date(guess.getTime() - drift * 60_000);
}

/** The Madrid calendar day of an instant: its year, month (1–12) and day. */
export function madridDay(value: DateInput): { year: number; month: number; day: number } {
  const { year, month, day } = madridParts(toDate(value));
  return { year, month, day };
}

/** The month `madridMonth` found last. */
let lastMonth: { key: string; start: Date; end: Date } | undefined;

/**
 * The calendar month (Europe/Madrid) that contains `now`, as the instants it starts and ends
 * (end exclusive) and its key `aaaa-mm`: what the monthly purchase cap counts.
 * @example madridMonth(new Date('2026-10-31T23:30:00Z')).key // '2026-11' (already November in Madrid)
 * @throws RangeError for an invalid date.
 */
export function madridMonth(now: DateInput): { key: string; start: Date; end: Date } {
  const date = toDate(now);
  const time = date.getTime();
  // The month of the previous call answers most calls (a server asks for "this month" all day).
  if (lastMonth && time >= lastMonth.start.getTime() && time < lastMonth.end.getTime()) {
    return { key: lastMonth.key, start: new Date(lastMonth.start), end: new Date(lastMonth.end) };
  }
  const { year, month } = madridParts(date);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const found = {
    key: `${year}-${String(month).padStart(2, '0')}`,
    start: madridMidnight(year, month, 1),
    end: madridMidnight(nextYear, nextMonth, 1),
  };
  lastMonth = found;
  return { key: found.key, start: new Date(found.start), end: new Date(found.end) };
}

/** `AAAA-MM-DDTHH:mm`, the form a `datetime-local` field writes. */
const WALL_CLOCK_FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** The years a wall-clock text may name (a mistyped century is refused, not stored). */
const WALL_CLOCK_YEARS = { min: 2000, max: 2100 } as const;

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** The numbers of a wall-clock text, or null unless it names a real day and time in that exact form. */
function wallClockParts(text: string): WallClock | null {
  const match = WALL_CLOCK_FORM.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < WALL_CLOCK_YEARS.min || year > WALL_CLOCK_YEARS.max || hour > 23 || minute > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, second: 0 };
}

/**
 * An instant as a minute on Madrid's wall clock, as a `datetime-local` field writes it
 * (`AAAA-MM-DDTHH:mm`, seconds dropped).
 * @example madridWallClock('2027-03-29T08:00:00Z') // '2027-03-29T10:00'
 * @example madridWallClock('2026-12-31T23:30:00Z') // '2027-01-01T00:30'
 * @throws RangeError for an invalid date.
 */
export function madridWallClock(value: DateInput): string {
  const { year, month, day, hour, minute } = madridParts(toDate(value));
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hour)}:${pad2(minute)}`;
}

/**
 * The instant Madrid's wall clock reads `AAAA-MM-DDTHH:mm`; null unless the text is a real day and
 * time (years 2000–2100) in exactly that form. A minute the spring change skips (02:00–02:59) reads
 * as the hour after it (02:30 → 03:30 summer time); a minute the autumn change repeats, as its first
 * (summer-time) occurrence.
 * @example instantOfMadridWallClock('2027-03-29T10:00')?.toISOString() // '2027-03-29T08:00:00.000Z'
 * @example instantOfMadridWallClock('2027-02-31T10:00') // null
 */
export function instantOfMadridWallClock(text: string): Date | null {
  const parts = wallClockParts(text);
  if (!parts) return null;
  const { year, month, day, hour, minute } = parts;
  const instant = madridInstant(year, month, day, hour, minute);
  // In the skipped hour the clock reads an hour earlier than asked: move on by what it lacks.
  const read = madridParts(instant);
  const lacking =
    Date.UTC(year, month - 1, day, hour, minute) -
    Date.UTC(read.year, read.month - 1, read.day, read.hour, read.minute);
  return new Date(instant.getTime() + lacking);
}

/**
 * Whether a text is a minute on Madrid's wall clock as a `datetime-local` field writes it: a real
 * day and time (years 2000–2100) as `AAAA-MM-DDTHH:mm`.
 * @example isMadridWallClock('2027-03-29T10:00') // true
 * @example isMadridWallClock('2027-02-31T10:00') // false (no 31 February)
 * @example isMadridWallClock('29/03/2027 10:00') // false
 */
export function isMadridWallClock(text: string): boolean {
  return wallClockParts(text) !== null;
}
