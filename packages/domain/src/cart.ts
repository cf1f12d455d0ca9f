/**
 * Cart maths (docs/decisions/003-money-in-cents.md). The portal shows and the server sends exactly
 * these numbers: every amount is integer cents, rounded half away from zero once per line.
 */
import { divideRounded, eurosToCents, percentOfCents } from './money.ts';
import { QUANTITY_MIN } from './quantity.ts';

/** The VAT rates a product can have, in percent (superreducido, reducido, general). */
export const VAT_RATES = [4, 10, 21] as const;

/** A VAT rate in percent: 4, 10 or 21. */
export type VatRate = (typeof VAT_RATES)[number];

/**
 * The rates of the *recargo de equivalencia*, in percent, by the VAT rate of the line they apply to
 * (Ley 37/1992 del IVA, art. 161): 5,2 % on 21 % lines, 1,4 % on 10 % lines, 0,5 % on 4 % lines.
 * Spanish pharmacies are, by law, in this regime: their suppliers charge it on the same tax base as
 * the VAT and show it apart from the VAT.
 * @example SURCHARGE_RATES[21] // 5.2
 */
export const SURCHARGE_RATES = { 4: 0.5, 10: 1.4, 21: 5.2 } as const satisfies Record<VatRate, number>;

/** A rate of the recargo de equivalencia in percent: 0.5, 1.4 or 5.2. */
export type SurchargeRate = (typeof SURCHARGE_RATES)[VatRate];

/** The priced part of a cart line, in the wire's shape: euros, with the client's `final_price` if any. */
export interface PricedLine {
  product: { price: number; final_price?: number | null | undefined };
  quantity: number;
}

/** A cart line with the product's VAT rate, as the cart totals need it. */
export interface CartLine extends PricedLine {
  product: PricedLine['product'] & { id?: number | string; vat_rate: VatRate };
}

/** A discount of the client's discount group, applied to the whole cart price. */
export interface Discount {
  group_name: string;
  discount_percent: number;
}

/** One discount line of the totals. */
export interface DiscountLine {
  groupName: string;
  discountPercent: number;
  amountCents: number;
}

/** The VAT of one rate: the base after discounts and its tax. */
export interface VatLine {
  rate: VatRate;
  baseCents: number;
  amountCents: number;
}

/**
 * The recargo de equivalencia of one VAT rate: the same base as that rate's VAT line (after
 * discounts), its surcharge rate and its amount.
 */
export interface SurchargeLine {
  /** The VAT rate of the lines it applies to. */
  vatRate: VatRate;
  /** `SURCHARGE_RATES[vatRate]`. */
  rate: SurchargeRate;
  baseCents: number;
  amountCents: number;
}

/** How the cart is taxed. */
export interface CartTotalsOptions {
  /**
   * The client is in the VAT regime of *recargo de equivalencia*: the totals add one surcharge line
   * per VAT rate (`SURCHARGE_RATES`), and `taxCents` and `totalCents` include them.
   * @default false
   */
  equivalenceSurcharge?: boolean;
}

/** Per cart line: its price, its share of the discounts and its price after discounts. */
export interface LineTotals {
  priceCents: number;
  discountCents: number;
  /** The wire's `price_include_discount`. */
  netCents: number;
  vatRate: VatRate;
}

/** Everything the cart shows and the server sends, in cents. */
export interface CartTotals {
  lines: LineTotals[];
  /** Sum of the lines (`price`). */
  priceCents: number;
  discounts: DiscountLine[];
  /** Sum of the discount lines (`price_discount_line`), never above the price. */
  discountCents: number;
  /** One line per VAT rate present in the cart, by ascending rate. */
  vat: VatLine[];
  /** Sum of the VAT lines. */
  vatCents: number;
  /**
   * With `equivalenceSurcharge`, one recargo de equivalencia line per VAT line (same base, same
   * order); otherwise empty.
   */
  surcharges: SurchargeLine[];
  /** Sum of the surcharge lines (0 without `equivalenceSurcharge`). */
  surchargeCents: number;
  /** Every tax: VAT plus surcharge (`price_tax`). */
  taxCents: number;
  /** `price − discounts + VAT + surcharge` (`total_price`). */
  totalCents: number;
}

/** Checks that a value is one of the VAT rates (4, 10, 21). */
export function isVatRate(value: unknown): value is VatRate {
  return (VAT_RATES as readonly unknown[]).includes(value);
}

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < QUANTITY_MIN) {
    throw new RangeError(`quantity must be a whole number of at least 1, got ${String(quantity)}`);
  }
}

/**
 * The unit price a client pays for a product, in cents: `final_price` if present, else `price`.
 * @example unitPriceCents({ price: 10, final_price: 8.5 }) // 850
 */
export function unitPriceCents(product: PricedLine['product']): number {
  const euros = product.final_price ?? product.price;
  const cents = eurosToCents(euros);
  if (cents < 0) throw new RangeError(`a price cannot be negative, got ${String(euros)}`);
  return cents;
}

/**
 * The displayed price of a line in cents: `final_price` if present, else `price`, times quantity.
 * @example linePriceCents({ product: { price: 12.5, final_price: 10 }, quantity: 3 }) // 3000
 * @throws RangeError for a quantity that is not a whole number of at least 1, or a negative price.
 */
export function linePriceCents(line: PricedLine): number {
  assertQuantity(line.quantity);
  return unitPriceCents(line.product) * line.quantity;
}

