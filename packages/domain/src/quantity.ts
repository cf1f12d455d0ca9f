/** Quantities of a cart line. */

/** The smallest quantity a cart line can have. */
export const QUANTITY_MIN = 1;

/** The largest quantity a cart line can have: the fields stop there, and the server refuses more. */
export const QUANTITY_MAX = 9999;

/**
 * Parses what the pharmacist typed as a whole number of units: anything that is not a number, or is
 * below 1, becomes 1; more than `QUANTITY_MAX` becomes `QUANTITY_MAX`. Decimals are cut to their
 * integer part, as `parseInt` would.
 * @example normaliseQuantity('12') // 12
 * @example normaliseQuantity('abc') // 1
 * @example normaliseQuantity('0') // 1
 * @example normaliseQuantity('99999') // 9999
 */
export function normaliseQuantity(input: unknown): number {
  const parsed =
    typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input ?? '').trim(), 10);
  if (!Number.isFinite(parsed) || parsed < QUANTITY_MIN) return QUANTITY_MIN;
  return Math.min(parsed, QUANTITY_MAX);
}

/**
 * One unit less, never below 1 (the minus button).
 * @example decrementQuantity(1) // 1
 */
export function decrementQuantity(quantity: number): number {
  return Math.max(QUANTITY_MIN, normaliseQuantity(quantity) - 1);
}

/**
 * One unit more (the plus button), from a normalised quantity, never above `QUANTITY_MAX`.
 * @example incrementQuantity(1) // 2
 */
export function incrementQuantity(quantity: number): number {
  return Math.min(QUANTITY_MAX, normaliseQuantity(quantity) + 1);
}

/**
 * The unit label after a quantity: `'ud'` for 1, `'uds'` otherwise.
 * @example unitLabel(1) // 'ud'
 * @example unitLabel(3) // 'uds'
 */
export function unitLabel(quantity: number): 'ud' | 'uds' {
  return quantity === 1 ? 'ud' : 'uds';
}

/**
 * The word for units after a quantity, by the same rule as `unitLabel`: `'unidad'` for 1,
 * `'unidades'` otherwise.
 * @example unitWord(1) // 'unidad'
 * @example unitWord(4) // 'unidades'
 */
export function unitWord(quantity: number): 'unidad' | 'unidades' {
  return unitLabel(quantity) === 'ud' ? 'unidad' : 'unidades';
}
