/** Column shapes every module's tables use alike. */
import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** The primary key: an identity, PostgreSQL `integer`. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** When the row was written (timestamptz, now by default). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Bytes (PostgreSQL `bytea`), as a `Uint8Array`. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
