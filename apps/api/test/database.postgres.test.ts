/**
 * The PostgreSQL pool survives the server ending an idle connection (restart, failover, a dropped
 * database): the pool reports it instead of crashing the process, and the next query reconnects.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

describe.skipIf(isUnavailable('postgres'))('the PostgreSQL pool', () => {
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
});
