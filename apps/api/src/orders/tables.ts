/** The orders module's tables: the orders sent from the portal, their lines and their status history. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients, shops, users } from '../accounts/tables.ts';
import { carts } from '../cart/tables.ts';
import { products } from '../catalogue/tables.ts';
import { createdAt, id } from '../db/columns.ts';

/** A 64-bit transaction id (PostgreSQL `xid8`), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Orders sent from the portal (PEDIDOS WEB). `cart_id` is unique: a cart becomes at most one order. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: text('number').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Who sent it; null once that sub-user is deleted (the order stays the pharmacy's). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartId: integer('cart_id')
      .references(() => carts.id)
      .unique(),
    status: text('status', { enum: ['received', 'processing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('received'),
    notes: text('notes'),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The discount lines as sent: [{ group_name, discount_percent, amount_cents }]. */
    discounts: jsonb('discounts').notNull(),
    /** VAT by rate: [{ rate, base_cents, amount_cents }]. */
    taxes: jsonb('taxes').notNull(),
    /** Whether the client was in the regime of recargo de equivalencia when it sent the order. */
    recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(false),
    /**
     * The recargo de equivalencia by VAT rate, as sent: [{ vat_rate, rate, base_cents, amount_cents }];
     * empty outside the regime. `tax_cents` is the VAT plus these.
     */
    surcharges: jsonb('surcharges').notNull().default([]),
    createdAt: createdAt(),
    /** The shop it goes to; null for the registered address, or once the shop is deleted. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    /**
     * Where it goes, as sent: { shop_id, name, address, postal_code, city, province, phone } (the
     * shop's, or the pharmacy's registered address without a shop on file).
     */
    delivery: jsonb('delivery'),
    /** The wholesaler of a transfer order, as sent: { wholesaler_id, code, name, customer_number }; null: direct. */
    transfer: jsonb('transfer'),
    /**
     * The transaction that inserted the order (never written afterwards): the ERP's feed hands orders
     * out in (feed_xid, id) order, once every transaction below them has ended (`order-feed.ts`).
     */
    feedXid: xid8('feed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('orders_client_created_idx').on(t.clientId, t.createdAt),
    // The back office's list and export, every pharmacy's orders newest first.
    index('orders_created_idx').on(t.createdAt, t.id),
    // The ERP's feed, read in this order from its cursor.
    index('orders_feed_idx').on(t.feedXid, t.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    format: text('format').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * Each change of an order's status the laboratory made, in the transaction of the change: the new
 * status, when, who (null once that user is deleted) and a cancellation's reason.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['received', 'processing', 'shipped', 'delivered', 'cancelled'],
    }).notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.id)],
);
