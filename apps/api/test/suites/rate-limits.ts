/**
 * The login limits under parallel attempts, over HTTP: counted before the password check, atomically,
 * per username, per client address (many usernames from one address), and with an address that a
 * client cannot refresh by writing `X-Forwarded-For` itself (TRUST_PROXY=1: one proxy hop).
 */
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';

/**
 * A clock stopped in the middle of a 15-minute window (and so of the day's window too), so that no
 * test straddles a window boundary, where the counters start again.
 */
export function midWindow(): Date {
  const window = 15 * 60_000;
  return new Date(Math.floor(Date.now() / window) * window + window / 2);
}

/** What a login attempt answered: its status, Retry-After and body. */
export interface Attempt {
  status: number;
  retryAfter: number;
  body: { message?: string; errors?: Record<string, string[]> };
}

/**
 * An anonymous session of its own (cookie and CSRF token), then one login over HTTP. `address` is
 * what the proxy in front of the server appends to `X-Forwarded-For`; `forged` what the client wrote
 * there itself.
 */
export async function prepareLogin(
  baseUrl: string,
  credentials: { username: string; password: string },
  headers: { address?: string; forged?: string } = {},
): Promise<() => Promise<Attempt>> {
  const forwarded = [headers.forged, headers.address].filter(Boolean).join(', ');
  const proxy: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
  const started = await fetch(`${baseUrl}/sanctum/csrf-cookie`, { headers: proxy });
  const cookies = started.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const token = decodeURIComponent(
    cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '',
  );
  return async () => {
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        ...proxy,
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: cookies.join('; '),
        'x-xsrf-token': token,
      },
      body: JSON.stringify(credentials),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 0),
      body: (await response.json()) as Attempt['body'],
    };
  };
}

/** Fires the prepared logins all at once. */
export async function burst(logins: (() => Promise<Attempt>)[]): Promise<Attempt[]> {
  return Promise.all(logins.map((login) => login()));
}

/** Statuses of a burst: `{ 422: 5, 429: 195 }`. */
export function histogram(attempts: Attempt[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const attempt of attempts) counts[attempt.status] = (counts[attempt.status] ?? 0) + 1;
  return counts;
}

/** Every 429 is `{message, errors.username}` in Spanish with a Retry-After of up to a day. */
export function expectTooMany(attempts: Attempt[]): void {
  for (const attempt of attempts.filter((candidate) => candidate.status === 429)) {
    expect(ErrorBodySchema.safeParse(attempt.body).success).toBe(true);
    expect(attempt.body.message).toMatch(
      /^Demasiados intentos\. Inténtalo de nuevo en \d+ (segundos?|minutos?|horas)\.$/,
    );
    expect(attempt.body.errors?.username).toEqual([attempt.body.message]);
    expect(attempt.retryAfter).toBeGreaterThan(0);
    expect(attempt.retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
  }
}

export function rateLimitSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`login limits under parallel attempts on ${engine}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      // One proxy hop in front of the server: each test is its own client address.
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        products: 50,
        settings: { trustProxy: 1 },
      });
      server.setNow(midWindow());
    });

    afterAll(async () => {
      await server?.close();
    });

    it('lets at most 5 of 200 parallel logins for one username reach the password check', async () => {
      const wrong = Array.from({ length: 200 }, (_, index) =>
        prepareLogin(
          server.url,
          { username: DEMO_ACCOUNTS.norte, password: `guess-${index}` },
          { address: '198.51.100.1' },
        ),
      );
      // The right password sits in the middle of the burst.
      wrong.splice(
        100,
        1,
        prepareLogin(
          server.url,
          { username: DEMO_ACCOUNTS.norte, password: DEMO_PASSWORD },
          { address: '198.51.100.1' },
        ),
      );
      const attempts = await burst(await Promise.all(wrong));
      const counts = histogram(attempts);
      const checked = attempts.filter((attempt) => attempt.status !== 429).length;
      console.info(`[rate-limits ${engine}] 200 parallel logins for one username:`, counts);
      expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(5);
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(counts[429]).toBeGreaterThanOrEqual(195);
      expect(Object.keys(counts).every((status) => ['200', '422', '429'].includes(status))).toBe(true);
      expectTooMany(attempts);

      // Once the limit is reached the right password does not get in, from anywhere.
      const afterwards = await burst(
        await Promise.all(
          ['198.51.100.1', '198.51.100.2'].map((address) =>
            prepareLogin(server.url, { username: DEMO_ACCOUNTS.norte, password: DEMO_PASSWORD }, { address }),
          ),
        ),
      );
      expect(afterwards.map((attempt) => attempt.status)).toEqual([429, 429]);
    });

    it('limits one address across many usernames (20 a window), and not the others', async () => {
      const attempts = await burst(
        await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            prepareLogin(
              server.url,
              { username: `nadie.${index}`, password: 'guess' },
              { address: '198.51.100.3' },
            ),
          ),
        ),
      );
      const counts = histogram(attempts);
      console.info(`[rate-limits ${engine}] 60 parallel logins, 60 usernames, one address:`, counts);
      expect(counts[422] ?? 0).toBeLessThanOrEqual(20);
      expect(counts[422] ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts[429]).toBeGreaterThanOrEqual(40);
      expectTooMany(attempts);

      // A real account with its right password is refused from that address, let in from another.
      const [blocked, other] = await burst(
        await Promise.all(
          ['198.51.100.3', '198.51.100.4'].map((address) =>
            prepareLogin(
              server.url,
              { username: DEMO_ACCOUNTS.limite, password: DEMO_PASSWORD },
              { address },
            ),
          ),
        ),
      );
      expect(blocked?.status).toBe(429);
      expect(other?.status).toBe(200);
    });

    it('counts the address the proxy saw: a forged X-Forwarded-For gets no fresh address', async () => {
      const attempts = await burst(
        await Promise.all(
          Array.from({ length: 40 }, (_, index) =>
            prepareLogin(
              server.url,
              { username: `otro.${index}`, password: 'guess' },
              { forged: `203.0.113.${index + 1}`, address: '198.51.100.5' },
            ),
          ),
        ),
      );
      const counts = histogram(attempts);
      expect(counts[422] ?? 0).toBeLessThanOrEqual(20);
      expect(counts[429]).toBeGreaterThanOrEqual(20);
    });

    it('does not count successful logins against the pharmacy (only failures use the allowance)', async () => {
      const logins = [];
      for (let index = 0; index < 25; index += 1) {
        const login = await prepareLogin(
          server.url,
          { username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD },
          { address: '198.51.100.6' },
        );
        logins.push((await login()).status);
      }
      expect(logins.every((status) => status === 200)).toBe(true);
    });
  });
}
