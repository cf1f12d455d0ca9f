/**
 * The login limits shared by two app instances on one PostgreSQL database (suites/rate-limits.test.ts
 * runs the limits of one instance on both databases): the counters live in the database, so a burst
 * split over both instances gets no more attempts through than one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';
import { burst, expectTooMany, histogram, midWindow, prepareLogin } from './suites/login-attempts.ts';

describe.skipIf(isUnavailable('postgres'))('login limits shared by two instances on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer('postgres', {
      postgresUrl: postgresUrl(),
      products: 50,
      settings: { trustProxy: 1 },
    });
    second = await startTestServer('postgres', { sameDatabaseAs: first, settings: { trustProxy: 1 } });
    const now = midWindow();
    first.setNow(now);
    second.setNow(now);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('lets at most 5 of 100 parallel logins for one username through, split over both', async () => {
    const logins = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        prepareLogin(
          (index % 2 === 0 ? first : second).url,
          { username: DEMO_ACCOUNTS.norte, password: `guess-${index}` },
          // Many addresses: only the username's counter can stop them.
          { address: `198.51.100.${index + 1}` },
        ),
      ),
    );
    const attempts = await burst(logins);
    const counts = histogram(attempts);
    console.info('[rate-limits two instances] 100 parallel logins for one username:', counts);
    expect(counts[422] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(95);
    expectTooMany(attempts);
    for (const server of [first, second]) {
      const login = await prepareLogin(
        server.url,
        { username: DEMO_ACCOUNTS.norte, password: DEMO_PASSWORD },
        { address: '192.0.2.1' },
      );
      expect((await login()).status).toBe(429);
    }
  });

  it('shares the address counter: an address blocked on one instance is blocked on the other', async () => {
    const attempts = await burst(
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          prepareLogin(
            first.url,
            { username: `nadie.${index}`, password: 'guess' },
            { address: '192.0.2.9' },
          ),
        ),
      ),
    );
    expect(histogram(attempts)).toEqual({ 422: 20 });
    const elsewhere = await prepareLogin(
      second.url,
      { username: DEMO_ACCOUNTS.limite, password: DEMO_PASSWORD },
      { address: '192.0.2.9' },
    );
    expect((await elsewhere()).status).toBe(429);
  });
});
