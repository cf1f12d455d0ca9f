/** The configurations module's tables: the laboratory's order rules and the server's own settings. */
import { pgTable, text } from 'drizzle-orm/pg-core';

/** Key/value settings exposed by GET /api/v1/configurations (values are text, amounts in euros). */
export const configurations = pgTable('configurations', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Server settings not exposed to clients (e.g. `maintenance_mode` = 'on'). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
