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
