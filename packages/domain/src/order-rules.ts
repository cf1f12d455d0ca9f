/**
 * The order rules that depend on the laboratory's configuration: the minimum order and the monthly
 * purchase cap (spec §4, §5, §8; ARCHITECTURE.md §2).
 */
import { eurosToCents, formatEuros } from './money.ts';

/** One key/value pair of `GET /api/v1/configurations`. */
export interface ConfigurationPair {
  key: string;
  value: unknown;
}

/** The configuration the order rules need, in cents. */
export interface OrderConfiguration {
  /** `order_minimum_amount`: the cart price an order must reach before it can be sent. */
  orderMinimumAmountCents: number;
  /** `maximum_purchase_per_month`: what a client may order in one calendar month (Europe/Madrid). */
  maximumPurchasePerMonthCents: number;
}

/** The configuration keys the order rules read. */
export const CONFIGURATION_KEYS = {
  orderMinimumAmount: 'order_minimum_amount',
  maximumPurchasePerMonth: 'maximum_purchase_per_month',
} as const;

/** A configuration list that lacks a key or holds a value that is not an amount in euros. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
  /** The configuration key at fault. */
  readonly key: string;
  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}

const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;

function amountCents(pairs: readonly ConfigurationPair[], key: string): number {
  const pair = pairs.find((candidate) => candidate.key === key);
  if (pair === undefined || pair.value === null || pair.value === undefined || pair.value === '') {
    throw new ConfigurationError(key, `The configuration has no value for "${key}".`);
  }
  const text = typeof pair.value === 'number' ? String(pair.value) : String(pair.value).trim();
  if (!AMOUNT.test(text)) {
    throw new ConfigurationError(
      key,
      `The configuration value of "${key}" must be an amount in euros with at most two decimals, got ${JSON.stringify(pair.value)}.`,
    );
  }
  return eurosToCents(Number(text.replace(',', '.')));
}

/**
 * Reads the order rules' configuration from the key/value list of `GET /api/v1/configurations`.
 * Values are euros, as numbers or strings (`150`, `"150"`, `"150.50"`, `"150,50"`).
 * @example parseConfiguration([{ key: 'order_minimum_amount', value: '150' }, { key: 'maximum_purchase_per_month', value: 3000 }])
 * // { orderMinimumAmountCents: 15000, maximumPurchasePerMonthCents: 300000 }
 * @throws ConfigurationError naming the key that is missing or malformed.
 */
export function parseConfiguration(pairs: readonly ConfigurationPair[]): OrderConfiguration {
  return {
    orderMinimumAmountCents: amountCents(pairs, CONFIGURATION_KEYS.orderMinimumAmount),
    maximumPurchasePerMonthCents: amountCents(pairs, CONFIGURATION_KEYS.maximumPurchasePerMonth),
  };
}

/** Whether a cart reaches the minimum order, and by how much it falls short if not. */
export type MinimumOrderResult = { ok: true } | { ok: false; reason: 'below-minimum'; missingCents: number };

/**
 * The minimum order rule: valid when `order_minimum_amount − cart price ≤ 0`.
 * @example minimumOrderShortfall({ orderMinimumAmountCents: 15000, maximumPurchasePerMonthCents: 300000 }, 13750)
 * // { ok: false, reason: 'below-minimum', missingCents: 1250 }
 */
export function minimumOrderShortfall(
  config: Pick<OrderConfiguration, 'orderMinimumAmountCents'>,
  cartPriceCents: number,
): MinimumOrderResult {
  const missingCents = config.orderMinimumAmountCents - cartPriceCents;
  return missingCents <= 0 ? { ok: true } : { ok: false, reason: 'below-minimum', missingCents };
}

/**
 * The warning shown while the cart is below the minimum order.
 * @example minimumOrderMessage(1250) // 'Necesitas añadir 12,50 € a tu pedido para poder finalizarlo.'
 */
export function minimumOrderMessage(missingCents: number): string {
  return `Necesitas añadir ${formatEuros(missingCents)} a tu pedido para poder finalizarlo.`;
}

/** Whether this month's orders plus the cart stay within the monthly cap. */
export type MonthlyCapResult =
  | { ok: true; remainingCents: number }
  | { ok: false; reason: 'monthly-cap-exceeded'; overByCents: number; capCents: number };

/**
 * The monthly purchase cap: the client's orders sent this calendar month (Europe/Madrid) plus the
 * cart must not exceed `maximum_purchase_per_month`. Reaching the cap exactly is allowed.
 * @example monthlyCapCheck({ orderMinimumAmountCents: 15000, maximumPurchasePerMonthCents: 300000 }, 295000, 10000)
 * // { ok: false, reason: 'monthly-cap-exceeded', overByCents: 5000, capCents: 300000 }
 */
export function monthlyCapCheck(
  config: Pick<OrderConfiguration, 'maximumPurchasePerMonthCents'>,
  spentThisMonthCents: number,
  cartCents: number,
): MonthlyCapResult {
  const capCents = config.maximumPurchasePerMonthCents;
  const remainingCents = capCents - spentThisMonthCents - cartCents;
  return remainingCents >= 0
    ? { ok: true, remainingCents }
    : { ok: false, reason: 'monthly-cap-exceeded', overByCents: -remainingCents, capCents };
}

/**
 * What the server says when a save or an order would pass the monthly cap: the cap, what this month's
 * orders already add up to, how much of the cap is left this month, and what the cart adds up to.
 * @example monthlyCapMessage(300000, 295000, 10000)
 * // 'Has superado el límite de compra mensual de 3.000,00 €: este mes llevas 2.950,00 € en pedidos, te quedan 50,00 € y este pedido suma 100,00 €.'
 */
export function monthlyCapMessage(capCents: number, spentThisMonthCents: number, cartCents: number): string {
  const leftCents = Math.max(0, capCents - spentThisMonthCents);
  return `Has superado el límite de compra mensual de ${formatEuros(capCents)}: este mes llevas ${formatEuros(spentThisMonthCents)} en pedidos, te quedan ${formatEuros(leftCents)} y este pedido suma ${formatEuros(cartCents)}.`;
}
