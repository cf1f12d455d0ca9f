/**
 * Anonymous traffic cannot grow the database: an anonymous visitor's CSRF cookie
 * is stateless and signed (no session row until login), forged tokens are 419, expired sessions and
 * ended rate-limit windows are pruned on a schedule, and `GET /sanctum/csrf-cookie` is rate limited
 * per address. Rows are counted, nothing is timed.
 */
import { createHmac } from 'node:crypto';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneUnsuccessfulRegistrations } from '../../src/access/registrations-service.ts';
import { CSRF_SECRET_KEY } from '../../src/auth/csrf-secret.ts';
import { pruneOnce } from '../../src/auth/prune.ts';
import { SessionStore } from '../../src/auth/sessions.ts';
import type { CoreContext } from '../../src/context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { pruneOldSurveyAnswers } from '../../src/survey/survey-service.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

async function count(server: TestServer, table: 'sessions' | 'rate_limit_counters'): Promise<number> {
  const [row] = await selectRows<{ rows: number }>(
    server.database.db,
    sql`select count(*)::int as rows from ${sql.identifier(table)}`,
  );
  return row?.rows ?? -1;
}

function expectError(response: { statusCode: number; body: string }, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.safeParse(JSON.parse(response.body)).success).toBe(true);
}

/** The anonymous token the server would make for a session cookie under `secret`. */
function anonymousToken(secret: string, cookie: string): string {
  return createHmac('sha256', secret).update(`botica-anonymous-csrf\n${cookie}`).digest('base64url');
}

/** Inserts sessions idle for `idleMinutes`, for the user `userId`. */
async function insertSessions(server: TestServer, prefix: string, rows: number, idleMinutes: number) {
  const [user] = await selectRows<{ id: number }>(server.database.db, sql`select id from users limit 1`);
  await server.database.db.execute(
    sql`insert into sessions (id, user_id, csrf_token, created_at, last_seen_at)
        select ${prefix} || n, ${user?.id ?? null}, 't', now(), now() - make_interval(mins => ${idleMinutes})
        from generate_series(1, ${rows}) as n`,
  );
}

async function sessionsLike(server: TestServer, prefix: string): Promise<number> {
  const [row] = await selectRows<{ rows: number }>(
    server.database.db,
    sql`select count(*)::int as rows from sessions where id like ${`${prefix}%`}`,
  );
  return row?.rows ?? -1;
}

function anonymousSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`anonymous visitors on ${engine}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { csrfCookieLimitPerAddress: 5_000 },
      });
    });
    afterAll(() => server?.close());

    it('stores no session for 1,000 cookie-less GET /sanctum/csrf-cookie (and one counter row)', async () => {
      const sessionsBefore = await count(server, 'sessions');
      const countersBefore = await count(server, 'rate_limit_counters');
      const tokens = new Set<string>();
      for (let index = 0; index < 1_000; index += 1) {
        const response = await server.app.inject({
          method: 'GET',
          url: '/sanctum/csrf-cookie',
          remoteAddress: '192.0.2.10',
        });
        expect(response.statusCode).toBe(204);
        const cookie = (response.cookies as { name: string; value: string }[]).find(
          (candidate) => candidate.name === 'XSRF-TOKEN',
        );
        tokens.add(cookie?.value ?? '');
      }
      expect(tokens.size).toBe(1_000);
      expect(await count(server, 'sessions')).toBe(sessionsBefore);
      // The address's counter of the rate limit (one row per address and minute; two if the loop
      // crossed a minute).
      expect(await count(server, 'rate_limit_counters')).toBeLessThanOrEqual(countersBefore + 2);
    });

    it('logs in from an anonymous token; only the login stores a session, with a new cookie and token', async () => {
      const session = new InjectSession(server.app);
      await session.csrf();
      const anonymous = session.cookies.get('botica_session') ?? '';
      const anonymousCsrf = session.csrfToken;
      expect(anonymous).toMatch(/^anon\./);
      const before = await count(server, 'sessions');
      const login = await session.request('POST', '/api/v1/auth/login', {
        payload: { username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(await count(server, 'sessions')).toBe(before + 1);
      expect(session.cookies.get('botica_session')).not.toBe(anonymous);
      expect(session.csrfToken).not.toBe(anonymousCsrf);
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
      // The CSRF cookie of a logged-in session is its stored token, the same on every call.
      const token = session.csrfToken;
      await session.csrf();
      expect(session.csrfToken).toBe(token);
      expect((await session.request('POST', '/api/v1/cart', { payload: { products: [] } })).statusCode).toBe(
        200,
      );
      // A wrong password from an anonymous token is the usual 422 (the token passed).
      const wrong = new InjectSession(server.app);
      await wrong.csrf();
      expectError(await wrong.login(DEMO_ACCOUNTS.norte, 'not-the-password'), 422);
    });

    it('refuses forged, unsigned, other-key, unbound and expired anonymous tokens with 419', async () => {
      const [row] = await selectRows<{ value: string }>(
        server.database.db,
        sql`select value from settings where key = ${CSRF_SECRET_KEY}`,
      );
      const secret = row?.value ?? '';
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const payload = { username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD };
      const login = (cookies: Record<string, string>, token: string | false) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: {
            cookie: Object.entries(cookies)
              .map(([name, value]) => `${name}=${value}`)
              .join('; '),
            ...(token === false ? {} : { 'x-xsrf-token': token }),
          },
          payload,
        });
      const visitor = new InjectSession(server.app);
      await visitor.csrf();
      const cookie = visitor.cookies.get('botica_session') ?? '';
      const token = visitor.csrfToken ?? '';
      expect(token).toBe(anonymousToken(secret, cookie));
      const other = new InjectSession(server.app);
      await other.csrf();
      const issued = cookie.split('.')[1] ?? '';
      const madeUp = `anon.${issued}.${'A'.repeat(22)}`;

      // No token, a made-up one, one signed with another key, another visitor's token.
      expectError(await login({ botica_session: cookie, 'XSRF-TOKEN': token }, false), 419);
      expectError(await login({ botica_session: cookie, 'XSRF-TOKEN': 'x' }, 'x'), 419);
      expectError(await login({ botica_session: cookie }, anonymousToken('k'.repeat(32), cookie)), 419);
      expectError(await login({ botica_session: cookie }, other.csrfToken ?? ''), 419);
      // A cookie made up by the client, with a token it cannot sign.
      expectError(await login({ botica_session: madeUp }, anonymousToken('k'.repeat(32), madeUp)), 419);
      // Plain double submit (the same value in the cookie and the header) without the HttpOnly
      // cookie it is bound to: what a script on a sibling subdomain could plant.
      expectError(await login({ 'XSRF-TOKEN': token }, token), 419);
      // A valid pair, then the same pair two hours later.
      expect((await login({ botica_session: cookie }, token)).statusCode).toBe(200);
      try {
        server.setNow(new Date(Date.now() + 121 * 60_000));
        expectError(await login({ botica_session: cookie }, token), 419);
      } finally {
        server.setNow(null);
      }
      // Signed with the right key, the server accepts it (the scheme is what the comment says).
      expect((await login({ botica_session: madeUp }, anonymousToken(secret, madeUp))).statusCode).toBe(200);
    });

    it('renews an anonymous cookie past half its life, keeps it before', async () => {
      const visitor = new InjectSession(server.app);
      await visitor.csrf();
      const first = visitor.cookies.get('botica_session');
      await visitor.csrf();
      expect(visitor.cookies.get('botica_session')).toBe(first);
      try {
        server.setNow(new Date(Date.now() + 61 * 60_000));
        await visitor.csrf();
        expect(visitor.cookies.get('botica_session')).not.toBe(first);
        expect(
          (await visitor.request('POST', '/api/v1/auth/login', { payload: { username: 'x', password: 'y' } }))
            .statusCode,
        ).toBe(422);
      } finally {
        server.setNow(null);
      }
    });

    it('prunes expired sessions and ended rate-limit windows in bounded batches, keeping the live ones', async () => {
      await insertSessions(server, 'expired-', 25, 121);
      await insertSessions(server, 'live-', 3, 30);
      await server.database.db.execute(
        sql`insert into rate_limit_counters (bucket, key, window_start, count, expires_at)
            select 'test:ended', 'k' || n, now() - interval '1 hour', 1, now() - interval '45 minutes'
            from generate_series(1, 12) as n`,
      );
      const context: CoreContext = {
        db: server.database.db,
        settings: testSettings(),
        now: () => new Date(),
      };
      const store = new SessionStore(context);
      expect(await store.pruneExpired(10)).toBe(10);
      const deleted = await pruneOnce(
        {
          sessions: (batch) => store.pruneExpired(batch),
          counters: (batch) => new RateLimiter(context).pruneExpired(batch),
        },
        7,
      );
      expect(deleted.sessions).toBeGreaterThanOrEqual(15);
      expect(deleted.counters).toBeGreaterThanOrEqual(12);
      expect(await sessionsLike(server, 'expired-')).toBe(0);
      expect(await sessionsLike(server, 'live-')).toBe(3);
      const [ended] = await selectRows<{ rows: number }>(
        server.database.db,
        sql`select count(*)::int as rows from rate_limit_counters where bucket = 'test:ended'`,
      );
      expect(ended?.rows).toBe(0);
    });

    it('deletes what the privacy policy promises: unsuccessful registration requests after 12 months, survey answers 2 years after the survey closed', async () => {
      const db = server.database.db;
      const [user] = await selectRows<{ id: number }>(db, sql`select id from users order by id limit 1`);
      const request = (username: string, status: string, monthsAgo: number) =>
        sql`insert into registration_requests (status, username, tax_id, pharmacy_name, email, phone, postal_code, privacy_accepted_at, created_at)
            values (${status}, ${username}, ${`X${username}`}, 'Farmacia', 'a@b.es', '912345678', '28013', now(), now() - make_interval(months => ${monthsAgo}))`;
      await db.execute(request('retencion.vieja', 'rejected', 13));
      await db.execute(request('retencion.olvidada', 'pending', 13));
      await db.execute(request('retencion.reciente', 'rejected', 11));
      await db.execute(request('retencion.cliente', 'approved', 30));
      const survey = (title: string, closedYearsAgo: number) =>
        selectRows<{ id: number }>(
          db,
          sql`insert into surveys (title, intro, opens_at, closes_at)
              values (${title}, 'i', now() - make_interval(years => ${closedYearsAgo + 1}), now() - make_interval(years => ${closedYearsAgo}, days => 1))
              returning id`,
        );
      const [old] = await survey('retencion antigua', 2);
      const [recent] = await survey('retencion reciente', 1);
      for (const row of [old, recent])
        await db.execute(
          sql`insert into survey_responses (survey_id, user_id, answers) values (${row?.id}, ${user?.id}, '{}'::jsonb)`,
        );

      const context = { db, now: () => new Date() };
      const deleted = await pruneOnce({
        registrationRequests: pruneUnsuccessfulRegistrations(context),
        surveyAnswers: pruneOldSurveyAnswers(context),
      });
      expect(deleted).toEqual({ registrationRequests: 2, surveyAnswers: 1 });
      const left = await selectRows<{ username: string }>(
        db,
        sql`select username from registration_requests where username like 'retencion.%' order by username`,
      );
      expect(left.map((row) => row.username)).toEqual(['retencion.cliente', 'retencion.reciente']);
      const answers = await selectRows<{ survey_id: number }>(
        db,
        sql`select survey_id from survey_responses where survey_id in (${old?.id}, ${recent?.id})`,
      );
      expect(answers.map((row) => row.survey_id)).toEqual([recent?.id]);
    });

    describe('with a small limit and a 1-second pruning schedule', () => {
      let small: TestServer;
      beforeAll(async () => {
        small = await startTestServer(engine, {
          postgresUrl: postgresUrl(),
          listen: false,
          data: 'fixture',
          settings: { csrfCookieLimitPerAddress: 5, pruneIntervalSeconds: 1 },
        });
      });
      afterAll(() => small?.close());

      it('answers 429 with Retry-After past the limit per address, and not to a logged-in session', async () => {
        const minute = 60_000;
        const now = Math.floor(Date.now() / minute) * minute + 30_000;
        small.setNow(new Date(now));
        try {
          const call = (remoteAddress: string) =>
            small.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress });
          for (let index = 0; index < 5; index += 1)
            expect((await call('198.51.100.1')).statusCode).toBe(204);
          const refused = await call('198.51.100.1');
          expectError(refused, 429);
          expect(refused.headers['retry-after']).toBe('30');
          expect(JSON.parse(refused.body)).toEqual({
            message: 'Demasiados intentos. Inténtalo de nuevo en 30 segundos.',
          });
          for (let index = 0; index < 50; index += 1)
            expect((await call('198.51.100.1')).statusCode).toBe(429);
          // Another address is not limited.
          expect((await call('198.51.100.2')).statusCode).toBe(204);
          // A logged-in session fetches its cookie before every POST: never limited.
          const session = new InjectSession(small.app, {});
          await session.login(DEMO_ACCOUNTS.demo);
          expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
          for (let index = 0; index < 10; index += 1) {
            expect((await session.request('GET', '/sanctum/csrf-cookie')).statusCode).toBe(204);
          }
          // The next minute starts afresh.
          small.setNow(new Date(now + minute));
          expect((await call('198.51.100.1')).statusCode).toBe(204);
        } finally {
          small.setNow(null);
        }
      });

      it('runs the pruning on its timer', async () => {
        await insertSessions(small, 'timer-expired-', 5, 121);
        await insertSessions(small, 'timer-live-', 2, 1);
        const deadline = Date.now() + 15_000;
        while ((await sessionsLike(small, 'timer-expired-')) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await sessionsLike(small, 'timer-expired-')).toBe(0);
        expect(await sessionsLike(small, 'timer-live-')).toBe(2);
      });
    });
  });
}

anonymousSuite(projectEngine());
