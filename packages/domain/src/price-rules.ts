/**
 * The rules of a product's prices as the laboratory's staff edit them and the ERP upserts them: the
 * list price, the volume tiers and the special prices of the discount groups. The back office and the
 * server check with the same functions, so a refusal reads the same in the form and in the 422
 * (`{ message, errors }`, the problems under their field paths: `tiers.2.min_quantity`).
 *
 * The rules match what the pharmacist pays (`volume-pricing.ts`): a tier's percentage comes off the
 * list price, and every tier must give a lower unit price than the one before it (the first, than
 * the list price), so each tier the table shows really lowers the price. A special price replaces
 * the list price for its group only when lower, so one that is not lower would never apply.
 */
import { parseEuros } from './money.ts';
import { QUANTITY_MAX } from './quantity.ts';
import { tierUnitCents } from './volume-pricing.ts';

/**
 * The highest price a product may have, in cents (a million euros, the catalogue search's bound):
 * a higher one is a typing slip, not a price.
 */
export const PRICE_MAX_CENTS = 100_000_000;

/** The Spanish messages of a product's price problems. */
export const PRICE_RULE_MESSAGES = {
  priceRequired: 'El precio es obligatorio.',
  priceNegative: 'El precio no puede ser negativo.',
  priceInvalid: 'Escribe un precio en euros con dos decimales como máximo, por ejemplo 12,50 o 1.234,50.',
  priceZero: 'El precio debe ser mayor que 0.',
  priceTooHigh: 'El precio no puede superar 1.000.000,00 €.',
  quantityInvalid: 'La cantidad debe ser un número entero.',
  quantityTooLow: 'Un tramo empieza como mínimo en 2 unidades.',
  quantityTooHigh: `La cantidad no puede superar ${String(QUANTITY_MAX)} unidades.`,
  quantityRepeated: 'Ya hay un tramo que empieza en esa cantidad.',
  quantityNotIncreasing: 'Cada tramo debe empezar en una cantidad mayor que el anterior.',
  percentInvalid: 'El descuento debe ser un número.',
  percentNotPositive: 'El descuento debe ser mayor que 0.',
  percentTooHigh: 'El descuento debe ser menor que 100.',
  percentDecimals: 'El descuento puede tener como máximo 2 decimales.',
  tierNotCheaper: 'Este tramo no baja el precio unitario del anterior.',
  specialPriceNotPositive: 'El precio especial debe ser mayor que 0.',
  specialPriceNotBelow: 'El precio especial debe ser menor que el precio del producto.',
  groupRepeated: 'Este grupo de descuento ya tiene un precio especial.',
} as const;

/** A volume tier as edited: from `minQuantity` units, `discountPercent` off the list price. */
export interface EditedTier {
  minQuantity: number;
  discountPercent: number;
}

/** A discount group's special unit price, in cents. */
export interface EditedSpecialPrice {
  discountGroupId: number;
  priceCents: number;
}

/** A product's prices as edited, in cents; the tiers and special prices in the order of the form. */
export interface EditedPrices {
  /** The list price (the laboratory's price, VAT excluded); `null` when it did not read. */
  priceCents: number | null;
  tiers: readonly EditedTier[];
  specialPrices: readonly EditedSpecialPrice[];
}

/** Problems by field path (`tiers.2.min_quantity`), as a 422's `errors` carries them. */
export type FieldProblems = Record<string, string[]>;

/**
 * What is wrong with a list price as the staff typed it (`12,50`, `1.234,50`, read by `parseEuros`),
 * or null when it is a price: more than 0 and at most `PRICE_MAX_CENTS`.
 * @example priceProblem('0') // 'El precio debe ser mayor que 0.'
 * @example priceProblem('12,345') // 'Escribe un precio en euros con dos decimales como máximo, …'
 */
export function priceProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return PRICE_RULE_MESSAGES.priceRequired;
  if (trimmed.startsWith('-')) return PRICE_RULE_MESSAGES.priceNegative;
  const cents = parseEuros(trimmed);
  if (cents === null) return PRICE_RULE_MESSAGES.priceInvalid;
  return priceCentsProblem(cents);
}

/**
 * A typed price in cents, or null when `priceProblem` finds something wrong with it.
 * @example parsePrice('1.234,50') // 123450
 */
export function parsePrice(text: string): number | null {
  return priceProblem(text) === null ? parseEuros(text.trim()) : null;
}

