/**
 * The laboratory's order rules (`configurations`: the minimum order and the monthly cap) and the
 * maintenance switch (`settings`), read and changed. A migration gives the rules their first values
 * (0 € and 10.000 €, migration 0020); the `configurations` command and the back office change them
 * through the same functions, each change audited in its own transaction.
 */
import {
  CONFIGURATION_KEYS,
  ConfigurationError,
  type OrderConfiguration,
  parseConfiguration,
  parseEuros,
} from '@botica/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
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

/** Why an order rule's new value is refused. */
export type OrderRuleProblem = 'required' | 'negative' | 'not-an-amount' | 'minimum-above-cap';

/** The outcome of `setOrderRules`: the rules now in force (cents), or the problem of each key at fault. */
export type OrderRulesResult =
  | { ok: true; rules: OrderConfiguration }
  | { ok: false; problems: Partial<Record<OrderRuleKey, OrderRuleProblem>> };

/** Reads a typed amount (`150`, `150,50`, `1.500,00`, as `parseEuros` reads es-ES amounts). */
function typedAmount(text: string): { cents: number } | { problem: OrderRuleProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'required' };
  if (trimmed.startsWith('-')) return { problem: 'negative' };
  const cents = parseEuros(trimmed);
  return cents === null ? { problem: 'not-an-amount' } : { cents };
}

/** The cents a stored rule holds, or null when it is missing or unreadable. */
function storedCents(rows: readonly { key: string; value: string }[], key: OrderRuleKey): number | null {
  try {
    const parsed = parseConfiguration([
      ...rows.filter((row) => row.key === key),
      { key: CONFIGURATION_KEYS.orderMinimumAmount, value: '0' },
      { key: CONFIGURATION_KEYS.maximumPurchasePerMonth, value: '0' },
    ]);
    return key === CONFIGURATION_KEYS.orderMinimumAmount
      ? parsed.orderMinimumAmountCents
      : parsed.maximumPurchasePerMonthCents;
  } catch (error) {
    if (error instanceof ConfigurationError) return null;
    throw error;
  }
}

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * Sets one or both order rules to amounts typed in euros (`150`, `150,50`, `1.500,00`), the minimum
 * never above the cap (the other rule as stored when only one is given), and records the change
 * with the rules before and after (`actor` null: the command line). One transaction, the rows locked,
 * so two admins saving at once cannot leave a minimum above the cap. Every instance reads the rules
 * from the database at each cart save: the change holds at once everywhere.
 */
