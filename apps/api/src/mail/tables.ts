/** The mail module's table: the outbox. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/**
 * E-mail waiting to go out (src/mail/): written in the same transaction as the change that causes it,
 * so a change that rolls back sends nothing and a committed one is never without its message. The
 * sender claims due rows (`for update skip locked`, then a lease in `locked_until`, so several
 * instances never deliver one row at once), delivers them and records the outcome. The bodies are
 * cleared once a message has left: a reset link's secret does not stay in the table.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** What the message is, e.g. `password_reset`, `registration_received` (for logs and tests). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text part; null once delivered or given up. */
    textBody: text('text_body'),
    /** The HTML part; null once delivered or given up. */
    htmlBody: text('html_body'),
    /**
     * Files sent with the message (e.g. a webinar's `.ics` invitation): a name, a MIME type and the
     * content as text or base64. Null when it has none, and once delivered or given up.
     */
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
      >(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    /** Delivery attempts so far (counted when a sender claims the row). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a sender holds the row: until when (a sender that died mid-delivery lets go then). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** After this the message is worthless (a reset link that has expired) and is not sent. */
    discardAfter: timestamp('discard_after', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The dashboard's failed and stuck messages, without reading every message ever sent.
    index('outbox_undelivered_idx').on(t.status, t.id).where(sql`${t.status} in ('failed', 'pending')`),
    check('outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed', 'expired')`),
  ],
);
