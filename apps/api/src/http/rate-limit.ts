/**
 * Rate limits of the sensitive actions (login, `send_reset` and `register`),
 * counted in the database so that every worker process and every instance behind one database counts
 * into the same rows.
 *
 * Each attempt bumps its counters BEFORE the action is handled, in one atomic statement
 * (`insert … on conflict do update set count = count + 1 returning count`): of N attempts that arrive
 * at once, exactly the first `limit` get past, whatever the interleaving, and the rest answer 429.
 *
 * Windows are fixed (aligned to the epoch: 15-minute windows start at :00, :15, :30, :45): one row
 * per key and window, one statement per attempt, and an exact `Retry-After` (the end of the window).
 * Across a window boundary an attacker can get up to twice the limit in a short span; the limits are
 * chosen with that in mind, and a sliding window would need a second read per attempt.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from './errors.ts';

/** One counter an attempt is counted in: e.g. the login attempts of one username in 15 minutes. */
export interface RateLimitRule {
  /** What is counted, within the action: `username`, `address`, `address-day`… */
  scope: string;
  /** Whose attempts: a username, a client address. */
  key: string;
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/** An attempt that got past every limit; `refund()` gives it back, once (e.g. a successful login). */
export interface CountedAttempt {
  refund(): Promise<void>;
}

/**
 * Keys are stored as given when short and plain; anything else (accents, NUL, spaces) as a hash. A
 * key that is not a string (an address read after its client hung up) is a programmer's error: no
 * statement is built from a missing value.
 */
export function storedKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError('a rate-limit key must be a non-empty string');
  return /^[\x21-\x7e]{1,100}$/.test(key) ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** '15 minutos', '1 minuto', '40 segundos'. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `${Math.ceil(minutes / 60)} horas`;
}

/** The 429: a Spanish message with the wait, the same under `field` when given, and `Retry-After`. */
export function tooManyAttempts(retryAfterSeconds: number, field?: string): HttpError {
  const message = `Demasiados intentos. Inténtalo de nuevo en ${duration(retryAfterSeconds)}.`;
  return new HttpError(429, message, field === undefined ? undefined : { [field]: [message] }, {
    'retry-after': String(retryAfterSeconds),
  });
}

interface Bumped {
  bucket: string;
  key: string;
  window_start: string | Date;
  count: number;
}

/** Refusals remembered at most (per app): beyond, further refusals are decided in the database. */
const REMEMBERED_REFUSALS = 10_000;

/** Options of one attempt. */
export interface AttemptOptions {
  /** The field the 429's message is also given under (`errors[field]`). */
  field?: string;
  /**
   * Answer further attempts of a counter already over its limit from memory until its window ends,
   * without a statement (for cheap, anonymous calls that a flood hammers, where every refused call
   * would otherwise update the same row). Such refused calls are not counted: fine for counters that
   * only slow a flood down, not for the login's (whose refused attempts also count into the day's).
   */
  rememberRefusals?: boolean;
}

/** Counts attempts in the database; one per app (it remembers only the refusals it was asked to). */
export class RateLimiter {
  readonly #context: CoreContext;
  /** `bucket\0key` → the end of the window (ms) of a counter found over its limit. */
  readonly #refused = new Map<string, number>();

  constructor(context: CoreContext) {
    this.#context = context;
  }

