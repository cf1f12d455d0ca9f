/**
 * A login storm does not stall the pharmacist's login: at most `LOGIN_CHECKS_IN_FLIGHT` password
 * checks (scrypt) run at once and `LOGIN_CHECKS_QUEUED` wait; the rest of a storm is answered 429 at
 * once, and a login from a browser with a device cookie is served before everything waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BUSY_MESSAGE } from '../src/auth/password-checks.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';
import { midWindow } from './suites/login-attempts.ts';

describe('a storm of 200 parallel logins', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      listen: false,
      products: 50,
      settings: { trustProxy: 1, maintenanceCheckMs: 60_000 },
    });
    server.setNow(midWindow());
  });
  afterAll(() => server?.close());

  it("answers beyond the queue at once and lets the owner's browser in first", async () => {
    const owner = new InjectSession(server.app, { 'x-forwarded-for': '192.0.2.10' });
    expect((await owner.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(200);
    await owner.csrf();
    // 200 strangers, each from its own address and naming its own username: no counter stops them.
    const strangers = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const session = new InjectSession(server.app, {
          'x-forwarded-for': `10.${Math.floor(index / 250)}.${index % 250}.1`,
        });
        await session.csrf();
        return session;
      }),
    );
    const started = performance.now();
    const storm = strangers.map(async (session, index) => {
      const answer = await session.request('POST', '/api/v1/auth/login', {
        payload: { username: `farmacia.tormenta${index}`, password: 'adivina' },
      });
      return { status: answer.statusCode, body: answer.json(), ms: performance.now() - started };
    });
    // The owner's login arrives just after the storm.
    await new Promise((resolve) => setImmediate(resolve));
    const ownerLogin = owner
      .request('POST', '/api/v1/auth/login', {
        payload: { username: DEMO_ACCOUNTS.norte, password: DEMO_PASSWORD },
      })
      .then((answer) => ({ status: answer.statusCode, ms: performance.now() - started }));
    const answers = await Promise.all(storm);
    const ownerAnswer = await ownerLogin;
    const drained = performance.now() - started;
    const counts: Record<number, number> = {};
    for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    const refused = answers.filter((answer) => answer.status === 429);
    const checked = answers.filter((answer) => answer.status === 422);
    const slowestRefusal = Math.max(...refused.map((answer) => answer.ms));
    console.info(
      '[login storm] 200 parallel logins:',
      counts,
      `drained in ${Math.round(drained)} ms; slowest 429 ${Math.round(slowestRefusal)} ms;`,
      `owner's login ${Math.round(ownerAnswer.ms)} ms; slowest checked ${Math.round(Math.max(...checked.map((answer) => answer.ms)))} ms`,
    );
    expect(ownerAnswer.status).toBe(200);
    expect(Object.keys(counts).sort()).toEqual(['422', '429']);
    // Settings' defaults: 2 checks at once and 32 waiting.
    expect(checked.length).toBeLessThanOrEqual(2 + 32);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        message: LOGIN_BUSY_MESSAGE,
        errors: { username: [LOGIN_BUSY_MESSAGE] },
      });
    }
    // The refusals leave before any password check could have finished a queue's worth of work, and
    // the owner's login does not wait for the queue: it is done before most checked logins are.
    const checkedTimes = checked.map((answer) => answer.ms).sort((a, b) => a - b);
    expect(slowestRefusal).toBeLessThan(checkedTimes[Math.floor(checkedTimes.length / 2)] as number);
    expect(ownerAnswer.ms).toBeLessThan(checkedTimes[Math.floor(checkedTimes.length / 2)] as number);
  }, 120_000);
});
