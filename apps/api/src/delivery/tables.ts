/**
 * The delivery module's tables: the laboratory's wholesalers, the ones each pharmacy may send transfer
 * orders through, and the shop each user last sent an order to (what the cart proposes next time).
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients, shops, users } from '../accounts/tables.ts';
import { createdAt, id } from '../db/columns.ts';

/** The wholesalers (distribuidores) the laboratory works with; `code` upper case and unique. */
export const wholesalers = pgTable('wholesalers', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** The wholesalers a pharmacy may send transfer orders through, with its customer number at each. */
export const clientWholesalers = pgTable(
  'client_wholesalers',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    wholesalerId: integer('wholesaler_id')
      .notNull()
      .references(() => wholesalers.id, { onDelete: 'cascade' }),
    customerNumber: text('customer_number'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.wholesalerId] })],
);

/** The shop each user last sent an order to; gone with the shop or the user. */
export const userShopChoices = pgTable('user_shop_choices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shopId: integer('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
});