/**
 * The amount of one discount line: the cart price times `discount_percent` / 100, to the cent.
 * @example discountLineCents(20000, 5) // 1000
 * @throws RangeError for a percentage outside 0–100.
 */
export function discountLineCents(priceCents: number, percent: number): number {
  return percentOfCents(priceCents, percent);
}

/**
 * Splits `total` over `weights` in proportion, in whole cents, so that the parts add up to `total`
 * exactly (largest remainder; ties go to the earlier weight).
 */
function allocate(total: number, weights: readonly number[]): number[] {
  // BigInt: total × weight exceeds 2^53 on large carts, where doubles would lose cents.
  const big = weights.map(BigInt);
  const sum = big.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const products = big.map((weight) => BigInt(total) * weight);
  const floors = products.map((product) => product / sum);
  const left = Number(BigInt(total) - floors.reduce((a, b) => a + b, 0n));
  const remainder = (index: number) => (products[index] as bigint) % sum;
  const byRemainder = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const difference = remainder(b) - remainder(a);
      return difference === 0n ? a - b : difference > 0n ? 1 : -1;
    });
  const roundedUp = new Set(byRemainder.slice(0, left));
  return floors.map((floor, index) => Number(floor) + (roundedUp.has(index) ? 1 : 0));
}

/**
 * The recargo de equivalencia on a tax base in cents: the base × `SURCHARGE_RATES[vatRate]` / 100,
 * rounded half away from zero to the cent, as the VAT of a rate is.
 * @example surchargeCents(10000, 21) // 520
 * @example surchargeCents(670, 4) // 3 (3,35 rounded)
 * @throws RangeError for a VAT rate that is not 4, 10 or 21.
 */
export function surchargeCents(baseCents: number, vatRate: VatRate): number {
  if (!isVatRate(vatRate)) throw new RangeError(`vat_rate must be 4, 10 or 21, got ${String(vatRate)}`);
  return percentOfCents(baseCents, SURCHARGE_RATES[vatRate]);
}

/**
 * The cart's totals: the price of the lines, one line per discount (each on the whole cart price,
 * together never more than the price), the VAT by rate on the lines after discounts, with
 * `{ equivalenceSurcharge: true }` the recargo de equivalencia by rate on the same bases, and the
 * total. The discounts are shared out over the lines in proportion to their price, to the cent, so
 * the lines, the tax bases and the totals always add up. Each VAT and surcharge line is rounded to
 * the cent on its own, half away from zero.
 * @example
 * cartTotals(
 *   [{ product: { price: 100, vat_rate: 21 }, quantity: 2 }],
 *   [{ group_name: 'Grupo A', discount_percent: 10 }],
 * ).totalCents // 20000 − 2000 + 3780 = 21780
 * @example
 * cartTotals([{ product: { price: 100, vat_rate: 21 }, quantity: 2 }], [], { equivalenceSurcharge: true })
 *   .surcharges // [{ vatRate: 21, rate: 5.2, baseCents: 20000, amountCents: 1040 }]
 */
export function cartTotals(
  lines: readonly CartLine[],
  discounts: readonly Discount[] = [],
  options: CartTotalsOptions = {},
): CartTotals {
  const prices = lines.map((line) => {
    if (!isVatRate(line.product.vat_rate)) {
      throw new RangeError(`vat_rate must be 4, 10 or 21, got ${String(line.product.vat_rate)}`);
    }
    return linePriceCents(line);
  });
  const priceCents = prices.reduce((a, b) => a + b, 0);

  let available = priceCents;
  const discountLines = discounts.map((discount) => {
    const amountCents = Math.min(available, discountLineCents(priceCents, discount.discount_percent));
    available -= amountCents;
    return { groupName: discount.group_name, discountPercent: discount.discount_percent, amountCents };
  });
  const discountCents = priceCents - available;

  const lineDiscounts = allocate(discountCents, prices);
  const lineTotals: LineTotals[] = lines.map((line, index) => {
    const price = prices[index] as number;
    const discount = lineDiscounts[index] as number;
    return {
      priceCents: price,
      discountCents: discount,
      netCents: price - discount,
      vatRate: line.product.vat_rate,
    };
  });

  const vat: VatLine[] = VAT_RATES.flatMap((rate) => {
    const ofRate = lineTotals.filter((line) => line.vatRate === rate);
    if (ofRate.length === 0) return [];
    const baseCents = ofRate.reduce((sum, line) => sum + line.netCents, 0);
    return [{ rate, baseCents, amountCents: divideRounded(baseCents * rate, 100) }];
  });
  const vatCents = vat.reduce((sum, line) => sum + line.amountCents, 0);

  const surcharges: SurchargeLine[] = options.equivalenceSurcharge
    ? vat.map((line) => ({
        vatRate: line.rate,
        rate: SURCHARGE_RATES[line.rate],
        baseCents: line.baseCents,
        amountCents: surchargeCents(line.baseCents, line.rate),
      }))
    : [];
  const surchargeTotal = surcharges.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = vatCents + surchargeTotal;

  return {
    lines: lineTotals,
    priceCents,
    discounts: discountLines,
    discountCents,
    vat,
    vatCents,
    surcharges,
    surchargeCents: surchargeTotal,
    taxCents,
    totalCents: priceCents - discountCents + taxCents,
  };
}

/**
 * The total number of units in a cart: the badge on 'Mi pedido'.
 * @example totalQuantity([{ quantity: 2 }, { quantity: 3 }]) // 5
 */
export function totalQuantity(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
