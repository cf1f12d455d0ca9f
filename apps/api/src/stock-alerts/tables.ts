/**
 * The stock-alerts module's table: a pharmacy user's wish to hear when a sold-out product is back
 * (docs/decisions/032-back-in-stock-mail-once.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { products } from '../catalogue/tables.ts';
import { createdAt, id } from '../db/columns.ts';

/**
 * One subscription per row. Open while `notified_at` is null; the claim that writes its e-mail sets
 * it, and it stays as the record of that mail: a product that sells out again needs a new one.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When its e-mail was written into the outbox (or, for a deactivated user, when it was closed). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_unique').on(t.userId, t.productId).where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_open_product_idx').on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);
