/**
 * A webinar's moments (Formación): before it, the minutes when its join link opens, while it
 * runs, and after it. The API decides with these whether to hand out the join link; the portal, what
 * to show.
 */
import type { DateInput } from './dates.ts';

/** The join link opens this many minutes before a webinar starts, and closes when it ends. */
export const WEBINAR_JOIN_WINDOW_MINUTES = 15;

/**
 * Where a webinar stands at a moment:
 * - `upcoming`: more than the join window before its start (signups open);
 * - `joinable`: from the join window before its start until its end (signups still open);
 * - `ended`: from its end on (signups closed; the recording, if any).
 */
export type WebinarPhase = 'upcoming' | 'joinable' | 'ended';

function toTime(value: DateInput): number {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a valid date: ${String(value)}`);
  return time;
}

/**
 * The phase of a webinar that starts at `startsAt` and lasts `durationMinutes`, at `now`.
 * @example webinarPhase('2026-05-20T15:00:00Z', 60, '2026-05-20T14:50:00Z') // 'joinable'
 * @throws RangeError for an invalid date or a duration that is not a positive whole number.
 */
export function webinarPhase(startsAt: DateInput, durationMinutes: number, now: DateInput): WebinarPhase {
  if (!Number.isSafeInteger(durationMinutes) || durationMinutes <= 0) {
    throw new RangeError(`a webinar lasts a positive whole number of minutes, got ${durationMinutes}`);
  }
  const start = toTime(startsAt);
  const end = start + durationMinutes * 60_000;
  const at = toTime(now);
  if (at >= end) return 'ended';
  if (at >= start - WEBINAR_JOIN_WINDOW_MINUTES * 60_000) return 'joinable';
  return 'upcoming';
}

/**
 * Whether a webinar is being broadcast at `now` ('En directo'): from its start until its end. The
 * join window before the start is not live yet: the room is open, the session has not begun.
 * @example isWebinarLive('2026-05-20T15:00:00Z', 60, '2026-05-20T14:50:00Z') // false
 * @example isWebinarLive('2026-05-20T15:00:00Z', 60, '2026-05-20T15:00:00Z') // true
 * @throws RangeError for an invalid date or a duration that is not a positive whole number.
 */
export function isWebinarLive(startsAt: DateInput, durationMinutes: number, now: DateInput): boolean {
  if (webinarPhase(startsAt, durationMinutes, now) !== 'joinable') return false;
  return toTime(now) >= toTime(startsAt);
}

/**
 * When a webinar ends.
 * @example webinarEnd('2026-05-20T15:00:00Z', 90).toISOString() // '2026-05-20T16:30:00.000Z'
 */
export function webinarEnd(startsAt: DateInput, durationMinutes: number): Date {
  return new Date(toTime(startsAt) + durationMinutes * 60_000);
}

/**
 * A duration in Spanish words: '45 min', '1 h', '1 h 30 min'.
 * @example formatDuration(90) // '1 h 30 min'
 */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
