/**
 * The login limits under parallel attempts, over HTTP: counted before the password check, atomically,
 * per username, per client address (many usernames from one address), and with an address that a
 * client cannot refresh by writing `X-Forwarded-For` itself (TRUST_PROXY=1: one proxy hop).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';
import { burst, expectTooMany, histogram, midWindow, prepareLogin } from './login-attempts.ts';

function rateLimitSuite(engine: Engine): void {
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

rateLimitSuite(projectEngine());
