/**
 * Several instances behind one PostgreSQL database behave as one: migrations run
 * under an advisory lock (and as their own command), a logout takes effect on every instance at once,
 * and every instance's search follows a change to the catalogue within a second.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCsrfSecret } from '../src/auth/csrf-secret.ts';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { testSettings } from '../src/settings/settings.ts';
import { exited, type ServerProcess, serving, startServerProcess } from '../src/testing/server-process.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';
import { InjectSession } from './session.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const journal = JSON.parse(readFileSync(`${apiRoot}/drizzle/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

/** Creates an empty database on the throw-away server; returns its URL. */
async function createDatabase(created: string[]): Promise<string> {
  const name = `botica_instances_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function runMigrateCommand(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@botica/source', 'scripts/migrate.ts'],
      { cwd: apiRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe.skipIf(isUnavailable('postgres'))('several instances on one PostgreSQL database', () => {
  const created: string[] = [];

  afterAll(async () => {
    if (created.length === 0) return;
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  describe('migrations', () => {
    it('run at once from three instances on an empty database: all succeed, the schema is complete', async () => {
      const url = await createDatabase(created);
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url }, { poolSize: 2 })));
      try {
        const results = await Promise.allSettled(instances.map((instance) => instance.migrate()));
        expect(
          results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok')),
        ).toEqual(['ok', 'ok', 'ok']);
        const db = instances[0]?.db;
        if (!db) throw new Error('no instance');
        const [applied] = await selectRows<{ count: string }>(
          db,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        );
        expect(Number(applied?.count)).toBe(journal.entries.length);
        const tables = await selectRows<{ name: string }>(
          db,
          sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
        );
        expect(tables.map((table) => table.name)).toEqual(
          expect.arrayContaining(['products', 'users', 'sessions', 'carts', 'orders', 'rate_limit_counters']),
        );
        // The lock is released: nobody holds it any more (on this database: the server is shared
        // with the files running beside this one).
        const [held] = await selectRows<{ count: string }>(
          db,
          sql`select count(*) as count from pg_locks where locktype = 'advisory' and granted
              and database = (select oid from pg_database where datname = current_database())`,
        );
        expect(Number(held?.count)).toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });

    it('let two servers started at once on an empty database both serve', async () => {
      const url = await createDatabase(created);
      const servers: ServerProcess[] = [];
      try {
        for (let index = 0; index < 2; index += 1) {
          servers.push(
            startServerProcess({
              DATABASE_URL: url,
              // Any free port, taken when it listens: a port looked up first may be taken by
              // another process while the server seeds.
              PORT: '0',
              SEED_PRODUCTS: '50',
              DB_POOL_SIZE: '2',
            }),
          );
        }
        await Promise.all(servers.map((server) => serving(server)));
        for (const server of servers) expect(server.output()).not.toContain('could not start');
      } finally {
        for (const server of servers) {
          if (server.child.exitCode === null) server.child.kill('SIGTERM');
          await exited(server.child);
        }
      }
    }, 90_000);

    it('run as their own command, which exits 0 when done and 1 with a clear message when it cannot', async () => {
      const url = await createDatabase(created);
      const first = await runMigrateCommand({ DATABASE_URL: url });
      expect(first.output).toContain('migrate: PostgreSQL (DATABASE_URL) is up to date');
      expect(first.code).toBe(0);
      const again = await runMigrateCommand({ DATABASE_URL: url });
      expect(again.code).toBe(0);

      const unreachable = await runMigrateCommand({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      });
      expect(unreachable.code).toBe(1);
      // One line naming where (never the password) and why, not a stack trace.
      expect(unreachable.output).toMatch(
        /^migrate: cannot use PostgreSQL at 127\.0\.0\.1:1, .*\(DATABASE_URL\): the connection was refused/m,
      );
      expect(unreachable.output).not.toMatch(/^\s+at /m);
      const invalid = await runMigrateCommand({
        DATABASE_URL: url,
        PORT: 'many',
      });
      expect(invalid.code).toBe(1);
      expect(invalid.output).toContain('migrate: Invalid settings in the environment');
    }, 60_000);
  });

  it('instances asking at once for the CSRF key on a new database agree on one', async () => {
    const url = await createDatabase(created);
    const instances = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url }, { poolSize: 2 })));
    try {
      await instances[0]?.migrate();
      const keys = await Promise.all(
        instances.map((instance) =>
          loadCsrfSecret({ db: instance.db, settings: testSettings(), now: () => new Date() }),
        ),
      );
      expect(new Set(keys.map((key) => key.toString('base64'))).size).toBe(1);
      expect(keys[0]?.length).toBeGreaterThanOrEqual(32);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  describe('two app instances', () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      // Both with the maintenance switch's cache of production (the test settings turn it off).
      const settings = { maintenanceCheckMs: 1_000 };
      first = await startTestServer('postgres', {
        postgresUrl: postgresUrl(),
        products: 50,
        listen: false,
        settings,
      });
      second = await startTestServer('postgres', { sameDatabaseAs: first, listen: false, settings });
    });

    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    /** The same browser (same cookies) talking to the other instance. */
    function sameBrowserOn(server: TestServer, session: InjectSession): InjectSession {
      const other = new InjectSession(server.app);
      for (const [name, value] of session.cookies) other.cookies.set(name, value);
      return other;
    }

    it('an admin’s maintenance switch and order rules on one instance hold on the other within a second', async () => {
      const admin = new InjectSession(first.app);
      expect((await admin.login(DEMO_ACCOUNTS.admin)).statusCode).toBe(200);
      const pharmacist = new InjectSession(second.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      // The second instance has read the switch (off) and holds it in its cache.
      expect((await pharmacist.request('GET', '/api/v1/user')).statusCode).toBe(200);
      const rules = (await admin.request('GET', '/api/v1/admin/configuration')).json().data;

      /** Milliseconds until the pharmacist's call on the second instance answers `status`. */
      const untilAnswered = async (status: number): Promise<number> => {
        const start = Date.now();
        while ((await pharmacist.request('GET', '/api/v1/user')).statusCode !== status) {
          if (Date.now() - start > 5_000) throw new Error(`no ${status} within 5 s`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return Date.now() - start;
      };
      try {
        expect(
          (await admin.request('PUT', '/api/v1/admin/configuration/maintenance', { payload: { on: true } }))
            .statusCode,
        ).toBe(200);
        expect(await untilAnswered(503)).toBeLessThanOrEqual(1_100);
        // The admin's own instance sees it at once, and keeps serving him.
        expect((await new InjectSession(first.app).login(DEMO_ACCOUNTS.norte)).statusCode).toBe(503);
        expect((await admin.request('GET', '/api/v1/admin/configuration')).json().data.maintenance).toBe(
          true,
        );
        expect(
          (await admin.request('PUT', '/api/v1/admin/configuration/maintenance', { payload: { on: false } }))
            .statusCode,
        ).toBe(200);
        expect(await untilAnswered(200)).toBeLessThanOrEqual(1_100);

        // The order rules are read from the database at every use: the other instance has them at once.
        const saved = await admin.request('PUT', '/api/v1/admin/configuration/order-rules', {
          payload: { order_minimum_amount: '1.234,50', maximum_purchase_per_month: '10.000' },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const listed = (await pharmacist.request('GET', '/api/v1/configurations?per_page=500')).json().data;
        expect(listed).toContainEqual({ key: 'order_minimum_amount', value: '1234.5' });
      } finally {
        await admin.request('PUT', '/api/v1/admin/configuration/maintenance', { payload: { on: false } });
        await admin.request('PUT', '/api/v1/admin/configuration/order-rules', {
          payload: {
            order_minimum_amount: String(rules.order_minimum_amount),
            maximum_purchase_per_month: String(rules.maximum_purchase_per_month),
          },
        });
      }
    });

    it('a logout on one instance takes effect on the other at once', async () => {
      const onFirst = new InjectSession(first.app);
      expect((await onFirst.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      // Read on both instances, so each has seen the logged-in session.
      expect((await onFirst.request('GET', '/api/v1/user')).statusCode).toBe(200);
      const onSecond = sameBrowserOn(second, onFirst);
      expect((await onSecond.request('GET', '/api/v1/user')).statusCode).toBe(200);

      const cookies = new Map(onFirst.cookies);
      expect((await onSecond.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
      // The browser of an attacker who kept the cookie: the very next request on the first instance.
      const kept = new InjectSession(first.app);
      for (const [name, value] of cookies) kept.cookies.set(name, value);
      expect((await kept.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect((await kept.request('GET', '/api/v1/cart')).statusCode).toBe(401);
    });

    it('a session ended in the database (a password change, a deactivated user) ends on every instance at once', async () => {
      const onFirst = new InjectSession(first.app);
      expect((await onFirst.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      const onSecond = sameBrowserOn(second, onFirst);
      expect((await onFirst.request('GET', '/api/v1/user')).statusCode).toBe(200);
      expect((await onSecond.request('GET', '/api/v1/user')).statusCode).toBe(200);
      const { norte } = await first.demoIds();
      await first.database.db.execute(sql`delete from sessions where user_id = ${norte.userId}`);
      expect((await onFirst.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect((await onSecond.request('GET', '/api/v1/user')).statusCode).toBe(401);
    });

    it('accepts an anonymous CSRF token handed out by one instance on the other (one key, in the database)', async () => {
      const onFirst = new InjectSession(first.app);
      await onFirst.csrf();
      expect(onFirst.cookies.get('botica_session')).toMatch(/^anon\./);
      const onSecond = sameBrowserOn(second, onFirst);
      const login = await onSecond.request('POST', '/api/v1/auth/login', {
        payload: { username: DEMO_ACCOUNTS.limite, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      // And the other way round, with a wrong token refused on both.
      const onSecondFirst = new InjectSession(second.app);
      await onSecondFirst.csrf();
      const back = sameBrowserOn(first, onSecondFirst);
      const refused = await back.request('POST', '/api/v1/auth/login', {
        payload: { username: DEMO_ACCOUNTS.limite, password: DEMO_PASSWORD },
        csrf: `${back.csrfToken ?? ''}x`,
      });
      expect(refused.statusCode).toBe(419);
      const accepted = await back.request('POST', '/api/v1/auth/login', {
        payload: { username: DEMO_ACCOUNTS.limite, password: DEMO_PASSWORD },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it('every instance answers a search with a product changed on another within a second', async () => {
      const onFirst = new InjectSession(first.app);
      expect((await onFirst.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      const onSecond = sameBrowserOn(second, onFirst);
      const [product] = await selectRows<{ id: number; reference: string }>(
        first.database.db,
        sql`select id, reference from products where is_active order by id limit 1`,
      );
      if (!product) throw new Error('no product');
      const search = async (session: InjectSession) => {
        const response = await session.request('POST', '/api/v1/search', {
          payload: { query: product.reference },
        });
        expect(response.statusCode).toBe(200);
        return (response.json() as { hits: { id: number }[] }).hits.map((hit) => hit.id);
      };
      // Both instances answer, and keep the answer.
      expect(await search(onFirst)).toContain(product.id);
      expect(await search(onSecond)).toContain(product.id);
      expect(await search(onFirst)).toContain(product.id);

      /** Milliseconds until both instances' search answers `found`; fails past a second. */
      const untilBoth = async (found: boolean): Promise<number> => {
        const start = Date.now();
        for (;;) {
          const answers = [await search(onFirst), await search(onSecond)];
          if (answers.every((ids) => ids.includes(product.id) === found)) return Date.now() - start;
          if (Date.now() - start > 1_000) throw new Error(`not ${found ? 'found' : 'gone'} within a second`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      // The laboratory deactivates it through the second instance's database connection: each
      // instance's catalogue index hears of it (LISTEN, or its poll) and answers without it.
      await second.database.db.execute(sql`update products set is_active = false where id = ${product.id}`);
      expect(await untilBoth(false)).toBeLessThanOrEqual(1_000);

      await first.database.db.execute(sql`update products set is_active = true where id = ${product.id}`);
      expect(await untilBoth(true)).toBeLessThanOrEqual(1_000);
    });
  });
});
