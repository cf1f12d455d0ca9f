/**
 * The substitutes module's table: the products the laboratory offers in place of one that is sold
 * out, in its order. A product without rows here gets the domain's default substitutes.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { products } from '../catalogue/tables.ts';

export const productSubstitutes = pgTable(
  'product_substitutes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    substituteId: integer('substitute_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0 for the first offered. */
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.substituteId] }),
    index('product_substitutes_substitute_idx').on(t.substituteId),
    check('product_substitutes_not_itself', sql`${t.productId} <> ${t.substituteId}`),
  ],
);
