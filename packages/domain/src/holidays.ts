/**
 * Spain's national public holidays (fiestas laborales de ámbito nacional, Estatuto de los
 * Trabajadores art. 37.2 and RD 2001/1983): the days the whole country is off, which regions cannot
 * swap away. Regional and local holidays are not here.
 */

/** A calendar day and the holiday's name. */
export interface Holiday {
  month: number;
  day: number;
  name: string;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/**
 * The national holidays of a year, in calendar order.
 * @example spanishNationalHolidays(2026).map((h) => `${h.day}/${h.month}`) // ['1/1', '6/1', '3/4', '1/5', …]
 * @throws RangeError for a year that is not a whole number from 1983 to 9999.
 */
export function spanishNationalHolidays(year: number): Holiday[] {
  if (!Number.isSafeInteger(year) || year < 1983 || year > 9999) {
    throw new RangeError(`a year from 1983 to 9999, got ${year}`);
  }
  const easter = easterSunday(year);
  const goodFriday = new Date(Date.UTC(year, easter.month - 1, easter.day - 2));
  const holidays: Holiday[] = [
    { month: 1, day: 1, name: 'Año Nuevo' },
    { month: 1, day: 6, name: 'Epifanía del Señor' },
    { month: goodFriday.getUTCMonth() + 1, day: goodFriday.getUTCDate(), name: 'Viernes Santo' },
    { month: 5, day: 1, name: 'Fiesta del Trabajo' },
    { month: 8, day: 15, name: 'Asunción de la Virgen' },
    { month: 10, day: 12, name: 'Fiesta Nacional de España' },
    { month: 11, day: 1, name: 'Todos los Santos' },
    { month: 12, day: 6, name: 'Día de la Constitución Española' },
    { month: 12, day: 8, name: 'Inmaculada Concepción' },
    { month: 12, day: 25, name: 'Natividad del Señor' },
  ];
  return holidays.sort((x, y) => x.month - y.month || x.day - y.day);
}

/**
 * Whether a calendar day is a national holiday in Spain.
 * @example isSpanishNationalHoliday({ year: 2026, month: 12, day: 25 }) // true
 */
export function isSpanishNationalHoliday(date: { year: number; month: number; day: number }): boolean {
  return spanishNationalHolidays(date.year).some(
    (holiday) => holiday.month === date.month && holiday.day === date.day,
  );
}
