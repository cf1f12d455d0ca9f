/**
 * Volume pricing: the unit price a client pays for a quantity of one product, and the volume-price
 * table the product page shows. The server prices cart lines and `table-cartrules` with these
 * functions, and the portal draws its table with them, so the two never disagree.
 *
 * The rule: a tier's discount applies to the laboratory's price (`price`); the client pays the
 * lowest of its own price without tiers (its discount group's special price, if lower than `price`)
 * and the prices of the tiers its quantity reaches. A tier that does not beat the price the client
 * would pay anyway does not apply to that client.
 */
import { divideRounded, formatEuros, percentOfCents } from './money.ts';
import { unitLabel } from './quantity.ts';

/** A volume tier: from `minQuantity` units, `discountPercent` off the laboratory's price. */
export interface VolumeTier {
  /** The first quantity of the tier (a whole number, 1 or more). */
  minQuantity: number;
  /** The discount on the laboratory's price, in percent (0–100, at most two decimals). */
  discountPercent: number;
}

/** A client's prices of one product before volume tiers, in integer cents. */
export interface ClientUnitPrices {
  /** The laboratory's price (`price` on the wire): the tiers' discounts apply to it. */
  listCents: number;
  /**
   * The client's unit price without a tier: its special price when lower than `listCents`, else
   * `listCents` (`final_price ?? price` of a product on the wire; see `baseUnitCents`).
   */
  baseCents: number;
}

/** One tier with its price for a client. */
export interface VolumeTierPrice extends VolumeTier {
  /** The tier's unit price: the laboratory's price less the tier's discount, to the cent. */
  unitCents: number;
  /**
   * Whether the tier lowers this client's price: false when its price does not beat what the client
   * pays anyway at that quantity (its special price, or an earlier tier).
   */
  applies: boolean;
}

/** One row of the volume-price table: a range of quantities and the client's unit price in it. */
export interface VolumePriceRow {
  /** The first quantity of the row. */
  minQuantity: number;
  /** The last quantity of the row; `null` for the open-ended last row. */
  maxQuantity: number | null;
  /** The client's unit price for any quantity in the row, in cents. */
  unitCents: number;
  /**
   * The saving on the client's price without tiers (`baseCents`), in percent rounded half away
   * from zero to one decimal; 0 on the first row when no tier starts at 1 unit.
   */
  savingPercent: number;
  /** The tier that gives the row's price, or `null` for the row of the client's own price. */
  tier: VolumeTier | null;
  /** Whether the quantity in the cart falls in this row. */
  isCurrent: boolean;
}

/** A product's volume prices for one client, as the product page shows them. */
export interface VolumePriceTable {
  /** The laboratory's price, in cents. */
  listCents: number;
  /** The client's unit price without tiers, in cents. */
  baseCents: number;
  /** Whether the client has a special price below the laboratory's price. */
  hasSpecialPrice: boolean;
  /** Every tier in ascending quantity, with its price and whether it applies to the client. */
  tiers: VolumeTierPrice[];
  /**
   * The rows to show: the client's own price up to the first tier that applies, then one row per
   * tier that applies. Empty when no tier applies (the client's price already beats them all).
   */
  rows: VolumePriceRow[];
  /** The quantity of the product in the cart (0 when it is not in the cart). */
  quantity: number;
}

