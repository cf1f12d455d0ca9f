/**
 * The integration module's tables: the machine clients' API keys, the log of their calls and the
 * idempotent changes' keys with their answers.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/**
 * An API key of a machine client (the laboratory's ERP): only the SHA-256 of the secret is kept (the
 * secret is 32 random bytes, so a plain hash is enough: there is nothing to guess from), with its first
 * characters to name it on screen. A revoked key stays, so the log of its calls keeps its name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    /** The secret's first characters (`bk_3f9a1c`), shown in lists; not enough to call with. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** What the key may reach: `catalogue`, `stock`, `pharmacies`, `orders`, `documents`. */
    scopes: text('scopes').array().notNull(),
    /** Calls per minute; past it, 429 with `Retry-After`. */
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    createdAt: createdAt(),
    /** The staff member who created it; null from the command line. */
    createdBy: text('created_by'),
    /** The last call, to the minute (kept coarse so that a busy key does not rewrite its row per call). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    check('api_keys_rate', sql`${t.ratePerMinute} between 1 and 100000`),
  ],
);

/**
 * One row per call of an API key, written as its answer leaves: what it called, the status and how
 * long it took. The integration's own audit trail (what a call changed is in `audit_log` as well);
 * pruned after `INTEGRATION_CALLS_KEPT_DAYS`.
 */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: id(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    /** The route's pattern (`/api/v1/integration/orders/:id`), or the path when none matched. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    requestId: text('request_id').notNull(),
  },
  (t) => [index('integration_calls_key_idx').on(t.keyId, t.id), index('integration_calls_at_idx').on(t.at)],
);

/**
 * The changes a key made with an `Idempotency-Key` (`idempotency.ts`): one row per key and
 * idempotency key, claimed in the change's own transaction and holding its answer, so a retry is
 * answered the same and writes nothing. Pruned after `IDEMPOTENCY_KEPT_DAYS`.
 */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: id(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 (hex) of the method, the path and the body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** 'running' while its transaction is open (never seen by another), 'done' with its answer. */
    status: text('status').notNull(),
    answerStatus: integer('answer_status'),
    answerBody: jsonb('answer_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_requests_key_idx').on(t.keyId, t.idempotencyKey),
    index('integration_requests_created_idx').on(t.createdAt),
    check('integration_requests_status', sql`${t.status} in ('running', 'done')`),
  ],
);
