/**
 * Idempotent changes of the integration area (endpoints defined with `idempotent: true`): a call with
 * an `Idempotency-Key` claims the key (per API key) in the change's own transaction and stores its
 * answer there too, so the change and its answer commit together or not at all. A retry with the same
 * key and body is answered with the stored status and body (`Idempotent-Replayed: true`) and writes
 * nothing; the same key with another body is a 422. A retry that arrives while the first call still
 * runs waits on the claimed row (the unique index holds it until the first commits) and then replays,
 * so two parallel retries write once. A failure of the server (5xx) rolls the claim back with the
 * change: the retry runs again. Rows are pruned after `IDEMPOTENCY_KEPT_DAYS`.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@botica/api-client/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/** How long a key's answer is kept for its retries. */
export const IDEMPOTENCY_KEPT_DAYS = 7;

/**
 * How long the statements of an idempotent call may take (a retry waits for the first call's whole
 * batch), instead of the connections' short `statement_timeout`.
 */
export const IDEMPOTENT_STATEMENT_TIMEOUT_MS = 300_000;

const M = {
  invalid: 'Algunos datos introducidos son incorrectos.',
  keyFormat: 'La clave de idempotencia debe tener de 1 a 255 caracteres imprimibles (ASCII).',
  keyReused:
    'Esta clave de idempotencia ya se usó con otro contenido: usa una clave nueva para cada cambio distinto.',
  busy: 'La petición con esta clave de idempotencia aún no ha terminado. Inténtalo de nuevo en unos segundos.',
} as const;

/** An answer as it left (and leaves again on a retry). */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** The `Idempotency-Key` of a request, undefined without one. @throws HttpError 422 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw))
    throw new HttpError(422, M.invalid, { [IDEMPOTENCY_KEY_HEADER]: [M.keyFormat] });
  return raw;
}

/** SHA-256 (hex) of what a retry must repeat: the method, the path with its query and the body. */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

interface StoredRow {
  id: number;
  request_hash: string;
  status: string;
  answer_status: number | null;
  answer_body: unknown;
}

/**
 * Runs `work` once per API key and idempotency key: the first call claims the key, runs `work` in a
 * savepoint of the claim's transaction and stores its answer; a 4xx `HttpError` of `work` is an answer
 * too (its changes undone, the refusal kept). Anything else rolls back the claim with the change.
 * @returns the answer, and whether it is a replay of an earlier call's.
 */
export async function runIdempotent(
  context: CoreContext,
  claim: { keyId: number; idempotencyKey: string; requestHash: string },
  work: (transaction: CoreContext) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  return context.db.transaction(async (db) => {
    await db.execute(
      sql`select set_config('statement_timeout', ${String(IDEMPOTENT_STATEMENT_TIMEOUT_MS)}, true)`,
    );
    const [claimed] = await selectRows<{ id: number }>(
      db,
      sql`insert into integration_requests (key_id, idempotency_key, request_hash, status, created_at)
          values (${claim.keyId}, ${claim.idempotencyKey}, ${claim.requestHash}, 'running',
                  ${context.now().toISOString()}::timestamptz)
          on conflict (key_id, idempotency_key) do nothing
          returning id`,
    );
    if (!claimed) {
      const [stored] = await selectRows<StoredRow>(
        db,
        sql`select id, request_hash, status, answer_status, answer_body from integration_requests
            where key_id = ${claim.keyId} and idempotency_key = ${claim.idempotencyKey} for update`,
      );
      if (stored?.status !== 'done' || stored.answer_status === null)
        throw new HttpError(409, M.busy, undefined, { 'retry-after': '5' });
      if (stored.request_hash !== claim.requestHash)
        throw new HttpError(422, M.invalid, { [IDEMPOTENCY_KEY_HEADER]: [M.keyReused] });
      return { status: stored.answer_status, body: stored.answer_body, replayed: true };
    }
    let answer: IdempotentAnswer;
    try {
      answer = await db.transaction((savepoint) => work({ ...context, db: savepoint }));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      answer = {
        status: error.status,
        body:
          error.errors === undefined
            ? { message: error.message }
            : { message: error.message, errors: error.errors },
      };
    }
    await db.execute(
      sql`update integration_requests
          set status = 'done', answer_status = ${answer.status},
              answer_body = ${JSON.stringify(answer.body ?? null)}::jsonb
          where id = ${claimed.id}`,
    );
    return { ...answer, replayed: false };
  });
}

/** Deletes up to `batchSize` idempotency rows older than `IDEMPOTENCY_KEPT_DAYS`; returns how many. */
export function pruneIntegrationRequests(context: CoreContext): (batchSize: number) => Promise<number> {
  return async (batchSize) => {
    const before = new Date(context.now().getTime() - IDEMPOTENCY_KEPT_DAYS * 86_400_000);
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from integration_requests where id in (
            select id from integration_requests where created_at < ${before.toISOString()}::timestamptz
            order by id limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  };
}

/** What the route adapter needs to run an idempotent endpoint's call. */
export interface IdempotentCalls {
  run: typeof runIdempotent extends (context: CoreContext, ...rest: infer R) => infer T
    ? (...rest: R) => T
    : never;
  /** The context the calls run with. */
  context: CoreContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How the route adapter runs idempotent calls (null until `installIdempotency`). */
    idempotentCalls: IdempotentCalls | null;
  }
}

/** Lets the route adapter run the idempotent endpoints' calls on `context`'s database. */
export function installIdempotency(app: FastifyInstance, context: CoreContext): void {
  app.decorate('idempotentCalls', {
    context,
    run: (claim, work) => runIdempotent(context, claim, work),
  } satisfies IdempotentCalls);
}
