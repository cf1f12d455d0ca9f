/**
 * The machine clients' API keys: created (the secret is answered once and never again), listed,
 * revoked, and checked on every call of the integration area (`integration-access.ts`). Changes are
 * audited like the staff's other changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_CALLS_PER_PAGE } from '@botica/api-client/admin';
import type { IntegrationScope } from '@botica/api-client/endpoints';
import { INTEGRATION_SCOPES } from '@botica/api-client/endpoints';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { IntegrationKey } from '../http/guards.ts';
import { apiKeys, integrationCalls } from './tables.ts';

/** Every API key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'bk_';
/** The characters of a key shown in lists. */
const SHOWN_CHARACTERS = 10;
/** The default rate of a key, calls per minute. */
export const DEFAULT_RATE_PER_MINUTE = 600;
/** How long the call log is kept. */
export const INTEGRATION_CALLS_KEPT_DAYS = 90;

export type { IntegrationKey } from '../http/guards.ts';

/** A key as lists show it. */
export interface ApiKeySummary extends IntegrationKey {
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
}

/** The SHA-256 of a secret, hex: what is stored and looked up. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function isScope(value: string): value is IntegrationScope {
  return (INTEGRATION_SCOPES as readonly string[]).includes(value);
}

/** The scopes of a new key, checked: at least one, each known, none twice (422 under `scopes`). */
function checkedScopes(scopes: readonly string[]): IntegrationScope[] {
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0)
    throw new HttpError(422, 'Revisa los permisos de la clave.', {
      scopes: [
        unknown.length > 0
          ? `Permiso desconocido: ${unknown.join(', ')}. Usa ${INTEGRATION_SCOPES.join(', ')}.`
          : 'Elige al menos un permiso.',
      ],
    });
  return INTEGRATION_SCOPES.filter((scope) => scopes.includes(scope));
}

function summary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter(isScope),
    ratePerMinute: row.ratePerMinute,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    revokedBy: row.revokedBy,
  };
}

/**
 * Creates a key and answers its secret: the only time it exists outside the caller's hands.
 * @param actor who creates it (null from the command line).
 */
export async function createApiKey(
  context: CoreContext,
  input: { name: string; scopes: readonly string[]; ratePerMinute?: number },
  actor: AuditActor,
): Promise<{ key: ApiKeySummary; secret: string }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100)
    throw new HttpError(422, 'Revisa el nombre de la clave.', {
      name: [name.length === 0 ? 'Escribe un nombre.' : 'Máximo 100 caracteres.'],
    });
  const scopes = checkedScopes(input.scopes);
  const rate = input.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE;
  if (!Number.isInteger(rate) || rate < 1 || rate > 100_000)
    throw new HttpError(422, 'Revisa el límite de llamadas.', {
      rate_per_minute: ['Entre 1 y 100.000 llamadas por minuto.'],
    });
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return inTransaction(context, async (tx) => {
    const [row] = await tx.db
      .insert(apiKeys)
      .values({
        name,
        prefix: secret.slice(0, SHOWN_CHARACTERS),
        secretHash: secretHash(secret),
        scopes,
        ratePerMinute: rate,
        createdAt: tx.now(),
        createdBy: actor?.username ?? null,
      })
      .returning();
    if (!row) throw new Error('the key was not stored');
    const key = summary(row);
    await recordAudit(tx, {
      actor,
      action: 'api_key.created',
      objectType: 'api_key',
      objectId: key.id,
      before: null,
      after: { name: key.name, prefix: key.prefix, scopes: key.scopes, rate_per_minute: key.ratePerMinute },
    });
    return { key, secret };
  });
}

/** Every key, newest first (revoked ones too, marked). */
export async function listApiKeys(context: CoreContext): Promise<ApiKeySummary[]> {
  const rows = await context.db.select().from(apiKeys).orderBy(desc(apiKeys.id));
  return rows.map(summary);
}

/**
 * Revokes a key: its next call is a 401, on every instance (each call reads the key). 404 for an
 * unknown key; revoking a revoked key changes nothing and answers it as it is.
 */
export async function revokeApiKey(
  context: CoreContext,
  id: number,
  actor: AuditActor,
): Promise<ApiKeySummary> {
  return inTransaction(context, async (tx) => {
    const [row] = await tx.db.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!row) throw new HttpError(404, 'La clave de API no existe.');
    if (row.revokedAt !== null) return summary(row);
    const [revoked] = await tx.db
      .update(apiKeys)
      .set({ revokedAt: tx.now(), revokedBy: actor?.username ?? null })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!revoked) throw new Error('the key vanished while locked');
    await recordAudit(tx, {
      actor,
      action: 'api_key.revoked',
      objectType: 'api_key',
      objectId: id,
      before: { revoked_at: null },
      after: { revoked_at: revoked.revokedAt?.toISOString() ?? null },
    });
    return summary(revoked);
  });
}

/** A key with its calls in the last 24 hours and how many of them failed (status 400 or more). */
export interface ApiKeyActivity extends ApiKeySummary {
  calls24h: number;
  failed24h: number;
}

/**
 * Every key (or the one `id` names), newest first, with its last day's calls: one read of the keys,
 * one count of their log.
 */
