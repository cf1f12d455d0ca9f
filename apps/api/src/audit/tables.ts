/** The audit module's table: what the laboratory's staff changed, who, when, before and after. */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../db/columns.ts';

/**
 * One change per row, written in the transaction of the change itself (so a row exists exactly when
 * the change does). Who made it is kept by id and by the username of the time, without a foreign key:
 * the log outlives the users it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff member; null for a change made from the command line. */
    userId: integer('user_id'),
    username: text('username'),
    /** E.g. 'registration.approved'. */
    action: text('action').notNull(),
    /** E.g. 'registration'. */
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** The object before the change; null for a creation. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The object after the change; null for a deletion. */
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_user_idx').on(t.userId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
