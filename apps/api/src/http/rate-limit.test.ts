import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptRules } from '../auth/attempt-limits.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { testSettings } from '../settings/settings.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { HttpError } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter (PGlite)', () => {
  let database: TestDatabase;
  let now = new Date('2026-03-10T10:05:00Z');
  let limiter: RateLimiter;
  const settings = testSettings();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const context: CoreContext = { db: database.db, settings, now: () => now };
    limiter = new RateLimiter(context);
  });

  afterAll(async () => {
    await database.close();
  });

  const attempt = (username: string, address: string) =>
    limiter.attempt('login', attemptRules(settings.attemptLimits, { username, address }), 'username');

  async function refusal(promise: Promise<unknown>): Promise<HttpError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof HttpError)) throw new Error('expected a 429');
    return error;
  }

  it('allows 5 attempts per username in a fixed 15-minute window, then 429 until it ends', async () => {
    for (let index = 0; index < 5; index += 1) await attempt('Farmacia.Norte', `192.0.2.${index}`);
    const refused = await refusal(attempt('farmacia.norte ', '192.0.2.99'));
    expect(refused.status).toBe(429);
    // 10:05 in the 10:00–10:15 window: 10 minutes to wait.
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.message).toBe('Demasiados intentos. Inténtalo de nuevo en 10 minutos.');
    expect(refused.errors).toEqual({ username: [refused.message] });
    now = new Date('2026-03-10T10:15:00Z');
    await attempt('farmacia.norte', '192.0.2.100');
  });

  it('gives a successful attempt back without forgiving the failures before it', async () => {
    now = new Date('2026-03-10T11:01:00Z');
    for (let index = 0; index < 4; index += 1) await attempt('farmacia.demo', '192.0.2.200');
    const success = await attempt('farmacia.demo', '192.0.2.200');
    await success.refund();
    await success.refund();
    const counted = async () =>
      (
        await selectRows<{ count: number }>(
          database.db,
          sql`select count from rate_limit_counters where bucket = 'login:username' and key = 'farmacia.demo'`,
        )
      )[0]?.count;
    // The 4 failures stay counted; the success's own attempt was given back, once.
    expect(await counted()).toBe(4);
    await attempt('farmacia.demo', '192.0.2.200');
    expect(await counted()).toBe(5);
    await refusal(attempt('farmacia.demo', '192.0.2.201'));
  });

  it('limits an address to 100 attempts a day over many windows and usernames', async () => {
    const address = '198.51.100.77';
    let allowed = 0;
    for (let window = 0; window < 7; window += 1) {
      now = new Date(Date.parse('2026-03-11T08:00:00Z') + window * 15 * 60_000);
      for (let index = 0; index < 20; index += 1) {
        try {
          await attempt(`u${window}.${index}`, address);
          allowed += 1;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
    }
    expect(allowed).toBe(100);
    const refused = await refusal(attempt('someone', address));
    // 09:30 (the last window's start) to midnight UTC.
    expect(Number(refused.headers['retry-after'])).toBe((24 - 9.5) * 3600);
    expect(refused.message).toBe('Demasiados intentos. Inténtalo de nuevo en 15 horas.');
  });

  it('stores odd keys as a hash and prunes the windows that have ended', async () => {
    const expired = async () =>
      (
        await selectRows<{ rows: number }>(
          database.db,
          sql`select count(*)::int as rows from rate_limit_counters where expires_at < ${now.toISOString()}::timestamptz`,
        )
      )[0]?.rows;
    now = new Date('2026-03-12T10:00:00Z');
    expect(await expired()).toBeGreaterThan(0);
    await limiter.attempt('register', [
      { scope: 'username', key: 'José\u0000 Pérez', limit: 5, windowSeconds: 60 },
    ]);
    const keys = await selectRows<{ key: string }>(
      database.db,
      sql`select key from rate_limit_counters where bucket = 'register:username'`,
    );
    expect(keys.map((row) => row.key)).toEqual([expect.stringMatching(/^sha256:[0-9a-f]{64}$/)]);
    // The scheduled pruning deletes the windows that have ended, in bounded batches.
    const before = Number(await expired());
    expect(await limiter.pruneExpired(2)).toBe(Math.min(2, before));
    let deleted = 0;
    for (let batch = await limiter.pruneExpired(1000); batch > 0; batch = await limiter.pruneExpired(1000)) {
      deleted += batch;
    }
    expect(deleted).toBe(Math.max(0, before - 2));
    expect(await expired()).toBe(0);
    // The window still running stays.
    const [running] = await selectRows<{ rows: number }>(
      database.db,
      sql`select count(*)::int as rows from rate_limit_counters where bucket = 'register:username'`,
    );
    expect(running?.rows).toBe(1);
  });

  it('answers a counter over its limit from memory, when asked, until its window ends', async () => {
    now = new Date('2026-03-13T10:00:30Z');
    const rules = [{ scope: 'address', key: '198.51.100.7', limit: 3, windowSeconds: 60 }];
    const calls = () => limiter.attempt('csrf_cookie', rules, { rememberRefusals: true });
    const counted = async () =>
      (
        await selectRows<{ count: number }>(
          database.db,
          sql`select count from rate_limit_counters where bucket = 'csrf_cookie:address'`,
        )
      )[0]?.count;
    for (let index = 0; index < 3; index += 1) await calls();
    const refused = await refusal(calls());
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.errors).toBeUndefined();
    expect(await counted()).toBe(4);
    // Further calls are refused without a statement: the counter stays where it was.
    for (let index = 0; index < 20; index += 1) await refusal(calls());
    expect(await counted()).toBe(4);
    // The next window starts afresh.
    now = new Date('2026-03-13T10:01:00Z');
    await calls();
  });

  it('builds no statement from a missing key (an address read after its client hung up)', async () => {
    const rules = [{ scope: 'address', key: undefined as unknown as string, limit: 3, windowSeconds: 60 }];
    await expect(limiter.attempt('csrf_cookie', rules)).rejects.toThrow(TypeError);
    await expect(limiter.clear('login', 'username', '')).rejects.toThrow(TypeError);
  });
});
