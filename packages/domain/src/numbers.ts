/**
 * Whole numbers as es-ES text, without Intl: formatting a count must not start ICU (the locale
 * data) during a page's first render (apps/portal decision 006).
 */

/** Dots between thousands: '1234567' → '1.234.567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Formats a count of things (products, orders) as es-ES: a dot for thousands, four-digit counts
 * too, as `formatEuros` does.
 * @example formatCount(1234) // '1.234'
 * @example formatCount(0) // '0'
 * @throws RangeError when `count` is not a safe integer.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) {
    throw new RangeError(`count must be a safe integer, got ${String(count)}`);
  }
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`;
}

/**
 * Formats a percentage as es-ES text without Intl: a comma for decimals (at most two, rounded half
 * away from zero as the number was written, trailing zeros dropped), a dot for thousands, and a
 * no-break space (U+00A0) before '%', so the number and its sign never part at a line's end.
 * @example formatPercent(4) // '4 %' (with U+00A0)
 * @example formatPercent(4.35) // '4,35 %'
 * @example formatPercent(12.5) // '12,5 %'
 * @throws RangeError when `percent` is not a finite number or is 1e12 or more.
 */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent) || Math.abs(percent) >= 1e12) {
    throw new RangeError(`percent must be a finite number below 1e12, got ${String(percent)}`);
  }
  const magnitude = Math.abs(percent);
  // Scaling through the decimal text ('1.005e2') rounds the number as written, not its binary value;
  // below 1e-6 that text has an exponent of its own, and the number rounds to 0 anyway.
  const hundredths = magnitude < 1e-6 ? 0 : Math.round(Number(`${magnitude}e2`));
  const whole = groupThousands(String(Math.floor(hundredths / 100)));
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = percent < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}\u00a0%`;
}
