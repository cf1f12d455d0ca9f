/** A price range a person sets (the catalogue's price filter), in integer cents. */

/** A price range; `null` leaves that end open. */
export interface PriceRangeCents {
  minCents: number | null;
  maxCents: number | null;
}

/** A price range in order, and whether it had to be swapped to get there. */
export interface OrderedPriceRange extends PriceRangeCents {
  /** True when the minimum was above the maximum and the two were swapped: say so to the person. */
  isSwapped: boolean;
}

/**
 * Puts a price range in order: a minimum above the maximum is taken as the two typed the wrong way
 * round and swapped, and the answer says it was, so the screen can tell the person instead of
 * changing their numbers silently. An open end never swaps.
 * @example orderPriceRange({ minCents: 3000, maxCents: 1000 }) // { minCents: 1000, maxCents: 3000, isSwapped: true }
 * @example orderPriceRange({ minCents: 3000, maxCents: null }) // { minCents: 3000, maxCents: null, isSwapped: false }
 */
export function orderPriceRange({ minCents, maxCents }: PriceRangeCents): OrderedPriceRange {
  if (minCents !== null && maxCents !== null && minCents > maxCents) {
    return { minCents: maxCents, maxCents: minCents, isSwapped: true };
  }
  return { minCents, maxCents, isSwapped: false };
}
