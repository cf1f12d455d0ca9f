/** The auth module's tables: the stored (logged-in) sessions. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { createdAt } from '../db/columns.ts';

/** Server-side sessions; an anonymous session exists from the CSRF cookie on. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session cookie's random value (the cookie itself is never stored). */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);