function assertCents(cents: number, name: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer of cents, got ${String(cents)}`);
  }
}

function assertTier(tier: VolumeTier): void {
  if (!Number.isSafeInteger(tier.minQuantity) || tier.minQuantity < 1) {
    throw new RangeError(`minQuantity must be a whole number of 1 or more, got ${String(tier.minQuantity)}`);
  }
}

/**
 * The client's unit price without volume tiers: its special price when lower than the
 * laboratory's price, else the laboratory's price.
 * @example baseUnitCents(1000, 900) // 900
 * @example baseUnitCents(1000, null) // 1000
 * @throws RangeError for a negative or fractional amount of cents.
 */
export function baseUnitCents(listCents: number, specialCents: number | null | undefined): number {
  assertCents(listCents, 'listCents');
  if (specialCents === null || specialCents === undefined) return listCents;
  assertCents(specialCents, 'specialCents');
  return Math.min(specialCents, listCents);
}

/**
 * A tier's unit price: the laboratory's price less the tier's discount, rounded to the cent.
 * @example tierUnitCents(1095, 4) // 1051
 * @throws RangeError for a negative or fractional amount, or a percentage outside 0–100.
 */
export function tierUnitCents(listCents: number, discountPercent: number): number {
  assertCents(listCents, 'listCents');
  return listCents - percentOfCents(listCents, discountPercent);
}

/**
 * The client's unit price for a quantity: its price without tiers or the best tier the quantity
 * reaches, whichever is lower. The price of every cart line.
 * @example volumeUnitCents({ listCents: 1000, baseCents: 900 }, [{ minQuantity: 6, discountPercent: 15 }], 6) // 850
 * @example volumeUnitCents({ listCents: 1000, baseCents: 900 }, [{ minQuantity: 6, discountPercent: 5 }], 6) // 900
 */
export function volumeUnitCents(
  prices: ClientUnitPrices,
  tiers: readonly VolumeTier[],
  quantity: number,
): number {
  assertCents(prices.baseCents, 'baseCents');
  let best = prices.baseCents;
  for (const tier of tiers) {
    assertTier(tier);
    if (quantity >= tier.minQuantity)
      best = Math.min(best, tierUnitCents(prices.listCents, tier.discountPercent));
  }
  return best;
}

/**
 * The saving of `unitCents` on `baseCents`, in percent to one decimal (half away from zero).
 * @example savingPercent(1000, 880) // 12
 * @example savingPercent(920, 880) // 4.3
 */
export function savingPercent(baseCents: number, unitCents: number): number {
  assertCents(baseCents, 'baseCents');
  assertCents(unitCents, 'unitCents');
  if (baseCents === 0) return 0;
  return divideRounded((baseCents - unitCents) * 1000, baseCents) / 10;
}

/**
 * A product's volume-price table for one client: every tier with its price and whether it applies,
 * and the rows to show — the client's own price up to the first tier that applies, then each tier
 * that applies, with its real saving on the client's own price and the row of the cart's quantity
 * marked. A tier applies only when it beats what the client pays anyway at that quantity, so a
 * client whose special price beats every tier gets no rows.
 * @param prices The client's prices of the product without tiers.
 * @param tiers The product's tiers, in any order.
 * @param quantity The quantity of this product in the cart (0 or absent when it is not there).
 * @example
 * const table = volumePriceTable({ listCents: 1000, baseCents: 1000 }, [
 *   { minQuantity: 6, discountPercent: 4 },
 *   { minQuantity: 12, discountPercent: 8 },
 * ], 7);
 * // table.rows: 1–5 uds 10,00 € (0 %), 6–11 uds 9,60 € (4 %, current), 12 o más 9,20 € (8 %)
 * @throws RangeError for negative or fractional amounts or quantities, or a percentage outside 0–100.
 */
export function volumePriceTable(
  prices: ClientUnitPrices,
  tiers: readonly VolumeTier[],
  quantity = 0,
): VolumePriceTable {
  const { listCents, baseCents } = prices;
  assertCents(listCents, 'listCents');
  assertCents(baseCents, 'baseCents');
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a whole number of 0 or more, got ${String(quantity)}`);
  }
  // Ascending quantity; for two tiers at one quantity the cheaper first, so the other never applies.
  const priced = tiers
    .map((tier) => {
      assertTier(tier);
      return { ...tier, unitCents: tierUnitCents(listCents, tier.discountPercent) };
    })
    .sort((a, b) => a.minQuantity - b.minQuantity || a.unitCents - b.unitCents);

  let paid = baseCents;
  const priceTiers: VolumeTierPrice[] = priced.map((tier) => {
    const applies = tier.unitCents < paid;
    if (applies) paid = tier.unitCents;
    return { ...tier, applies };
  });

  const applying = priceTiers.filter((tier) => tier.applies);
  const ranges: { minQuantity: number; unitCents: number; tier: VolumeTier | null }[] = applying.map(
    (tier) => ({
      minQuantity: tier.minQuantity,
      unitCents: tier.unitCents,
      tier: { minQuantity: tier.minQuantity, discountPercent: tier.discountPercent },
    }),
  );
  const first = applying[0];
  if (first && first.minQuantity > 1) ranges.unshift({ minQuantity: 1, unitCents: baseCents, tier: null });

  const rows = ranges.map((range, index): VolumePriceRow => {
    const next = ranges[index + 1];
    const maxQuantity = next ? next.minQuantity - 1 : null;
    return {
      minQuantity: range.minQuantity,
      maxQuantity,
      unitCents: range.unitCents,
      savingPercent: savingPercent(baseCents, range.unitCents),
      tier: range.tier,
      isCurrent: quantity >= range.minQuantity && (maxQuantity === null || quantity <= maxQuantity),
    };
  });

  return {
    listCents,
    baseCents,
    hasSpecialPrice: baseCents < listCents,
    tiers: priceTiers,
    rows,
    quantity,
  };
}

