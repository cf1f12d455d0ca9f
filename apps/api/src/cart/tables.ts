/** The cart module's table: each client's open cart (and the carts that became orders). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../accounts/tables.ts';
import { createdAt, id } from '../db/columns.ts';

/**
 * One open cart per client, shared by its users; `version` increases with every acknowledged save.
 * `items` holds its lines in the order they were added: `[{product_id, quantity, unit_cents}]`, every
 * product at most once, quantities ≥ 1 (the API validates them; saves replace the whole document);
 * `unit_cents` is the unit price the save answered (absent in carts saved before it was kept), so a
 * later answer can tell the pharmacist that the laboratory has changed it since.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status', { enum: ['open', 'ordered'] })
      .notNull()
      .default('open'),
    version: integer('version').notNull().default(0),
    items: jsonb('items')
      .$type<{ product_id: number; quantity: number; unit_cents?: number }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_one_open_per_client').on(t.clientId).where(sql`${t.status} = 'open'`),
    // The client's carts, for the version a new cart continues from. `version` is in no index, so a
    // save's update is a heap-only one: no index entry written for a save.
    index('carts_client_idx').on(t.clientId),
  ],
);