function priceCentsProblem(cents: number): string | null {
  if (!Number.isSafeInteger(cents)) return PRICE_RULE_MESSAGES.priceInvalid;
  if (cents < 0) return PRICE_RULE_MESSAGES.priceNegative;
  if (cents === 0) return PRICE_RULE_MESSAGES.priceZero;
  return cents > PRICE_MAX_CENTS ? PRICE_RULE_MESSAGES.priceTooHigh : null;
}

function hasTwoDecimalsAtMost(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

function percentProblem(percent: number): string | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return PRICE_RULE_MESSAGES.percentInvalid;
  if (percent <= 0) return PRICE_RULE_MESSAGES.percentNotPositive;
  if (percent >= 100) return PRICE_RULE_MESSAGES.percentTooHigh;
  return hasTwoDecimalsAtMost(percent) ? null : PRICE_RULE_MESSAGES.percentDecimals;
}

function quantityProblem(quantity: number, previous: number | null): string | null {
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity))
    return PRICE_RULE_MESSAGES.quantityInvalid;
  if (quantity < 2) return PRICE_RULE_MESSAGES.quantityTooLow;
  if (quantity > QUANTITY_MAX) return PRICE_RULE_MESSAGES.quantityTooHigh;
  if (previous === null || quantity > previous) return null;
  return quantity === previous
    ? PRICE_RULE_MESSAGES.quantityRepeated
    : PRICE_RULE_MESSAGES.quantityNotIncreasing;
}

function add(problems: FieldProblems, path: string, message: string | null): void {
  if (message === null) return;
  const list = problems[path] ?? [];
  list.push(message);
  problems[path] = list;
}

/**
 * Every problem of a product's tiers and special prices, by field path: tiers from 2 units, their
 * quantities strictly increasing (a repeated one is refused), their percentages over 0 and under
 * 100 with at most two decimals, each tier's unit price (as `tierUnitCents` prices it) below the
 * previous one's and the first below the list price; special prices over 0, below the list price,
 * one per discount group. The price comparisons are skipped while the list price does not read.
 * @returns The problems under `price`, `tiers.N.min_quantity`, `tiers.N.discount_percent`,
 *   `special_prices.N.price` and `special_prices.N.discount_group_id`; empty when the prices hold.
 * @example
 * productPriceProblems({
 *   priceCents: 1000,
 *   tiers: [{ minQuantity: 6, discountPercent: 10 }, { minQuantity: 12, discountPercent: 5 }],
 *   specialPrices: [{ discountGroupId: 3, priceCents: 1000 }],
 * });
 * // { 'tiers.1.discount_percent': ['Este tramo no baja el precio unitario del anterior.'],
 * //   'special_prices.0.price': ['El precio especial debe ser menor que el precio del producto.'] }
 */
export function productPriceProblems(prices: EditedPrices): FieldProblems {
  const problems: FieldProblems = {};
  const list = prices.priceCents;
  const listProblem = list === null ? PRICE_RULE_MESSAGES.priceInvalid : priceCentsProblem(list);
  add(problems, 'price', listProblem);
  const listCents = listProblem === null ? list : null;

  let previousQuantity: number | null = null;
  let previousUnitCents = listCents;
  prices.tiers.forEach((tier, index) => {
    const quantity = quantityProblem(tier.minQuantity, previousQuantity);
    add(problems, `tiers.${String(index)}.min_quantity`, quantity);
    if (quantity === null) previousQuantity = tier.minQuantity;
    const percent = percentProblem(tier.discountPercent);
    add(problems, `tiers.${String(index)}.discount_percent`, percent);
    if (percent !== null || listCents === null || previousUnitCents === null) return;
    const unitCents = tierUnitCents(listCents, tier.discountPercent);
    if (unitCents >= previousUnitCents) {
      add(problems, `tiers.${String(index)}.discount_percent`, PRICE_RULE_MESSAGES.tierNotCheaper);
    } else {
      previousUnitCents = unitCents;
    }
  });

  const groups = new Set<number>();
  prices.specialPrices.forEach((special, index) => {
    if (groups.has(special.discountGroupId)) {
      add(problems, `special_prices.${String(index)}.discount_group_id`, PRICE_RULE_MESSAGES.groupRepeated);
    }
    groups.add(special.discountGroupId);
    const cents = special.priceCents;
    let problem: string | null = null;
    if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) problem = PRICE_RULE_MESSAGES.priceInvalid;
    else if (cents <= 0) problem = PRICE_RULE_MESSAGES.specialPriceNotPositive;
    else if (listCents !== null && cents >= listCents) problem = PRICE_RULE_MESSAGES.specialPriceNotBelow;
    add(problems, `special_prices.${String(index)}.price`, problem);
  });
  return problems;
}