  /**
   * Counts one attempt of `action` in every rule's counter, atomically, and throws the 429 when any
   * counter is over its limit (with the longest wait of those over). The attempt counts even when it
   * is refused, so hammering does not get more attempts through; it does not extend the wait either.
   * @param options the field of the 429's message (a string: the same), or `AttemptOptions`.
   * @throws HttpError 429 with `Retry-After`, its message also under `field` when given.
   */
  async attempt(
    action: string,
    rules: RateLimitRule[],
    options: string | AttemptOptions = {},
  ): Promise<CountedAttempt> {
    const { field, rememberRefusals = false } = typeof options === 'string' ? { field: options } : options;
    const nowMs = this.#context.now().getTime();
    // One order for every statement (bucket, key), so two attempts sharing counters lock them in the
    // same order and never deadlock.
    const rows = rules
      .map((rule) => {
        const windowMs = rule.windowSeconds * 1000;
        const start = Math.floor(nowMs / windowMs) * windowMs;
        return {
          rule,
          bucket: `${action}:${rule.scope}`,
          key: storedKey(rule.key),
          windowStart: new Date(start),
          expiresAt: new Date(start + windowMs),
        };
      })
      .sort((a, b) =>
        a.bucket + a.key < b.bucket + b.key ? -1 : a.bucket + a.key > b.bucket + b.key ? 1 : 0,
      );
    if (rows.length === 0) return { refund: async () => {} };
    if (rememberRefusals) {
      const until = Math.max(0, ...rows.map((row) => this.#refused.get(`${row.bucket}\0${row.key}`) ?? 0));
      if (until > nowMs) throw tooManyAttempts(Math.max(1, Math.ceil((until - nowMs) / 1000)), field);
    }
    const values = sql.join(
      rows.map(
        (row) =>
          sql`(${row.bucket}, ${row.key}, ${row.windowStart.toISOString()}::timestamptz, 1, ${row.expiresAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const bumped = await selectRows<Bumped>(
      this.#context.db,
      sql`insert into rate_limit_counters (bucket, key, window_start, count, expires_at) values ${values}
          on conflict (bucket, key, window_start) do update set count = rate_limit_counters.count + 1
          returning bucket, key, window_start, count`,
    );
    let wait = 0;
    for (const row of rows) {
      const counted = bumped.find(
        (candidate) => candidate.bucket === row.bucket && candidate.key === row.key,
      );
      if (counted && counted.count > row.rule.limit) {
        wait = Math.max(wait, Math.max(1, Math.ceil((row.expiresAt.getTime() - nowMs) / 1000)));
        if (rememberRefusals) this.#remember(`${row.bucket}\0${row.key}`, row.expiresAt.getTime(), nowMs);
      }
    }
    if (wait > 0) throw tooManyAttempts(wait, field);
    let refunded = false;
    return {
      refund: async () => {
        if (refunded) return;
        refunded = true;
        const counted = sql.join(
          rows.map((row) => sql`(${row.bucket}, ${row.key}, ${row.windowStart.toISOString()}::timestamptz)`),
          sql`, `,
        );
        await this.#context.db.execute(
          sql`update rate_limit_counters set count = count - 1
              where count > 0 and (bucket, key, window_start) in (${counted})`,
        );
      },
    };
  }

  /**
   * Forgets the counters of one key in every window (e.g. a username's login failures once its
   * password has been reset), on every instance: the counters live in the database.
   */
  async clear(action: string, scope: string, key: string): Promise<void> {
    await this.#context.db.execute(
      sql`delete from rate_limit_counters where bucket = ${`${action}:${scope}`} and key = ${storedKey(key)}`,
    );
  }

  #remember(counter: string, until: number, nowMs: number): void {
    if (this.#refused.size >= REMEMBERED_REFUSALS) {
      for (const [key, end] of this.#refused) if (end <= nowMs) this.#refused.delete(key);
      if (this.#refused.size >= REMEMBERED_REFUSALS) return;
    }
    this.#refused.set(counter, until);
  }

  /**
   * Deletes up to `batchSize` counters of windows that have ended; returns how many. Rows another
   * instance is deleting at the same moment are skipped (`for update skip locked`), so several
   * instances prune side by side without waiting for each other (the scheduled pruning, `prune.ts`).
   */
  async pruneExpired(batchSize: number): Promise<number> {
    const now = this.#context.now().toISOString();
    const deleted = await selectRows<{ bucket: string }>(
      this.#context.db,
      sql`delete from rate_limit_counters where (bucket, key, window_start) in (
            select bucket, key, window_start from rate_limit_counters
            where expires_at < ${now}::timestamptz
            limit ${batchSize} for update skip locked)
          returning bucket`,
    );
    return deleted.length;
  }
}
