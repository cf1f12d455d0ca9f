/**
 * Nobody locks a pharmacy out: the login limits hold against guessing, but never against the
 * pharmacist's own browser (its device cookie, src/auth/device-cookie.ts). On one instance (PGlite)
 * or two instances over one PostgreSQL, every browser talking to both in turn: an attacker's 200
 * wrong attempts are throttled while the owner's browser logs in at once throughout (even behind the
 * attacker's address); a stolen device cookie alone grants nothing; a password reset lifts the lock.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../src/auth/device-cookie.ts';
import { users } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';
import { histogram, midWindow } from './login-attempts.ts';
import { secretIn } from './reset-mail.ts';

const PORTAL = 'https://portal.botica.example';
const NEW_PASSWORD = 'Manzanilla-y-Anis-42';

/** A browser behind `address` (what the proxy appends), one cookie jar, each call to the next instance. */
class Browser {
  readonly jar: Map<string, string>;
  readonly #sessions: InjectSession[];
  #turn = 0;

  constructor(apps: FastifyInstance[], address: string, jar = new Map<string, string>()) {
    this.jar = jar;
    this.#sessions = apps.map((app) => new InjectSession(app, { 'x-forwarded-for': address }, jar));
  }

  get #next(): InjectSession {
    const session = this.#sessions[this.#turn % this.#sessions.length] as InjectSession;
    this.#turn += 1;
    return session;
  }

  login(username: string, password: string): Promise<LightMyRequestResponse> {
    return this.#next.login(username, password);
  }

  request(...args: Parameters<InjectSession['request']>): Promise<LightMyRequestResponse> {
    return this.#next.request(...args);
  }
}

function lockoutSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`no lockout of a pharmacy's own browser on ${engine}`, () => {
    let first: TestServer;
    let second: TestServer | undefined;
    const apps = () => (second ? [first.app, second.app] : [first.app]);
    const settings = { trustProxy: 1, portalUrl: PORTAL };
    /** The owner of farmacia.norte, behind the address the attacker also uses (a shared NAT). */
    let owner: Browser;
    const shared = '203.0.113.10';

    beforeAll(async () => {
      first = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings,
      });
      if (engine === 'postgres') {
        second = await startTestServer('postgres', { sameDatabaseAs: first, listen: false, settings });
      }
      const now = midWindow();
      first.setNow(now);
      second?.setNow(now);
      owner = new Browser(apps(), shared);
    });

    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it("throttles an attacker's 200 wrong attempts while the owner's browser logs in at once throughout", async () => {
      // The pharmacist logged in from this browser before (yesterday, say): it holds a device cookie.
      expect((await owner.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(200);
      expect(owner.jar.get(DEVICE_COOKIE)).toMatch(/^[0-9a-z]+\.[\w-]{22}\.[\w-]{43}$/);
      // Another pharmacy of the same chain, behind the same address.
      const neighbour = new Browser(apps(), shared);
      expect((await neighbour.login(DEMO_ACCOUNTS.demo, DEMO_PASSWORD)).statusCode).toBe(200);

      // Half the attacker's attempts come from the owner's own address, half from elsewhere.
      const attackers = [new Browser(apps(), shared), new Browser(apps(), '198.51.100.66')];
      const attempts: LightMyRequestResponse[] = [];
      const ownerTimes: number[] = [];
      for (let batch = 0; batch < 10; batch += 1) {
        attempts.push(
          ...(await Promise.all(
            Array.from({ length: 20 }, (_, index) =>
              (attackers[index % 2] as Browser).login(DEMO_ACCOUNTS.norte, `adivina-${batch}-${index}`),
            ),
          )),
        );
        const started = performance.now();
        const login = await owner.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD);
        ownerTimes.push(performance.now() - started);
        expect(login.statusCode, login.body).toBe(200);
      }
      const counts = histogram(
        attempts.map((attempt) => ({ status: attempt.statusCode, retryAfter: 0, body: {} })),
      );
      console.info(
        `[lockout ${engine}] attacker's 200 attempts:`,
        counts,
        `owner's logins (ms): max ${Math.round(Math.max(...ownerTimes))}`,
      );
      expect(counts[422] ?? 0).toBeLessThanOrEqual(5);
      expect(counts[429]).toBeGreaterThanOrEqual(195);
      expect(Math.max(...ownerTimes)).toBeLessThan(3000);

      // A new browser with the right password is still held back (the lock holds against strangers)…
      const stranger = new Browser(apps(), '192.0.2.44');
      expect((await stranger.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(429);
      // …and the address's failures do not keep the neighbour's browser out either.
      expect((await neighbour.login(DEMO_ACCOUNTS.demo, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('grants nothing to a stolen device cookie alone, and limits its guesses', async () => {
      const stolen = owner.jar.get(DEVICE_COOKIE) as string;
      // The owner logs in again later: a new device cookie, the stolen one still valid.
      expect((await owner.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(200);
      expect(owner.jar.get(DEVICE_COOKIE)).not.toBe(stolen);

      const thief = new Browser(apps(), '198.51.100.77', new Map([[DEVICE_COOKIE, stolen]]));
      expect((await thief.request('GET', '/api/v1/user')).statusCode).toBe(401);
      const guesses: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        guesses.push((await thief.login(DEMO_ACCOUNTS.norte, `adivina-${index}`)).statusCode);
      }
      // The device's own budget (10 a window), then refused.
      expect(guesses).toEqual([...Array(10).fill(422), 429, 429]);
      expect((await thief.request('GET', '/api/v1/user')).statusCode).toBe(401);
      // A cookie whose signature was altered is just an unknown browser: the lock holds for it.
      const [issued, nonce, signature] = stolen.split('.') as [string, string, string];
      const forged = `${issued}.${nonce}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
      const forger = new Browser(apps(), '198.51.100.78', new Map([[DEVICE_COOKIE, forged]]));
      expect((await forger.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(429);
      // The owner's current cookie is not touched by the thief's failures.
      expect((await owner.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('lets the pharmacy back in from any browser once its password is reset', async () => {
      const stranger = new Browser(apps(), '192.0.2.45');
      expect((await stranger.login(DEMO_ACCOUNTS.norte, DEMO_PASSWORD)).statusCode).toBe(429);
      const [row] = await first.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.username, DEMO_ACCOUNTS.norte));
      const to = row?.email as string;
      const servers = [first, ...(second ? [second] : [])];
      const before = servers
        .flatMap((server) => server.mail.delivered)
        .filter((mail) => mail.to === to).length;
      const asked = await stranger.request('POST', '/api/v1/password/send_reset', {
        payload: { username: DEMO_ACCOUNTS.norte },
      });
      expect(asked.statusCode).toBe(202);
      let secret = '';
      for (let waited = 0; waited < 10_000 && !secret; waited += 20) {
        const mail = servers
          .flatMap((server) => server.mail.delivered)
          .filter((message) => message.to === to)[before];
        if (mail) secret = secretIn(mail.text);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const reset = await stranger.request('POST', '/api/v1/password/reset', {
        payload: { secret, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // The new password gets in at once, from a browser that never logged in, on every instance.
      for (const address of ['192.0.2.45', '192.0.2.46']) {
        const login = await new Browser(apps(), address).login(DEMO_ACCOUNTS.norte, NEW_PASSWORD);
        expect(login.statusCode, login.body).toBe(200);
      }
      const again = new Browser(apps().reverse(), '192.0.2.47');
      expect((await again.login(DEMO_ACCOUNTS.norte, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });
}

lockoutSuite(projectEngine());
