/**
 * Cart maths (spec §3, §9; ARCHITECTURE.md §2). The portal shows and the server sends exactly
 * these numbers: every amount is integer cents, rounded half away from zero once per line.
 */
import { divideRounded, eurosToCents, percentOfCents } from './money.ts';
import { QUANTITY_MIN } from './quantity.ts';

/** The VAT rates a product can have, in percent (superreducido, reducido, general). */
export const VAT_RATES = [4, 10, 21] as const;

/** A VAT rate in percent: 4, 10 or 21. */
export type VatRate = (typeof VAT_RATES)[number];

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
  /** Sum of the VAT lines (`price_tax`). */
  taxCents: number;
  /** `price − discounts + VAT` (`total_price`). */
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
 * The cart's totals: the price of the lines, one line per discount (each on the whole cart price,
 * together never more than the price), the VAT by rate on the lines after discounts, and the total.
 * The discounts are shared out over the lines in proportion to their price, to the cent, so the
 * lines, the VAT bases and the totals always add up.
 * @example
 * cartTotals(
 *   [{ product: { price: 100, vat_rate: 21 }, quantity: 2 }],
 *   [{ group_name: 'Grupo A', discount_percent: 10 }],
 * ).totalCents // 20000 − 2000 + 3780 = 21780
 */
export function cartTotals(lines: readonly CartLine[], discounts: readonly Discount[] = []): CartTotals {
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
  const taxCents = vat.reduce((sum, line) => sum + line.amountCents, 0);

  return {
    lines: lineTotals,
    priceCents,
    discounts: discountLines,
    discountCents,
    vat,
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
