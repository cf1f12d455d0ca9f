/**
 * The dashboard's periods on the Madrid calendar, from one instant: today so far beside yesterday up
 * to the same time, this month so far beside the previous month up to the same day and time, and the
 * last 90 days. Pure: the tests give it any instant (a DST change, the 31st, the 1st of January).
 */
import { madridDay, madridInstant, madridMonth } from '@botica/domain';

/** A period: from `start` (included) to `end` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

/** The dashboard's periods. */
export interface DashboardWindows {
  today: Period;
  yesterday: Period;
  month: Period;
  previousMonth: Period;
  /** The whole current month (for the monthly cap). */
  wholeMonth: Period;
  /** The last `days` Madrid days, today included: first and last as YYYY-MM-DD, and when the first starts. */
  days: { firstDay: string; lastDay: string; since: Date };
}

/** The number of days the orders-per-day chart covers. */
export const DAYS_SHOWN = 90;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Madrid's wall-clock time of an instant, as hours, minutes and the milliseconds past the minute. */
function madridTime(instant: Date): { hour: number; minute: number; rest: number } {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    rest: Number(parts.second) * 1000 + instant.getUTCMilliseconds(),
  };
}

/** A calendar day `offset` days from another (UTC arithmetic on the date alone: no zone involved). */
function shiftDay(
  day: { year: number; month: number; day: number },
  offset: number,
): { year: number; month: number; day: number } {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + offset));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const isoDay = (day: { year: number; month: number; day: number }) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

/** The instant of Madrid's wall clock at `time` on `day`. */
function at(day: { year: number; month: number; day: number }, time: ReturnType<typeof madridTime>): Date {
  return new Date(madridInstant(day.year, day.month, day.day, time.hour, time.minute).getTime() + time.rest);
}

/** The dashboard's periods at `now`. */
export function dashboardWindows(now: Date, days = DAYS_SHOWN): DashboardWindows {
  const today = madridDay(now);
  const time = madridTime(now);
  const yesterday = shiftDay(today, -1);
  const month = madridMonth(now);
  const previousMonth = madridMonth(new Date(month.start.getTime() - 1));
  const previous = madridDay(previousMonth.start);
  // The previous month up to the same day: its last day when it is shorter (the 31st beside 30 days).
  const sameDay = at({ ...previous, day: today.day }, time);
  const previousEnd = sameDay.getTime() < month.start.getTime() ? sameDay : month.start;
  const firstDay = shiftDay(today, -(days - 1));
  return {
    today: { start: madridInstant(today.year, today.month, today.day), end: now },
    yesterday: {
      start: madridInstant(yesterday.year, yesterday.month, yesterday.day),
      end: at(yesterday, time),
    },
    month: { start: month.start, end: now },
    previousMonth: { start: previousMonth.start, end: previousEnd },
    wholeMonth: { start: month.start, end: month.end },
    days: {
      firstDay: isoDay(firstDay),
      lastDay: isoDay(today),
      since: madridInstant(firstDay.year, firstDay.month, firstDay.day),
    },
  };
}
