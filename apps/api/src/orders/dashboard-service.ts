/**
 * The orders' figures of the back office's dashboard, each one aggregate statement narrowed to the
 * staff member's pharmacies (accounts/staff-scope.ts). Amounts are the orders' `price` without the
 * cancelled ones: the sum the monthly cap counts (cart-service.ts `monthSpentCents`). The statements
 * join `clients` and `sales_reps` (the accounts module) for the scope and the names.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type StaffScope, scopeCondition } from '../accounts/staff-scope.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';

/** A number of orders and their amount in cents. */
export interface OrderTally {
  count: number;
  amountCents: number;
}

/** A period: from `start` (included) to `end` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

const inPeriod = (period: Period) =>
  sql`o.created_at >= ${at(period.start)} and o.created_at < ${at(period.end)}`;

const counted = sql`o.status <> 'cancelled'`;

/** The tallies of several periods, read in one pass over the orders from the earliest start. */
export async function orderTallies<K extends string>(
  context: CoreContext,
  scope: StaffScope,
  periods: Readonly<Record<K, Period>>,
): Promise<Record<K, OrderTally>> {
  const entries = Object.entries(periods) as [K, Period][];
  if (entries.length === 0) return {} as Record<K, OrderTally>;
  const start = new Date(Math.min(...entries.map(([, period]) => period.start.getTime())));
  const end = new Date(Math.max(...entries.map(([, period]) => period.end.getTime())));
  const columns = sql.join(
    entries.flatMap(([, period], index) => [
      sql`count(*) filter (where ${inPeriod(period)}) as ${sql.raw(`count_${index}`)}`,
      sql`coalesce(sum(o.price_cents) filter (where ${inPeriod(period)} and ${counted}), 0) as ${sql.raw(`cents_${index}`)}`,
    ]),
    sql`, `,
  );
  const [row] = await selectRows<Record<string, number | string>>(
    context.db,
    sql`select ${columns} from orders o join clients c on c.id = o.client_id
        where ${inPeriod({ start, end })} and ${scopeCondition(scope, sql`c.sales_rep_id`)}`,
  );
  return Object.fromEntries(
    entries.map(([key], index) => [
      key,
      { count: Number(row?.[`count_${index}`] ?? 0), amountCents: Number(row?.[`cents_${index}`] ?? 0) },
    ]),
  ) as Record<K, OrderTally>;
}

/** One Madrid day's orders. */
export interface DailyTally extends OrderTally {
  /** YYYY-MM-DD. */
  date: string;
}

/**
 * The orders of every Madrid day from `firstDay` to `lastDay` (YYYY-MM-DD, both included), oldest
 * first, days without orders included. `since` is the instant `firstDay` starts in Madrid: the orders
 * before it are not read.
 */
export async function ordersPerDay(
  context: CoreContext,
  scope: StaffScope,
  days: { firstDay: string; lastDay: string; since: Date },
): Promise<DailyTally[]> {
  const rows = await selectRows<{ date: string; count: number | string; cents: number | string }>(
    context.db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(t.count, 0) as count,
          coalesce(t.cents, 0) as cents
        from generate_series(${days.firstDay}::date, ${days.lastDay}::date, interval '1 day') as d(day)
        left join (
          select (o.created_at at time zone 'Europe/Madrid')::date as day, count(*) as count,
            coalesce(sum(o.price_cents) filter (where ${counted}), 0) as cents
          from orders o join clients c on c.id = o.client_id
          where o.created_at >= ${at(days.since)} and ${scopeCondition(scope, sql`c.sales_rep_id`)}
          group by 1
        ) t on t.day = d.day::date
        order by d.day`,
  );
  return rows.map((row) => ({ date: row.date, count: Number(row.count), amountCents: Number(row.cents) }));
}

/** A sales rep's pharmacies' orders in a period (`id` null: the pharmacies without a rep). */
export interface SalesRepTally extends OrderTally {
  id: number | null;
  name: string | null;
}

/**
 * The orders of a period per sales rep, highest amount first: every rep in the scope (with zeros),
 * and for an admin the pharmacies without a rep, when they ordered.
 */
export async function ordersPerSalesRep(
  context: CoreContext,
  scope: StaffScope,
  period: Period,
): Promise<SalesRepTally[]> {
  const withoutRep: SQL = scope.everyClient
    ? sql`union all
        select null, null, count(*), coalesce(sum(o.price_cents) filter (where ${counted}), 0)
        from orders o join clients c on c.id = o.client_id
        where c.sales_rep_id is null and ${inPeriod(period)}
        having count(*) > 0`
    : sql``;
  const rows = await selectRows<{
    id: number | null;
    name: string | null;
    count: number | string;
    cents: number | string;
  }>(
    context.db,
    sql`select * from (
          select r.id as id, r.name as name, count(o.id) as count,
            coalesce(sum(o.price_cents) filter (where ${counted}), 0) as cents
          from sales_reps r
          left join clients c on c.sales_rep_id = r.id
          left join orders o on o.client_id = c.id and ${inPeriod(period)}
          where ${scopeCondition(scope, sql`r.id`)}
          group by r.id, r.name
          ${withoutRep}
        ) as t(id, name, count, cents)
        order by t.cents desc, t.name nulls last`,
  );
  return rows.map((row) => ({
    id: row.id === null ? null : Number(row.id),
    name: row.name,
    count: Number(row.count),
    amountCents: Number(row.cents),
  }));
}

/** A pharmacy and what its orders of a period add up to. */
export interface ClientSpend {
  id: number;
  name: string;
  code: string;
  amountCents: number;
}

/**
 * The pharmacies whose orders of `period` (cancelled ones excluded, as the monthly cap counts them)
 * add up to `minimumCents` or more, highest first, at most `limit`.
 */
export async function clientsSpendingAtLeast(
  context: CoreContext,
  scope: StaffScope,
  { period, minimumCents, limit = 50 }: { period: Period; minimumCents: number; limit?: number },
): Promise<ClientSpend[]> {
  const rows = await selectRows<{ id: number; name: string; code: string; cents: number | string }>(
    context.db,
    sql`select c.id as id, c.name as name, c.erp_code as code, sum(o.price_cents) as cents
        from orders o join clients c on c.id = o.client_id
        where ${counted} and ${inPeriod(period)} and ${scopeCondition(scope, sql`c.sales_rep_id`)}
        group by c.id, c.name, c.erp_code
        having sum(o.price_cents) >= ${minimumCents}
        order by cents desc, c.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    code: row.code,
    amountCents: Number(row.cents),
  }));
}
