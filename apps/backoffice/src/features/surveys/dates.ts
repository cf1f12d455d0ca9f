/**
 * The editor's dates as the staff type and read them, on Madrid's wall clock: `dd/mm/aaaa hh:mm`
 * (the back office's own way of writing a moment), sent to the API as `AAAA-MM-DDTHH:mm`.
 */
import { formatDateTime } from '@botica/domain';

const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2})[:.](\d{2})$/;

/**
 * A typed `dd/mm/aaaa hh:mm` as the API's Madrid minute, or null when it is not one (the API then
 * names the problem).
 * @example apiMinute('1/12/2026 9:05') // '2026-12-01T09:05'
 */
export function apiMinute(typed: string): string | null {
  const match = TYPED.exec(typed.trim());
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1) as [string, string, string, string, string];
  const pad = (text: string) => text.padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${minute}`;
}

/**
 * An instant as the editor shows it: `dd/mm/aaaa hh:mm` in Madrid.
 * @example typedMinute('2026-12-01T08:05:00.000Z') // '01/12/2026 09:05'
 */
export function typedMinute(instant: string | Date): string {
  return formatDateTime(instant);
}

/** A new survey's default dates: tomorrow at 09:00 to a month later at 23:59, Madrid. */
export function defaultWindow(now: Date = new Date()): { opensAt: string; closesAt: string } {
  const day = (offset: number) => typedMinute(new Date(now.getTime() + offset * 86_400_000)).slice(0, 10);
  return { opensAt: `${day(1)} 09:00`, closesAt: `${day(31)} 23:59` };
}
