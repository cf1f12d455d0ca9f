/**
 * The pricing module's tables: the discount groups, their special prices, the volume tiers and the
 * pricing epoch.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from '../catalogue/tables.ts';
import { id } from '../db/columns.ts';

/** Discount groups: each gives its clients a cart-level discount line and may set special unit prices. */
export const discountGroups = pgTable('discount_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  /** The ERP's code of the group (upper case), how its batches name it; null until one names it. */
  code: text('code').unique(),
  description: text('description').notNull().default(''),
  /** The cart-level discount of the group, in percent (0–100, two decimals). */
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

/**
 * One row: a number that every change to what prices a cart (products, special prices, volume tiers,
 * discount groups, clients' groups, configurations) or to the catalogue's trees (categories, the
 * products' categories and tags) moves on, in the changing transaction (statement triggers of
 * migrations 0007 and 0027). A cart save compares it with the number its remembered prices were
 * read under, instead of recomputing them all. Not part of the demo data: a reset keeps and moves it.
 */
export const pricingEpoch = pgTable(
  'pricing_epoch',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
  },
  (table) => [check('pricing_epoch_single_row', sql`${table.id}`)],
);

/** Special unit prices of a discount group (the client's `final_price`). */
export const specialPrices = pgTable(
  'special_prices',
  {
    discountGroupId: integer('discount_group_id')
      .notNull()
      .references(() => discountGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountGroupId, t.productId] })],
);

/** Volume tiers of a product: from `min_quantity` units the unit price drops by `discount_percent`. */
export const volumeRules = pgTable(
  'volume_rules',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('volume_rules_product_min_idx').on(t.productId, t.minQuantity)],
);