/** The next volume tier a quantity has not reached yet, and what reaching it takes. */
export interface NextVolumeTier {
  /** The tier's first quantity. */
  minQuantity: number;
  /** The units to add to the quantity considered to reach the tier (1 or more). */
  unitsToAdd: number;
  /** The client's unit price from that quantity on, in cents. */
  unitCents: number;
}

/**
 * The next volume tier that would lower the client's unit price: the first tier above `quantity`
 * whose price beats what the client pays at `quantity` (its own price or the best tier reached), the
 * same rule that prices cart lines (`volumeUnitCents`). Null without tiers, or when no tier above
 * lowers the price (the top tier is reached, or the client's special price beats the rest).
 * @param prices The client's prices of the product without tiers.
 * @param tiers The product's tiers, in any order.
 * @param quantity The quantity the price is computed for: a cart line's quantity, or on the product
 *   page what the cart holds plus the quantity field's value (what the cart will hold once added).
 * @example nextVolumeTier({ listCents: 500, baseCents: 500 }, [{ minQuantity: 6, discountPercent: 18 }], 4)
 * // { minQuantity: 6, unitsToAdd: 2, unitCents: 410 }
 * @throws RangeError for negative or fractional amounts or quantities, or a percentage outside 0–100.
 */
export function nextVolumeTier(
  prices: ClientUnitPrices,
  tiers: readonly VolumeTier[],
  quantity: number,
): NextVolumeTier | null {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a whole number of 0 or more, got ${String(quantity)}`);
  }
  const paid = volumeUnitCents(prices, tiers, quantity);
  let next: NextVolumeTier | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity) continue;
    const unitCents = tierUnitCents(prices.listCents, tier.discountPercent);
    if (unitCents >= paid) continue;
    // The nearest tier that lowers the price; of two at one quantity, the cheaper.
    if (
      next === null ||
      tier.minQuantity < next.minQuantity ||
      (tier.minQuantity === next.minQuantity && unitCents < next.unitCents)
    ) {
      next = { minQuantity: tier.minQuantity, unitsToAdd: tier.minQuantity - quantity, unitCents };
    }
  }
  return next;
}

/**
 * The next volume tier in words, for the cart's lines and the product page: 'Añade 2 uds y pagas
 * 4,10 €/ud' ('1 ud' for one unit). Null when there is no next tier (see `nextVolumeTier`).
 * @example nextVolumeTierText({ minQuantity: 6, unitsToAdd: 2, unitCents: 410 }) // 'Añade 2 uds y pagas 4,10 €/ud'
 */
export function nextVolumeTierText(next: NextVolumeTier | null): string | null {
  if (next === null) return null;
  return `Añade ${next.unitsToAdd} ${unitLabel(next.unitsToAdd)} y pagas ${formatEuros(next.unitCents)}/ud`;
}
