/**
 * The PostgreSQL pool survives the server ending a connection (restart, failover, a dropped database,
 * `pg_terminate_backend`): an idle one is reported instead of crashing the process, one checked out
 * by a transaction fails that transaction with an error `isDatabaseUnavailable` knows, and the next
 * query reconnects.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Database,
  isDatabaseUnavailable,
  openDatabase,
  preparedStatement,
  selectRows,
} from '../src/db/database.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

describe.skipIf(isUnavailable('postgres'))('the PostgreSQL pool', () => {
  // Drizzle's private prepareQuery (docs/decisions/016-sql-strategy.md): a Drizzle upgrade that
  // changes it fails here first.
  it('runs a named prepared statement, planned once per connection', async () => {
    const database = await openDatabase({ url: postgresUrl() }, { poolSize: 1 });
    const doubled = preparedStatement<{ doubled: number }>(
      'test_doubled',
      sql`select ${sql.placeholder('n')}::int * 2 as doubled`,
    );
    try {
      expect(await doubled(database.db, { n: 21 })).toEqual([{ doubled: 42 }]);
      expect(await doubled(database.db, { n: 4 })).toEqual([{ doubled: 8 }]);
      const [prepared] = await selectRows<{ count: number | string }>(
        database.db,
        sql`select count(*) as count from pg_prepared_statements where name = 'test_doubled'`,
      );
      expect(Number(prepared?.count)).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('survives an idle connection ended by the server, and reconnects', async () => {
    const idleErrors: Error[] = [];
    const database = await openDatabase(
      { url: postgresUrl() },
      { poolSize: 1, onIdleError: (error) => idleErrors.push(error) },
    );
    const killer = await openDatabase({ url: postgresUrl() }, { poolSize: 1 });
    try {
      const [before] = await selectRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      await selectRows(killer.db, sql`select pg_terminate_backend(${before?.pid ?? 0})`);
      await expect.poll(() => idleErrors.length, { timeout: 5000 }).toBe(1);
      expect((idleErrors[0] as Error & { code?: string }).code).toBe('57P01');
      const [after] = await selectRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      expect(after?.pid).not.toBe(before?.pid);
    } finally {
      await database.close();
      await killer.close();
    }
  });

  it('fails a transaction whose connection is ended between two statements, without crashing, and reconnects', async () => {
    const database = await openDatabase({ url: postgresUrl() }, { poolSize: 1 });
    const killer = await openDatabase({ url: postgresUrl() }, { poolSize: 1 });
    try {
      const pid = async (db: Database) =>
        (await selectRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]?.pid ?? 0;
      let first = 0;
      const transaction = database.db.transaction(async (tx) => {
        first = await pid(tx);
        await selectRows(killer.db, sql`select pg_terminate_backend(${first})`);
        // The server's notice arrives while the connection is checked out and idle: before the fix,
        // its client emitted an 'error' nobody heard, and the process died here.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await pid(tx);
      });
      const failure = await transaction.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      const after = await pid(database.db);
      expect(after).toBeGreaterThan(0);
      expect(after).not.toBe(first);
    } finally {
      await database.close();
      await killer.close();
    }
  });
});
