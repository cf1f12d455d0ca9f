/** Spanish names of a purchases month (`aaaa-mm`), on Madrid's calendar. */

const longMonth = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  month: 'long',
  year: 'numeric',
});
const shortMonth = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', month: 'short' });

/** Noon of the month's 15th: the same month on Madrid's calendar whatever the zone. */
function middleOf(month: string): Date {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 15, 12));
}

/**
 * The month and year in words.
 * @example monthName('2026-03') // 'marzo de 2026'
 */
export function monthName(month: string): string {
  return longMonth.format(middleOf(month));
}

/**
 * The month's name in three letters, for an axis where twelve must fit a phone's width.
 * @example monthAbbreviation('2026-09') // 'sep'
 */
export function monthAbbreviation(month: string): string {
  return shortMonth.format(middleOf(month)).replace('.', '').slice(0, 3);
}
