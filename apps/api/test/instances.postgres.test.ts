/**
 * Several instances behind one PostgreSQL database behave as one (issue 15, item 6): migrations run
 * under an advisory lock (and as their own command), a logout takes effect on every instance at once,
 * and no instance serves a search answer the catalogue has moved past.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

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
        // The lock is released: nobody holds it any more.
        const [held] = await selectRows<{ count: string }>(
          db,
          sql`select count(*) as count from pg_locks where locktype = 'advisory' and granted`,
        );
        expect(Number(held?.count)).toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });

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
      expect(unreachable.output).toMatch(/^migrate: .*PostgreSQL \(DATABASE_URL\).*ECONNREFUSED/m);
      const invalid = await runMigrateCommand({
        DATABASE_URL: url,
        PORT: 'many',
      });
      expect(invalid.code).toBe(1);
      expect(invalid.output).toContain('migrate: Invalid settings in the environment');
    }, 60_000);
  });
});
