/**
 * Fresh, migrated databases for tests: an in-memory PGlite, or a new database on the throw-away
 * PostgreSQL server of the global setup (test/postgres-global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type OpenDatabase, type OpenDatabaseOptions, openDatabase } from '../db/database.ts';

export type Engine = 'pglite' | 'postgres';

/** A test database; `url` is where a second instance can reach it (PostgreSQL only). */
export type TestDatabase = OpenDatabase & { url?: string };

/** A migrated, empty database; `close()` also drops it on PostgreSQL. */
export async function openTestDatabase(
  engine: Engine,
  postgresUrl = '',
  options: Pick<OpenDatabaseOptions, 'statementTimeoutMs'> = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  if (!postgresUrl) throw new Error('no PostgreSQL server for the tests');
  const name = `botica_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() }, { poolSize: 12, ...options });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
