/**
 * A CSV writer for Spanish spreadsheets (Excel and LibreOffice with es-ES settings open it as is):
 * UTF-8 with a byte-order mark, `;` between fields, CRLF between records, amounts with a decimal comma
 * and no thousands separator (`1234,50`) and days as `dd/mm/aaaa` in Madrid. A text that a spreadsheet
 * would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
 * leading `'`, so a pharmacy's name can never become a formula on a staff member's computer.
 */
import { formatDate } from '@botica/domain';

/** What opens the file: the byte-order mark that tells a spreadsheet it is UTF-8. */
export const CSV_BOM = '\uFEFF';

/** What ends a record. */
export const CSV_NEWLINE = '\r\n';

/** The field separator of a Spanish spreadsheet (the comma is its decimal mark). */
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * A text field: guarded against formulas, and quoted (its quotes doubled) when it holds the
 * separator, a quote or a line break.
 * @example csvText('Farmacia "La Plaza"; Soria') // '"Farmacia ""La Plaza""; Soria"'
 * @example csvText('=SUMA(A1)') // "'=SUMA(A1)"
 */
export function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * An amount in integer cents as a Spanish spreadsheet reads a number: decimal comma, two decimals,
 * no thousands separator.
 * @example csvCents(123450) // '1234,50'
 * @example csvCents(-5) // '-0,05'
 */
export function csvCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole},${fraction}`;
}

/**
 * A whole number field.
 * @example csvInteger(12) // '12'
 */
export function csvInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  return String(value);
}

/**
 * The Madrid day of an instant, `dd/mm/aaaa`.
 * @example csvDay(new Date('2026-03-29T23:30:00Z')) // '30/03/2026'
 */
export function csvDay(value: Date | string): string {
  return formatDate(value);
}

/**
 * One record: the fields (each already written by `csvText`, `csvCents`, `csvInteger` or `csvDay`)
 * joined by the separator, ended by CRLF.
 */
export function csvRecord(fields: readonly string[]): string {
  return fields.join(CSV_SEPARATOR) + CSV_NEWLINE;
}
