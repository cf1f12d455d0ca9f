/**
 * Fresh, migrated databases for tests: an in-memory PGlite, or a new database on the throw-away
 * PostgreSQL server of the global setup (test/postgres-global-setup.ts). Both start from a copy of a
 * database the global setup migrated once: a suite opens dozens of them, and
 * starting PGlite empty (its initdb) and applying every migration cost seconds of CPU each time.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type OpenDatabase, type OpenDatabaseOptions, openDatabase } from '../db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated PGlite's data folder (a tarball), or '' to migrate each one. */
    pgliteTemplate: string;
    /** A migrated database on the PostgreSQL server that new ones copy, or '' to migrate each one. */
    postgresTemplate: string;
  }
}

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
    const template = providedTemplate('pgliteTemplate');
    const database = await openDatabase(
      { dataDir: 'memory://' },
      template ? { loadDataDir: new Blob([await readFile(template)]) } : {},
    );
    // On a copy this applies nothing, and sets the session's settings as on any database.
    await database.migrate();
    return database;
  }
  if (!postgresUrl) throw new Error('no PostgreSQL server for the tests');
  const name = `botica_test_${randomBytes(6).toString('hex')}`;
  // The global setup's template lives on its own server: a suite with a server of its own (one it
  // stops and starts) migrates its database instead.
  const template =
    providedTemplate('postgresUrl') === postgresUrl ? providedTemplate('postgresTemplate') : '';
  await adminQuery(postgresUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(postgresUrl, name);
  const database = await openDatabase({ url }, { poolSize: 12, ...options });
  await database.migrate();
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** What the global setup provided (a template, its server's URL), or '' outside vitest or when none was. */
function providedTemplate(key: 'pgliteTemplate' | 'postgresTemplate' | 'postgresUrl'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The URL of database `name` on the server of `postgresUrl`. */
export function withDatabase(postgresUrl: string, name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (creating or dropping a database). */
export async function adminQuery(postgresUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
