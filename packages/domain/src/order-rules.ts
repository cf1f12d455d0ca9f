/**
 * The order rules that depend on the laboratory's configuration: the minimum order and the monthly
 * purchase cap.
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

/**
 * What the monthly cap leaves this month, and what that means for the next order:
 * - `remainingCents`: the cap less this month's orders, never below 0;
 * - `canOrderThisMonth`: what is left reaches the minimum order (otherwise no order can be sent
 *   until the next month, whatever the cart holds);
 * - `cartOverCents`: how much the cart passes what is left (0 when it fits; the server refuses
 *   such a cart with 406).
 */
export interface MonthlyAllowance {
  capCents: number;
  spentCents: number;
  remainingCents: number;
  canOrderThisMonth: boolean;
  cartOverCents: number;
}

/**
 * The monthly cap seen before it bites: what is left of it this month (Europe/Madrid), whether an
 * order that reaches the minimum still fits, and how much the cart passes what is left. The same
 * sums as `monthlyCapCheck`, which the server applies on every save and order.
 * @example monthlyAllowance({ orderMinimumAmountCents: 15000, maximumPurchasePerMonthCents: 300000 }, 293647)
 * // { capCents: 300000, spentCents: 293647, remainingCents: 6353, canOrderThisMonth: false, cartOverCents: 0 }
 */
export function monthlyAllowance(
  config: OrderConfiguration,
  spentThisMonthCents: number,
  cartPriceCents = 0,
): MonthlyAllowance {
  const capCents = config.maximumPurchasePerMonthCents;
  const remainingCents = Math.max(0, capCents - spentThisMonthCents);
  const check = monthlyCapCheck(config, spentThisMonthCents, cartPriceCents);
  return {
    capCents,
    spentCents: spentThisMonthCents,
    remainingCents,
    canOrderThisMonth: remainingCents >= config.orderMinimumAmountCents && remainingCents > 0,
    cartOverCents: check.ok ? 0 : check.overByCents,
  };
}

/**
 * What is left of the monthly cap, said beside the minimum order.
 * @example monthlyRemainingMessage({ remainingCents: 206353, capCents: 300000 })
 * // 'Este mes te quedan 2.063,53 € de tu límite de compra mensual de 3.000,00 €.'
 */
export function monthlyRemainingMessage(
  allowance: Pick<MonthlyAllowance, 'remainingCents' | 'capCents'>,
): string {
  return `Este mes te quedan ${formatEuros(allowance.remainingCents)} de tu límite de compra mensual de ${formatEuros(allowance.capCents)}.`;
}

/**
 * Why no order can be sent this month: what is left of the cap does not reach the minimum order.
 * @example monthlyCapBlockedMessage({ remainingCents: 6353, capCents: 300000 }, 15000)
 * // 'Te quedan 63,53 € de tu límite de compra mensual de 3.000,00 € y el pedido mínimo es de 150,00 €.'
 */
export function monthlyCapBlockedMessage(
  allowance: Pick<MonthlyAllowance, 'remainingCents' | 'capCents'>,
  orderMinimumAmountCents: number,
): string {
  return `Te quedan ${formatEuros(allowance.remainingCents)} de tu límite de compra mensual de ${formatEuros(allowance.capCents)} y el pedido mínimo es de ${formatEuros(orderMinimumAmountCents)}.`;
}

/**
 * The cart passes what is left of the cap this month: the order cannot be sent as it is.
 * @example monthlyCapOverMessage(2500) // 'Tu pedido supera en 25,00 € lo que te queda este mes: quita productos para poder enviarlo.'
 */
export function monthlyCapOverMessage(cartOverCents: number): string {
  return `Tu pedido supera en ${formatEuros(cartOverCents)} lo que te queda este mes: quita productos para poder enviarlo.`;
}
