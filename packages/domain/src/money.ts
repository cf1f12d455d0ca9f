/**
 * Money: integer euro cents inside the domain, euros as JSON numbers on the wire (docs/decisions/003).
 * Every conversion and every rounding of the product lives here.
 */

import { groupThousands } from './numbers.ts';

const MAX_SAFE_CENTS = Number.MAX_SAFE_INTEGER;

function assertCents(cents: number, name = 'cents'): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${name} must be a safe integer number of cents, got ${String(cents)}`);
  }
}

/**
 * Divides two integers and rounds the quotient half away from zero, without floating-point drift.
 * @example divideRounded(5, 2) // 3
 * @example divideRounded(-5, 2) // -3
 */
export function divideRounded(numerator: number, denominator: number): number {
  assertCents(numerator, 'numerator');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive safe integer, got ${String(denominator)}`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2));
  return magnitude === 0 ? 0 : sign * magnitude;
}

/**
 * Converts a wire amount in euros to integer cents, rounding half away from zero to the cent as the
 * decimal number was written (the shortest representation of the double), so float noise never leaks.
 * @example eurosToCents(12.5) // 1250
 * @example eurosToCents(0.1 + 0.2) // 30
 * @throws RangeError for NaN, infinities and amounts beyond the safe integer range of cents.
 */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`euros must be a finite number, got ${String(euros)}`);
  // Fast path for the usual amount, whole cents give or take float noise (a server prices thousands of
  // lines a second): below a million euros a double holds the cents to far better than 1e-6, so an
  // amount this close to whole cents is written with at most two decimals plus noise (…000x or …999x),
  // and the rounding as written below would give the same cents.
  const scaled = euros * 100;
  const whole = Math.round(scaled);
  if (Math.abs(scaled - whole) < 1e-6 && Math.abs(euros) < 1e6) return whole === 0 ? 0 : whole;
  return eurosToCentsAsWritten(euros);
}

/** `eurosToCents` from the decimal text of the amount. */
function eurosToCentsAsWritten(euros: number): number {
  const sign = euros < 0 ? -1 : 1;
  const text = String(Math.abs(euros));
  if (text.includes('e')) {
    // Exponent notation: below 1e-6 euros rounds to zero cents; 1e21 and above is out of range.
    if (Math.abs(euros) < 1) return 0;
    throw new RangeError(`euros out of range: ${text}`);
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const result = cents + roundUp;
  if (result > MAX_SAFE_CENTS) throw new RangeError(`euros out of range: ${text}`);
  return result === 0 ? 0 : sign * result;
}

/**
 * Converts integer cents to the wire's euro number (at most two decimals, exactly as written).
 * @example centsToEuros(123456) // 1234.56
 * @throws RangeError when `cents` is not a safe integer.
 */
export function centsToEuros(cents: number): number {
  assertCents(cents);
  const euros = cents / 100;
  return euros === 0 ? 0 : euros;
}

/**
 * Formats cents as es-ES euros: dot for thousands (four-digit amounts too, unlike plain `Intl`),
 * comma for decimals, always two decimals, a no-break space (U+00A0, as Intl's es-ES writes it) and
 * the euro sign, so an amount never parts from its sign at a line's end, in the portal, an e-mail or
 * a PDF alike. The only way an amount becomes text in Botica; `parseEuros` reads it back.
 * @example formatEuros(123456) // '1.234,56 €' (with U+00A0)
 * @example formatEuros(-50) // '-0,50 €' (with U+00A0)
 * @throws RangeError when `cents` is not a safe integer.
 */
export function formatEuros(cents: number): string {
  assertCents(cents);
  const magnitude = Math.abs(cents);
  const whole = groupThousands(String(Math.floor(magnitude / 100)));
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole},${fraction}\u00a0€`;
}

/**
 * Reads an amount a person typed in euros, as es-ES writes it: a decimal comma and, optionally, dots
 * between thousands (`1.234,56`), a euro sign and spaces around it. A dot followed by one or two digits
 * is read as a decimal point (`12.5`, typed on a keypad); a dot followed by three digits groups
 * thousands (`1.234` is 1234 euros). More than two decimals, a sign or anything else is not an amount.
 * @returns Integer cents, or `null` when the text is not an amount (an empty text included).
 * @example parseEuros('1.234,56 €') // 123456
 * @example parseEuros('12.5') // 1250
 * @example parseEuros('12,345') // null
 */
export function parseEuros(text: string): number | null {
  let compact = text.replace(/[\s\u00a0€]/g, '');
  if (/^\d*\.\d{1,2}$/.test(compact)) compact = compact.replace('.', ',');
  if (!/^(\d{1,3}(\.\d{3})+|\d*)(,\d{0,2})?$/.test(compact) || !/\d/.test(compact)) return null;
  const [whole, fraction] = compact.replaceAll('.', '').split(',');
  // Beyond what a double holds to the cent.
  if (whole !== undefined && whole.length > 13) return null;
  return Number(whole || '0') * 100 + Number((fraction ?? '').padEnd(2, '0'));
}

/**
 * The share `percent` of an amount in cents, rounded half away from zero to the cent. Percentages
 * are exact to two decimals (`2.5` and `12.75` are fine).
 * @example percentOfCents(1999, 10) // 200
 * @throws RangeError for a negative, non-finite or over-100 percentage.
 */
export function percentOfCents(cents: number, percent: number): number {
  assertCents(cents);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be between 0 and 100, got ${String(percent)}`);
  }
  const basisPoints = eurosToCents(percent); // two-decimal percent as an integer of hundredths
  return divideRounded(cents * basisPoints, 10_000);
}
