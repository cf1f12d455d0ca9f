/**
 * A cart save runs with the session its instance remembers and re-checks that session in its one
 * statement (docs/decisions/026): with a remembered session and remembered prices it is one
 * statement; a save on instance B right after a logout, a password change, a deactivation or a
 * deletion on instance A is refused and writes nothing; idle expiry and the touch of the last
 * activity hold as on every other request. The catalogue's listing reads its page the same way (one
 * statement that re-checks the session and reads the prices), and is refused the same way; the
 * search box and the categories, which read nothing of the pharmacy's, read their session.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import { MemoryTransport } from '../../src/mail/transports.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { statementCounter } from '../statement-counter.ts';
import { projectEngine } from './engine.ts';

/** The production maintenance cache, so a save's statements are the save's own. */
const SETTINGS = { maintenanceCheckMs: 60_000, pruneIntervalSeconds: 0 };
const NEW_PASSWORD = 'otra-clave-segura-2026';

/** The same browser (same cookies) talking to another instance. */
function sameBrowserOn(app: FastifyInstance, session: InjectSession): InjectSession {
  const other = new InjectSession(app);
  for (const [name, value] of session.cookies) other.cookies.set(name, value);
  return other;
}

function cartSessionSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`cart saves and their session on ${engine}`, () => {
    let first: TestServer;
    /** Another instance on the same database: its own app, so its own remembered sessions. */
    let second: { app: FastifyInstance; close(): Promise<void> };
    let ids: DemoIds;
    let products: number[];
    let counter: { take(): string[] };

    beforeAll(async () => {
      first = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        products: 50,
        listen: false,
        settings: SETTINGS,
      });
      if (engine === 'postgres') {
        second = await startTestServer('postgres', {
          sameDatabaseAs: first,
          listen: false,
          settings: SETTINGS,
        });
      } else {
        // PGlite serves one process: the second app shares the first one's embedded database.
        const app = await buildApp({
          db: first.database.db,
          settings: testSettings({ logLevel: 'warn', ...SETTINGS }),
          mailTransport: new MemoryTransport(),
        });
        await app.ready();
        second = { app, close: () => app.close() };
      }
      ids = await first.demoIds();
      products = (
        await selectRows<{ id: number }>(
          first.database.db,
          sql`select id from products where is_active and price_cents between 500 and 3000 order by id limit 6`,
        )
      ).map((row) => row.id);
      counter = statementCounter(first.database.db);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    const save = (session: InjectSession, quantity: number, productIndex = 0) =>
      session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: products[productIndex] as number, quantity }] },
      });

    /** The client's open cart as stored: its version and lines. */
    const storedCart = async (clientId: number) =>
      (
        await selectRows<{ version: number; items: unknown }>(
          first.database.db,
          sql`select version, items from carts where client_id = ${clientId} and status = 'open'`,
        )
      )[0] ?? null;

    /** A pharmacist logged in on the first instance whose session the second instance has read. */
    const readOnBoth = async (username: string) => {
      const onFirst = new InjectSession(first.app);
      expect((await onFirst.login(username)).statusCode).toBe(200);
      expect((await onFirst.request('GET', '/api/v1/user')).statusCode).toBe(200);
      const onSecond = sameBrowserOn(second.app, onFirst);
      expect((await onSecond.request('GET', '/api/v1/user')).statusCode).toBe(200);
      return { onFirst, onSecond };
    };

    /**
     * Refused as a request without a session is: 419 to the save, nothing written; the portal then
     * fetches a new CSRF cookie and, as an anonymous visitor, is told 401.
     */
    const expectRefusedSave = async (session: InjectSession, clientId: number, productIndex = 1) => {
      const before = await storedCart(clientId);
      const refused = await save(session, 7, productIndex);
      expect(refused.statusCode, refused.body).toBe(419);
      expect(await storedCart(clientId)).toEqual(before);
      await session.csrf();
      expect((await save(session, 7, productIndex)).statusCode).toBe(401);
      expect(await storedCart(clientId)).toEqual(before);
    };

    it('a save with a remembered session and remembered prices is one statement, which also checks the session', async () => {
      const session = new InjectSession(first.app);
      expect((await session.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect((await save(session, 1)).statusCode).toBe(200);

      counter.take();
      const saved = await save(session, 2);
      const sent = counter.take();
      expect(saved.statusCode, saved.body).toBe(200);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('session_check');
      expect(sent[0]).toContain('insert into carts');

      // The counter counts: a session this instance has not read (logged in on the other one) costs
      // its read before the save.
      const elsewhere = new InjectSession(second.app);
      expect((await elsewhere.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      const fresh = sameBrowserOn(first.app, elsewhere);
      counter.take();
      expect((await save(fresh, 3)).statusCode).toBe(200);
      expect(counter.take()).toHaveLength(2);
      expect((await save(fresh, 4)).statusCode).toBe(200);
      expect(counter.take()).toHaveLength(1);
      expect((await storedCart(ids.norte.clientId))?.items).toEqual([
        expect.objectContaining({ product_id: products[0], quantity: 4 }),
      ]);
    });

    const listing = (session: InjectSession, text?: string) =>
      session.request('POST', '/api/v1/products/search', {
        payload: { per_page: 12, sort: 'price_asc', ...(text === undefined ? {} : { text }) },
      });

    /**
     * Reads refused as a request without a session is: the listing and the search box 419 (state
     * changes without a session), the categories 401; after a new CSRF cookie, as an anonymous
     * visitor, the listing and the search box 401.
     */
    const expectRefusedReads = async (session: InjectSession) => {
      const refused = await listing(session);
      expect(refused.statusCode, refused.body).toBe(419);
      const search = await session.request('POST', '/api/v1/search', { payload: { query: 'vale' } });
      expect(search.statusCode, search.body).toBe(419);
      expect((await session.request('GET', '/api/v1/categories')).statusCode).toBe(401);
      await session.csrf();
      expect((await listing(session)).statusCode).toBe(401);
      expect(
        (await session.request('POST', '/api/v1/search', { payload: { query: 'vale' } })).statusCode,
      ).toBe(401);
    };

    it('a listing on a session this instance has read sends no statement, and prices its page as any instance does', async () => {
      const session = new InjectSession(first.app);
      expect((await session.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);

      counter.take();
      const read = await listing(session);
      expect(read.statusCode, read.body).toBe(200);
      expect(counter.take()).toEqual([]);
      const page = read.json() as { data: { id: number; final_price: number }[]; meta: { total: number } };
      expect(page.data.length).toBeGreaterThan(0);

      // The same page on an instance that has not read this session (so it reads it first): the
      // same rows and the same prices.
      const elsewhere = sameBrowserOn(second.app, session);
      const again = await listing(elsewhere);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(read.json());

      // An empty page is no statement either.
      counter.take();
      const none = await listing(session, 'zzqxwv zzqxwv');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data).toEqual([]);
      expect(counter.take()).toEqual([]);
    });

    it('a logout on one instance refuses the next listing, search and categories on the other', async () => {
      const { onFirst, onSecond } = await readOnBoth(DEMO_ACCOUNTS.norte);
      expect((await listing(onSecond)).statusCode).toBe(200);
      expect(
        (await onSecond.request('POST', '/api/v1/search', { payload: { query: 'vale' } })).statusCode,
      ).toBe(200);
      const kept = sameBrowserOn(second.app, onFirst);
      expect((await categories(kept)).statusCode).toBe(200);
      expect((await onFirst.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
      // The category tree, answered from the other instance's cache, is refused first and at once.
      expect((await categories(kept)).statusCode).toBe(401);
      await expectRefusedReads(kept);
    });

    it('a user deactivated in the database is out of the listing as soon as its notification arrives, and back when reactivated', async () => {
      const { onSecond } = await readOnBoth(DEMO_ACCOUNTS.limite);
      expect((await listing(onSecond)).statusCode).toBe(200);
      const kept = sameBrowserOn(second.app, onSecond);
      await first.database.db.execute(
        sql`update users set is_active = false where id = ${ids.limite.userId}`,
      );
      try {
        if (engine === 'pglite') {
          expect((await listing(onSecond)).statusCode).toBe(419);
        } else {
          await vi.waitFor(async () => expect((await listing(onSecond)).statusCode).toBe(419), {
            timeout: 2_000,
            interval: 10,
          });
        }
      } finally {
        await first.database.db.execute(
          sql`update users set is_active = true where id = ${ids.limite.userId}`,
        );
      }
      // Refused, the session's row was kept (only its user was out): it reads again.
      expect((await listing(kept)).statusCode).toBe(200);
    });

    it('a logout on one instance refuses the next save on the other, which writes nothing', async () => {
      const { onFirst, onSecond } = await readOnBoth(DEMO_ACCOUNTS.norte);
      expect((await save(onSecond, 1)).statusCode).toBe(200);
      const kept = sameBrowserOn(second.app, onFirst);
      expect((await onFirst.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
      await expectRefusedSave(kept, ids.norte.clientId);
    });

    it('a refusal (an unknown product) is not answered on a session another instance has ended', async () => {
      const { onFirst, onSecond } = await readOnBoth(DEMO_ACCOUNTS.norte);
      expect((await save(onSecond, 1)).statusCode).toBe(200);
      const kept = sameBrowserOn(second.app, onFirst);
      expect((await onFirst.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
      const before = await storedCart(ids.norte.clientId);
      const refused = await kept.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: 999_999, quantity: 1 }] },
      });
      expect(refused.statusCode, refused.body).toBe(419);
      expect(await storedCart(ids.norte.clientId)).toEqual(before);
    });

    it('a password change on one instance refuses the next save of the user’s other session on the other', async () => {
      const { onSecond } = await readOnBoth(DEMO_ACCOUNTS.demo);
      expect((await save(onSecond, 1)).statusCode).toBe(200);
      const changing = new InjectSession(first.app);
      expect((await changing.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      const changed = await changing.request('PUT', '/api/v1/user/change_password', {
        payload: {
          current_password: DEMO_PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await expectRefusedSave(onSecond, ids.demo.clientId);
      // The session the change renewed saves on the other instance.
      const renewed = sameBrowserOn(second.app, changing);
      expect((await save(renewed, 5, 2)).statusCode).toBe(200);
    });

    it('a sub-user deactivated or deleted on one instance has its next save refused on the other', async () => {
      const main = new InjectSession(first.app);
      expect((await main.login(DEMO_ACCOUNTS.demo, NEW_PASSWORD)).statusCode).toBe(200);
      const { data } = (
        await main.request('GET', `/api/v1/driver/customers/clients/${ids.demo.clientId}/users`)
      ).json() as { data: { id: number; username: string }[] };
      const userId = (username: string) => data.find((user) => user.username === username)?.id as number;

      const almacen = await readOnBoth('demo.almacen');
      expect((await save(almacen.onSecond, 2, 3)).statusCode).toBe(200);
      const deactivated = await main.request(
        'PUT',
        `/api/v1/driver/customers/clients/${ids.demo.clientId}/users/${userId('demo.almacen')}`,
        { payload: { is_active: false } },
      );
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      // The catalogue's reads, which take the session from the cache, are refused at once too.
      expect((await almacen.onSecond.request('GET', '/api/v1/categories')).statusCode).toBe(401);
      await expectRefusedSave(almacen.onSecond, ids.demo.clientId);

      const mostrador = await readOnBoth('demo.mostrador');
      expect((await save(mostrador.onSecond, 3, 3)).statusCode).toBe(200);
      const deleted = await main.request(
        'DELETE',
        `/api/v1/driver/customers/clients/${ids.demo.clientId}/users/${userId('demo.mostrador')}`,
      );
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await mostrador.onSecond.request('GET', '/api/v1/categories')).statusCode).toBe(401);
      await expectRefusedSave(mostrador.onSecond, ids.demo.clientId);
    });

    const categories = (session: InjectSession) => session.request('GET', '/api/v1/categories');

    /** A pharmacist logged in on the first instance, whose category tree it answers with no statement. */
    const cachedOnFirst = async () => {
      const session = new InjectSession(first.app);
      expect((await session.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
      counter.take();
      expect((await categories(session)).statusCode).toBe(200);
      expect(counter.take()).toEqual([]);
      return session;
    };

    it('a catalogue read on a session this instance has read sends no statement; other reads still read it', async () => {
      const session = await cachedOnFirst();
      const search = await session.request('POST', '/api/v1/search', { payload: { query: 'vale' } });
      expect(search.statusCode, search.body).toBe(200);
      expect(counter.take()).toEqual([]);
      // The account's reads are not the catalogue's: they read the session every time.
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect(counter.take()).toHaveLength(1);
      // A forged CSRF token on a cached session is refused as on a read one.
      const forged = await session.request('POST', '/api/v1/search', {
        payload: { query: 'vale' },
        csrf: 'forged',
      });
      expect(forged.statusCode).toBe(419);
    });

    it('a change made by hand in SQL reaches the other instance as soon as its notification does', async () => {
      const { onSecond } = await readOnBoth(DEMO_ACCOUNTS.limite);
      expect((await categories(onSecond)).statusCode).toBe(200);
      await first.database.db.execute(
        sql`update users set is_active = false where id = ${ids.limite.userId}`,
      );
      try {
        if (engine === 'pglite') {
          // One process: its listeners are called back before the statement resolves.
          expect((await categories(onSecond)).statusCode).toBe(401);
        } else {
          await vi.waitFor(async () => expect((await categories(onSecond)).statusCode).toBe(401), {
            timeout: 2_000,
            interval: 10,
          });
        }
      } finally {
        await first.database.db.execute(
          sql`update users set is_active = true where id = ${ids.limite.userId}`,
        );
      }
      expect((await categories(onSecond)).statusCode).toBe(200);
    });

    it.skipIf(engine !== 'postgres')(
      'an instance whose listening connection is down reads every session until it listens again',
      async () => {
        const session = await cachedOnFirst();
        await first.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name like 'botica-sessions %' and pid <> pg_backend_pid()`,
        );
        // The session reads only: the connection is the catalogue index's too, which builds again
        // once it is back (a change may have been missed meanwhile).
        const sessionReads = () => counter.take().filter((text) => /from sessions s\b/.test(text));
        counter.take();
        // Dropped: every read reads its session…
        await vi.waitFor(
          async () => {
            expect((await categories(session)).statusCode).toBe(200);
            expect(sessionReads()).toHaveLength(1);
          },
          { timeout: 2_000, interval: 10 },
        );
        // …until the connection listens again (a second later), emptied: one read, then none.
        await vi.waitFor(
          async () => {
            expect((await categories(session)).statusCode).toBe(200);
            expect((await categories(session)).statusCode).toBe(200);
            expect(sessionReads()).toHaveLength(1);
          },
          { timeout: 5_000, interval: 100 },
        );
      },
    );

    it('a user deactivated in the database (no session row deleted) is out at the next save', async () => {
      const { onSecond } = await readOnBoth(DEMO_ACCOUNTS.norte);
      expect((await save(onSecond, 1)).statusCode).toBe(200);
      await first.database.db.execute(sql`update users set is_active = false where id = ${ids.norte.userId}`);
      try {
        await expectRefusedSave(onSecond, ids.norte.clientId);
      } finally {
        await first.database.db.execute(
          sql`update users set is_active = true where id = ${ids.norte.userId}`,
        );
      }
    });

    it('a wrong CSRF token is refused even on a remembered session', async () => {
      const session = new InjectSession(first.app);
      expect((await session.login(DEMO_ACCOUNTS.limite)).statusCode).toBe(200);
      expect((await save(session, 1)).statusCode).toBe(200);
      const before = await storedCart(ids.limite.clientId);
      const refused = await session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: products[4] as number, quantity: 1 }] },
        csrf: `${session.csrfToken ?? ''}x`,
      });
      expect(refused.statusCode).toBe(419);
      expect(await storedCart(ids.limite.clientId)).toEqual(before);
    });

    it('idle expiry holds on a remembered session, and a save touches the last activity when due', async () => {
      const idleMs = testSettings().sessionIdleMinutes * 60_000;
      const start = Date.now();
      try {
        first.setNow(new Date(start));
        const session = new InjectSession(first.app);
        expect((await session.login(DEMO_ACCOUNTS.limite)).statusCode).toBe(200);
        expect((await save(session, 1)).statusCode).toBe(200);
        const lastSeen = async () => {
          const [row] = await selectRows<{ last_seen_at: string | Date }>(
            first.database.db,
            sql`select s.last_seen_at from sessions s where s.user_id = ${ids.limite.userId}
                order by s.last_seen_at desc limit 1`,
          );
          return new Date(row?.last_seen_at ?? 0).getTime();
        };

        // Two minutes on: still live, and the one statement moved the last activity on.
        const later = start + 120_000;
        first.setNow(new Date(later));
        counter.take();
        expect((await save(session, 2)).statusCode).toBe(200);
        expect(counter.take()).toHaveLength(1);
        expect(Math.abs((await lastSeen()) - later)).toBeLessThan(5);

        // Past the idle limit since then: refused, nothing written, the row deleted as `load` does.
        first.setNow(new Date(later + idleMs + 1_000));
        const before = await storedCart(ids.limite.clientId);
        expect((await save(session, 3)).statusCode).toBe(419);
        expect(await storedCart(ids.limite.clientId)).toEqual(before);
        const [left] = await selectRows<{ count: number }>(
          first.database.db,
          sql`select count(*)::int as count from sessions where last_seen_at = ${new Date(later).toISOString()}::timestamptz`,
        );
        expect(left?.count).toBe(0);
      } finally {
        first.setNow(null);
      }
    });
  });
}

cartSessionSuite(projectEngine());