export async function setOrderRules(
  context: CoreContext,
  values: Partial<Record<OrderRuleKey, string>>,
  options: { actor: AuditActor },
): Promise<OrderRulesResult> {
  const problems: Partial<Record<OrderRuleKey, OrderRuleProblem>> = {};
  const given: Partial<Record<OrderRuleKey, number>> = {};
  for (const key of Object.keys(ORDER_RULES) as OrderRuleKey[]) {
    const text = values[key];
    if (text === undefined) continue;
    const read = typedAmount(text);
    if ('problem' in read) problems[key] = read.problem;
    else given[key] = read.cents;
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return inTransaction(context, async (tx): Promise<OrderRulesResult> => {
    const keys = Object.keys(ORDER_RULES) as OrderRuleKey[];
    const rows = await tx.db
      .select({ key: configurations.key, value: configurations.value })
      .from(configurations)
      .where(inArray(configurations.key, keys))
      .for('update');
    const minimumKey = CONFIGURATION_KEYS.orderMinimumAmount;
    const capKey = CONFIGURATION_KEYS.maximumPurchasePerMonth;
    const before = { [minimumKey]: storedCents(rows, minimumKey), [capKey]: storedCents(rows, capKey) };
    const minimum = given[minimumKey] ?? before[minimumKey];
    const cap = given[capKey] ?? before[capKey];
    if (minimum !== null && cap !== null && minimum > cap)
      return { ok: false, problems: { [minimumKey]: 'minimum-above-cap' } };
    for (const [key, cents] of Object.entries(given) as [OrderRuleKey, number][]) {
      await tx.db
        .insert(configurations)
        .values({ key, value: String(cents / 100) })
        .onConflictDoUpdate({ target: configurations.key, set: { value: sql`excluded.value` } });
    }
    const changed = (Object.keys(given) as OrderRuleKey[]).some((key) => given[key] !== before[key]);
    if (changed)
      await recordAudit(tx, {
        actor: options.actor,
        action: 'configuration.order_rules_changed',
        objectType: 'configuration',
        objectId: 'order_rules',
        before: { [minimumKey]: euros(before[minimumKey]), [capKey]: euros(before[capKey]) },
        after: { [minimumKey]: euros(minimum), [capKey]: euros(cap) },
      });
    return { ok: true, rules: await orderConfiguration(tx) };
  });
}

const PROBLEMS_IN_ENGLISH: Readonly<Record<OrderRuleProblem, string>> = {
  required: 'an amount is required',
  negative: 'an amount cannot be negative',
  'not-an-amount': 'is not an amount in euros with at most two decimals (e.g. 150, 150,50 or 1.500,00)',
  'minimum-above-cap': 'the minimum order cannot exceed the monthly cap',
};

/**
 * Sets one order rule to an amount in euros (`150`, `150.50`, `150,50`, `1.500,00`), as
 * `setOrderRules` does, recorded as the command line's change, and stores it as the domain writes
 * it back (`150.5`).
 * @returns the value stored, or the problem in English for the person at the terminal.
 */
export async function setOrderRule(
  context: CoreContext,
  key: OrderRuleKey,
  value: string,
): Promise<{ ok: true; value: string } | { ok: false; problem: string }> {
  const result = await setOrderRules(context, { [key]: value }, { actor: null });
  if (!result.ok) {
    const problem = result.problems[key] ?? Object.values(result.problems)[0] ?? 'not-an-amount';
    return {
      ok: false,
      problem:
        problem === 'not-an-amount'
          ? `${JSON.stringify(value)} ${PROBLEMS_IN_ENGLISH[problem]}`
          : PROBLEMS_IN_ENGLISH[problem],
    };
  }
  const cents =
    key === CONFIGURATION_KEYS.orderMinimumAmount
      ? result.rules.orderMinimumAmountCents
      : result.rules.maximumPurchasePerMonthCents;
  return { ok: true, value: String(cents / 100) };
}

/** The server setting that holds the maintenance switch ('on', or no row). */
export const MAINTENANCE_SETTING = 'maintenance_mode';

/** Whether the maintenance switch is on, as stored (every instance caches it for a moment). */
export async function isMaintenanceOn(context: CoreContext): Promise<boolean> {
  return (await serverSetting(context, MAINTENANCE_SETTING))?.trim().toLowerCase() === 'on';
}

/**
 * Turns the maintenance switch on or off, recorded with the state before and after (`actor` null:
 * the command line); turning it to the state it has changes and records nothing.
 * @returns whether it was on before.
 */
export async function setMaintenance(
  context: CoreContext,
  on: boolean,
  options: { actor: AuditActor },
): Promise<{ wasOn: boolean }> {
  return inTransaction(context, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(settings)
      .where(eq(settings.key, MAINTENANCE_SETTING))
      .for('update');
    const wasOn = row?.value.trim().toLowerCase() === 'on';
    if (wasOn === on) return { wasOn };
    if (on)
      await tx.db
        .insert(settings)
        .values({ key: MAINTENANCE_SETTING, value: 'on' })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
    else await tx.db.delete(settings).where(eq(settings.key, MAINTENANCE_SETTING));
    await recordAudit(tx, {
      actor: options.actor,
      action: on ? 'configuration.maintenance_on' : 'configuration.maintenance_off',
      objectType: 'configuration',
      objectId: 'maintenance',
      before: { maintenance: wasOn },
      after: { maintenance: on },
    });
    return { wasOn };
  });
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
