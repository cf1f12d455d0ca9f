/**
 * An anonymous client cannot grow the attempt counters without bound: 20,000 login and send_reset
 * attempts from one address, each naming a new username, add a bounded number of
 * `rate_limit_counters` rows (the address's counters, and one username row per attempt the address's
 * allowance let through), not a row each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database.ts';
import type { Engine } from '../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';
import { InjectSession } from './session.ts';
import { midWindow } from './suites/login-attempts.ts';

function rowSpraySuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`a spray of attempts on ${engine}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        // The maintenance switch read once, as in production, so the spray measures the counters.
        settings: { trustProxy: 1, maintenanceCheckMs: 60_000 },
      });
      server.setNow(midWindow());
    });
    afterAll(() => server?.close());

    const rows = async () =>
      (
        await selectRows<{ rows: number }>(
          server.database.db,
          sql`select count(*)::int as rows from rate_limit_counters`,
        )
      )[0]?.rows ?? 0;

    it('adds a bounded number of counter rows for 20,000 attempts from one address', async () => {
      const session = new InjectSession(server.app, { 'x-forwarded-for': '198.51.100.200' });
      await session.csrf();
      const before = await rows();
      const started = performance.now();
      const statuses: Record<number, number> = {};
      for (let batch = 0; batch < 200; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, index) => {
            const n = batch * 100 + index;
            return n % 2 === 0
              ? session.request('POST', '/api/v1/auth/login', {
                  payload: { username: `farmacia.spray${n}`, password: 'adivina' },
                })
              : session.request('POST', '/api/v1/password/send_reset', {
                  payload: { username: `farmacia.spray${n}` },
                });
          }),
        );
        for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      }
      const added = (await rows()) - before;
      console.info(
        `[row spray ${engine}] 20,000 attempts in ${Math.round(performance.now() - started)} ms:`,
        statuses,
        `rows added: ${added}`,
      );
      expect(statuses[429]).toBeGreaterThanOrEqual(19_900);
      // Per action: the address's two counters and at most its window's allowance (20) of usernames.
      expect(added).toBeLessThanOrEqual(2 * (2 + 20));
    }, 180_000);

    it('counts an IPv6 client by its /64: 2,000 attempts from 2,000 of its addresses add a bounded number', async () => {
      const before = await rows();
      const statuses: Record<number, number> = {};
      for (let batch = 0; batch < 20; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, async (_, index) => {
            const n = batch * 100 + index;
            const session = new InjectSession(server.app, {
              'x-forwarded-for': `2001:db8:77:1:${n.toString(16)}::${(n % 7) + 1}`,
            });
            await session.csrf();
            return session.request('POST', '/api/v1/auth/login', {
              payload: { username: `farmacia.seis${n}`, password: 'adivina' },
            });
          }),
        );
        for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      }
      const added = (await rows()) - before;
      console.info(
        `[row spray ${engine}] 2,000 attempts from one IPv6 /64:`,
        statuses,
        `rows added: ${added}`,
      );
      // The /64's CSRF-cookie counter (whose limit also stops most of the flood: 419 without a token),
      // its two login address counters and the 20 usernames its window let through.
      expect(added).toBeLessThanOrEqual(1 + 2 + 20);
    }, 120_000);
  });
}

rowSpraySuite('pglite');
