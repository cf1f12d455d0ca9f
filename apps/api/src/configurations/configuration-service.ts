/**
 * The laboratory's order rules (`configurations`: the minimum order and the monthly cap), read and
 * changed. A migration gives them their first values (0 € and 10.000 €, migration 0020); the
 * `configurations` command changes them, and so will the back office, through `setOrderRule`.
 */
import {
  CONFIGURATION_KEYS,
  ConfigurationError,
  type OrderConfiguration,
  parseConfiguration,
} from '@botica/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { CoreContext } from '../core-context.ts';
import { configurations, settings } from './tables.ts';

/** The order rules' keys, as stored and served. */
export type OrderRuleKey = (typeof CONFIGURATION_KEYS)[keyof typeof CONFIGURATION_KEYS];

/** Every order rule key, with what it means (for the command's help and list). */
export const ORDER_RULES: Readonly<Record<OrderRuleKey, string>> = {
  order_minimum_amount: 'the cart price an order must reach before it can be sent, in euros (0: none)',
  maximum_purchase_per_month:
    'what one pharmacy may order in a calendar month (Europe/Madrid), in euros, the cart included',
};

/** Whether a text names an order rule. */
export function isOrderRuleKey(key: string): key is OrderRuleKey {
  return Object.hasOwn(ORDER_RULES, key);
}

/** The order rules' configuration (minimum order, monthly cap), read with @botica/domain. */
export async function orderConfiguration(context: CoreContext): Promise<OrderConfiguration> {
  return parseConfiguration(await context.db.select().from(configurations));
}

/**
 * What is wrong with the stored order rules, or null when both read: what a start checks, so that a
 * database without them refuses to start instead of answering every cart save with a 500.
 */
export async function orderConfigurationProblem(context: CoreContext): Promise<ConfigurationError | null> {
  try {
    await orderConfiguration(context);
    return null;
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
}

/** The stored key/value pairs, by key: all of them, or one page. */
export async function listConfigurations(
  context: CoreContext,
  page?: { page: number; perPage: number },
): Promise<{ key: string; value: string }[]> {
  const query = context.db
    .select({ key: configurations.key, value: configurations.value })
    .from(configurations)
    .orderBy(asc(configurations.key));
  return page ? query.limit(page.perPage).offset((page.page - 1) * page.perPage) : query;
}

/** A server setting (`settings`, never served to clients), or undefined when it has no row. */
export async function serverSetting(context: CoreContext, key: string): Promise<string | undefined> {
  const [row] = await context.db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

/**
 * Sets one order rule to an amount in euros (`150`, `150.50`, `150,50`), checked by the domain's
 * reading of the configuration, and stores it as the domain writes it back (`150.5`).
 * @returns the value stored, or the problem in English for the person at the terminal.
 */
export async function setOrderRule(
  context: CoreContext,
  key: OrderRuleKey,
  value: string,
): Promise<{ ok: true; value: string } | { ok: false; problem: string }> {
  let cents: number;
  try {
    // The domain reads the first pair of a key: the new value, then a stand-in for the other rule.
    const parsed = parseConfiguration([
      { key, value: value.trim() },
      { key: CONFIGURATION_KEYS.orderMinimumAmount, value: '0' },
      { key: CONFIGURATION_KEYS.maximumPurchasePerMonth, value: '0' },
    ]);
    cents =
      key === CONFIGURATION_KEYS.orderMinimumAmount
        ? parsed.orderMinimumAmountCents
        : parsed.maximumPurchasePerMonthCents;
  } catch (error) {
    if (error instanceof ConfigurationError)
      return {
        ok: false,
        problem: `${JSON.stringify(value)} is not an amount in euros with at most two decimals (e.g. 150 or 150.50)`,
      };
    throw error;
  }
  const stored = String(cents / 100);
  await context.db
    .insert(configurations)
    .values({ key, value: stored })
    .onConflictDoUpdate({ target: configurations.key, set: { value: sql`excluded.value` } });
  return { ok: true, value: stored };
}

/**
 * The value of a server setting, created with `value` when it has no row yet (`insert … on conflict do
 * nothing`, then a read: of several asking at once, one inserts, the others wait on the key's unique
 * index and then read the winner's value). Undefined only if the row is deleted in between.
 */
export async function claimServerSetting(
  context: CoreContext,
  key: string,
  value: string,
): Promise<string | undefined> {
  await context.db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  return serverSetting(context, key);
}
