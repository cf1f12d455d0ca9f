/**
 * A message's start and end as the staff type them: the browser's `datetime-local` text
 * (`2026-12-01T08:00`) read as Madrid's wall clock, whatever the computer's own time zone.
 */
import { madridInstant } from '@botica/domain';

const WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as Madrid's wall clock, in the `datetime-local` form.
 * @example madridLocalText('2026-07-01T15:00:00.000Z') // '2026-07-01T17:00'
 */
export function madridLocalText(value: string | Date): string {
  const parts = Object.fromEntries(
    WALL_CLOCK.formatToParts(new Date(value)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant Madrid's wall clock reads `text` (`aaaa-mm-ddThh:mm`), as ISO; null when it is not one.
 * @example madridIsoFromLocal('2026-12-01T08:00') // '2026-12-01T07:00:00.000Z'
 */
export function madridIsoFromLocal(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = madridInstant(year, month, day, hour, minute);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}
