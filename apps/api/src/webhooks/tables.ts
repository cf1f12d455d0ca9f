/**
 * The webhooks module's tables: the ERP's endpoints an admin sets in the back office, and the
 * deliveries of events to them (an outbox: written in the transaction of the change the event is
 * about, delivered by the sender after the commit).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/**
 * Where events go: an https URL (http only to loopback, for development and tests), the events it
 * subscribes to and the secret its deliveries are signed with (`whsec_…`, shown to the admin so the
 * ERP can verify; a rotation replaces it).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  /** The event types it receives, e.g. `order.placed`. */
  events: jsonb('events').$type<string[]>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Moves on with every change: an edit names the version it was made on. */
  version: integer('version').notNull().default(1),
});

/**
 * One event for one endpoint. `message_id` (`msg_…`) is the `webhook-id` of every attempt, so the
 * receiver can recognise a repeat. The sender claims due rows (`for update skip locked`, then a lease
 * in `locked_until`), so several instances never deliver one row at once. A deleted endpoint takes
 * its deliveries with it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body as sent: `{type, timestamp, data}`. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    /** Delivery attempts so far (counted when a sender claims the row). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a sender holds the row: until when (a sender that died mid-delivery lets go then). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** How long the last attempt took, in milliseconds. */
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_idx').on(t.messageId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_status_idx').on(t.status, t.id),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);