export async function listApiKeysWithActivity(
  context: CoreContext,
  { id }: { id?: number } = {},
): Promise<ApiKeyActivity[]> {
  const since = new Date(context.now().getTime() - 86_400_000);
  const [keys, counts] = await Promise.all([
    id === undefined
      ? listApiKeys(context)
      : context.db
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.id, id))
          .then((rows) => rows.map(summary)),
    context.db
      .select({
        keyId: integrationCalls.keyId,
        calls: count(),
        failed: sql<number>`count(*) filter (where ${integrationCalls.status} >= 400)`.mapWith(Number),
      })
      .from(integrationCalls)
      .where(
        id === undefined
          ? gte(integrationCalls.at, since)
          : and(eq(integrationCalls.keyId, id), gte(integrationCalls.at, since)),
      )
      .groupBy(integrationCalls.keyId),
  ]);
  const byKey = new Map(counts.map((row) => [row.keyId, row]));
  return keys.map((key) => ({
    ...key,
    calls24h: byKey.get(key.id)?.calls ?? 0,
    failed24h: byKey.get(key.id)?.failed ?? 0,
  }));
}

/** One key, or a 404. */
export async function apiKey(context: CoreContext, id: number): Promise<ApiKeySummary> {
  const [row] = await context.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  if (!row) throw new HttpError(404, 'La clave de API no existe.');
  return summary(row);
}

/**
 * The key a person names on the command line: its id, or its prefix as lists show it (`bk_3f9a1c`,
 * with or without the ellipsis); null when none, or when a prefix names more than one.
 */
export async function apiKeyNamed(context: CoreContext, name: string): Promise<ApiKeySummary | null> {
  const asked = name.trim().replace(/…$/, '');
  const rows = /^\d{1,10}$/.test(asked)
    ? await context.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, Number(asked)))
    : await context.db.select().from(apiKeys).where(eq(apiKeys.prefix, asked));
  const [row] = rows;
  return rows.length === 1 && row ? summary(row) : null;
}

/** One page (1-based, of `API_KEY_CALLS_PER_PAGE`) of a key's calls, newest first, and their total. */
export async function keyCalls(
  context: CoreContext,
  keyId: number,
  page: number,
): Promise<{ rows: (typeof integrationCalls.$inferSelect)[]; total: number }> {
  await apiKey(context, keyId);
  const where = eq(integrationCalls.keyId, keyId);
  const [rows, [counted]] = await Promise.all([
    context.db
      .select()
      .from(integrationCalls)
      .where(where)
      .orderBy(desc(integrationCalls.id))
      .limit(API_KEY_CALLS_PER_PAGE)
      .offset((page - 1) * API_KEY_CALLS_PER_PAGE),
    context.db.select({ total: count() }).from(integrationCalls).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  rate_per_minute: number;
  revoked_at: string | Date | null;
}

const keyBySecret = preparedStatement<KeyRow>(
  'integration_key_by_hash',
  sql`select id, name, prefix, scopes, rate_per_minute, revoked_at from api_keys
      where secret_hash = ${sql.placeholder('hash')}`,
);

/**
 * The key of a secret: the key, 'revoked', or null when no key has it. One indexed read; nothing is
 * cached, so a revocation holds on every instance from the next call.
 */
export async function keyOfSecret(
  context: CoreContext,
  secret: string,
): Promise<IntegrationKey | 'revoked' | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
  const [row] = await keyBySecret(context.db, { hash: secretHash(secret) });
  if (!row) return null;
  if (row.revoked_at !== null) return 'revoked';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter(isScope),
    ratePerMinute: row.rate_per_minute,
  };
}

/** One call of a key, as its answer leaves. */
export interface IntegrationCall {
  keyId: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
}

/**
 * Records a call, and the key's last use (to the minute), in one statement.
 */
export async function recordIntegrationCall(context: CoreContext, call: IntegrationCall): Promise<void> {
  const at = context.now();
  const minuteAgo = new Date(at.getTime() - 60_000);
  await context.db.execute(sql`
    with touched as (
      update api_keys set last_used_at = ${at.toISOString()}::timestamptz
      where id = ${call.keyId} and (last_used_at is null or last_used_at < ${minuteAgo.toISOString()}::timestamptz)
    )
    insert into integration_calls (key_id, at, method, path, status, duration_ms, request_id)
    values (${call.keyId}, ${at.toISOString()}::timestamptz, ${call.method}, ${call.path.slice(0, 300)},
            ${call.status}, ${Math.max(0, Math.round(call.durationMs))}, ${call.requestId})`);
}

/** A key's last calls, newest first. */
export async function recentCalls(
  context: CoreContext,
  keyId: number,
  limit = 50,
): Promise<(typeof integrationCalls.$inferSelect)[]> {
  return context.db
    .select()
    .from(integrationCalls)
    .where(eq(integrationCalls.keyId, keyId))
    .orderBy(desc(integrationCalls.id))
    .limit(limit);
}

/** Deletes up to `batchSize` logged calls older than `INTEGRATION_CALLS_KEPT_DAYS`; returns how many. */
export function pruneIntegrationCalls(context: CoreContext): (batchSize: number) => Promise<number> {
  return async (batchSize) => {
    const before = new Date(context.now().getTime() - INTEGRATION_CALLS_KEPT_DAYS * 86_400_000);
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from integration_calls where id in (
            select id from integration_calls where at < ${before.toISOString()}::timestamptz
            order by id limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  };
}

/** Who the audit log names for a change made through a key: the key's name, no user. */
export function integrationActor(key: IntegrationKey): NonNullable<AuditActor> {
  return { id: null, username: `API: ${key.name}` };
}
