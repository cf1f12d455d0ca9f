/**
 * The pharmacy's buying habits, read from its orders: the products it orders most ('Mis habituales')
 * and its purchases per month as the monthly cap counts them.
 */
import type { PurchasesByMonth, UsualProduct } from '@botica/api-client/schemas';
import { centsToEuros, madridMonth } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { monthsSpentCents } from '../cart/cart-service.ts';
import { orderConfiguration } from '../configurations/configuration-service.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
  productSummary,
} from '../pricing/pricing-service.ts';

/** How far back the habits look, in months. */
export const HABIT_MONTHS = 12;
/** The most products 'Mis habituales' lists. */
export const USUAL_PRODUCTS_LIMIT = 30;

/** The instant `months` calendar months before `now` (same day and time; the month's last day when shorter). */
function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/**
 * `GET /api/v1/clients/{clientId}/usual-products`: the products in the client's orders of the last 12
 * months (cancelled ones left out), most orders first, ties by the latest order, each with the last
 * quantity ordered and when, and the product as the client sees it now (its price before tiers, its
 * stock); a product the laboratory has withdrawn says so.
 */
export async function usualProducts(context: CoreContext, clientId: number): Promise<UsualProduct[]> {
  const since = monthsBefore(context.now(), HABIT_MONTHS);
  const conditions = await clientConditions(context, clientId);
  // Reads the catalogue's `products` and the pricing's special prices, joined for the client's prices now.
  const rows = await selectRows<
    PricedProductRow & {
      is_active: boolean;
      orders_count: number;
      last_quantity: number;
      last_ordered_at: Date | string;
    }
  >(
    context.db,
    sql`with bought as (
          select l.product_id, l.quantity, o.id as order_id, o.created_at,
                 row_number() over (partition by l.product_id order by o.created_at desc, o.id desc, l.id desc) as recency
          from orders o join order_lines l on l.order_id = o.id
          where o.client_id = ${clientId} and o.status <> 'cancelled' and o.created_at >= ${since.toISOString()}
        ), usual as (
          select product_id, count(distinct order_id)::int as orders_count, max(created_at) as last_ordered_at,
                 max(quantity) filter (where recency = 1) as last_quantity
          from bought group by product_id
          order by orders_count desc, last_ordered_at desc, product_id
          limit ${USUAL_PRODUCTS_LIMIT}
        )
        select ${PRICED_COLUMNS}, p.is_active, u.orders_count, u.last_quantity, u.last_ordered_at
        from usual u join ${pricedProducts(conditions.discountGroupId)} on p.id = u.product_id
        order by u.orders_count desc, u.last_ordered_at desc, p.id`,
  );
  const publicUrl = context.settings.publicUrl;
  return rows.map((row) => ({
    product: productSummary(row, publicUrl),
    orders_count: Number(row.orders_count),
    last_quantity: Number(row.last_quantity),
    last_ordered_at: new Date(row.last_ordered_at).toISOString(),
    is_withdrawn: !row.is_active,
  }));
}

/**
 * `GET /api/v1/clients/{clientId}/purchases-by-month`: the last 12 Madrid months, oldest first and
 * the current one last, each summed in one statement by the very rule the monthly cap is checked
 * with (`monthsSpentCents`, built on the definition `monthSpentCents` uses), and the cap that applies today.
 */
export async function purchasesByMonth(context: CoreContext, clientId: number): Promise<PurchasesByMonth> {
  const now = context.now();
  const months: { key: string; start: Date }[] = [];
  let month = madridMonth(now);
  for (let count = 0; count < HABIT_MONTHS; count += 1) {
    months.unshift({ key: month.key, start: month.start });
    // Any instant of the previous month names it: an hour before this one starts.
    month = madridMonth(new Date(month.start.getTime() - 3_600_000));
  }
  const [spent, configuration] = await Promise.all([
    monthsSpentCents(context, { clientId, months: months.map((entry) => entry.start) }),
    orderConfiguration(context),
  ]);
  return {
    months: months.map((entry, index) => ({ month: entry.key, spent: centsToEuros(spent[index] ?? 0) })),
    cap: centsToEuros(configuration.maximumPurchasePerMonthCents),
  };
}
