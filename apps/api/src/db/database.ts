/**
 * Opening the database: PGlite (embedded PostgreSQL, data in a local folder) by default, a PostgreSQL
 * server when a `DATABASE_URL` is given. Both get the same Drizzle schema and the same migrations.
 * PGlite and its Drizzle driver are imported only when the embedded database is opened: the
 * production bundle leaves them out (scripts/bundle.ts) unless built with `--embedded-database`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle, which engine it is, and how to close it. */
export interface OpenDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  /**
   * Applies the pending migrations of drizzle/. On PostgreSQL under an advisory lock, so several
   * instances may start at once on one database.
   */
  migrate(): Promise<void>;
  /** PGlite only: a tarball of its data folder, which `loadDataDir` opens again (tests clone a migrated one). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Where to open: a PostgreSQL URL, or a PGlite data folder (`memory://` for a throw-away one). */
export type DatabaseTarget = { url: string } | { dataDir: string };

/**
 * Per-connection settings: the cost of a random page read at 1.1 instead of 4 (spinning disks): the
 * catalogue lives in memory or on SSD, and at 4 the planner read all 20,000 products of the benchmark
 * for a search instead of its reference and trigram indexes (2–4 times slower).
 */
const SESSION_SETTINGS = {
  random_page_cost: '1.1',
};
const SESSION_SETUP = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `SET ${name} = ${value}`)
  .join('; ');

/** The default `statement_timeout` of the server's connections (`DB_STATEMENT_TIMEOUT_MS`). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
/** The default wait for a new PostgreSQL connection (`DB_CONNECT_TIMEOUT_MS`). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** How to open the database. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connections of the pool. @default 10 */
  poolSize?: number;
  /** Told when PostgreSQL ends an idle connection of the pool. */
  onIdleError?: (error: Error) => void;
  /**
   * PostgreSQL's `statement_timeout` on every connection, in milliseconds (0: none): a statement
   * running longer is cancelled (SQLSTATE 57014), so one costly request cannot hold a connection, and
   * the others waiting for it, for long. Migrations and the demo data's seeding open their database
   * with 0. PGlite accepts the setting but does not honour it (no timer interrupts its single
   * thread), so it is only set on PostgreSQL. @default DEFAULT_STATEMENT_TIMEOUT_MS
   */
  statementTimeoutMs?: number;
  /**
   * How long a request waits for a new PostgreSQL connection before failing (node-postgres's
   * `connectionTimeoutMillis`), so a server that stops answering fails requests with a 503 instead
   * of holding them. @default DEFAULT_CONNECT_TIMEOUT_MS
   */
  connectTimeoutMs?: number;
  /** PGlite only: starts from this data folder (a `dumpDataDir` tarball) instead of an empty one. */
  loadDataDir?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The key of the session-level advisory lock every instance takes around its migrations (any fixed
 * bigint; this one spells "botica" in ASCII). Two instances starting at once on an empty database
 * would otherwise both create the same tables, and one would fail with 42P07 (duplicate_table).
 */
export const MIGRATION_LOCK_KEY = 0x626f74696361n;

/**
 * Applies the pending migrations on one dedicated connection of the pool, holding the migration lock:
 * a second instance waits for the first to finish, then finds nothing left to apply. The lock is a
 * session lock, so it also ends with the connection should the process die while holding it.
 */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePostgres(drizzlePostgres({ client, schema }), {
        migrationsFolder,
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection in an unknown state is not handed back to the pool.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Opens the database. PGlite gets the pg_trgm and unaccent extensions the search needs; PostgreSQL
 * must have them available (Debian's postgresql package ships them in contrib).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  if ('url' in target) {
    const poolConfig = (max: number, statementTimeoutMs: number): pg.PoolConfig => ({
      connectionString: target.url,
      max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // Startup parameters of every connection.
      options: Object.entries({ ...SESSION_SETTINGS, statement_timeout: String(statementTimeoutMs) })
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    });
    const pool = new pg.Pool(
      poolConfig(options.poolSize ?? 10, options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS),
    );
    // An idle connection the server ends (restart, failover, a dropped test database) makes the pool
    // emit 'error'; unheard, that crashes the process. The pool drops that client and the next query
    // opens a new connection.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection lost while checked out (a transaction between two statements, or the socket's end
    // after the statement in flight has failed) makes its client emit 'error', which the pool does
    // not hear then: unheard, that too crashes the process. The failure reaches the caller anyway (the
    // statement in flight, or the next one, fails: `isDatabaseUnavailable`), and the pool discards
    // the broken client when it comes back, so this listener only keeps the process alive.
    pool.on('connect', (client) => {
      client.on('error', ignoreCheckedOutClientError);
    });
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      // On a connection of its own without the statement timeout (building an index of a large
      // catalogue may take longer than any request should), under the migration lock.
      migrate: async () => {
        const migrationPool = new pg.Pool(poolConfig(1, 0));
        migrationPool.on('error', (error) => options.onIdleError?.(error));
        try {
          await migrateWithLock(migrationPool);
        } finally {
          await migrationPool.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite, pg_trgm, unaccent, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  const release = lockDataFolder(target.dataDir);
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create(target.dataDir, {
      extensions: { pg_trgm, unaccent },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const pglite = drizzlePglite({ client, schema });
  return {
    db: pglite as unknown as Database,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(pglite, { migrationsFolder });
      await client.exec(SESSION_SETUP);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The embedded database's folder is open in another process: PGlite runs PostgreSQL inside one
 * process, and a second one writing the same files would corrupt them.
 */
export class EmbeddedDatabaseBusy extends Error {
  override readonly name = 'EmbeddedDatabaseBusy';
  readonly pid: number;
  constructor(pid: number) {
    super(
      `the embedded database is open in another process (pid ${pid}): stop it first (PGlite serves one process at a time; with PostgreSQL, set DATABASE_URL and any number may)`,
    );
    this.pid = pid;
  }
}

/** Whether a process with this id is running (a signal 0 reaches it, or it exists but is not ours). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process (a `<folder>.lock` file beside it holding its pid), or throws
 * `EmbeddedDatabaseBusy` while a running process holds it; a lock left by a process that died is
 * taken over. Returns its release. A throw-away `memory://` database needs none.
 */
function lockDataFolder(dataDir: string): () => void {
  if (dataDir.startsWith('memory://')) return () => {};
  const folder = resolve(dataDir);
  mkdirSync(dirname(folder), { recursive: true });
  const path = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder))
        throw new EmbeddedDatabaseBusy(holder);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take ${path}`);
}

function ignoreCheckedOutClientError(): void {}

/**
 * The embedded database is not installed: a production bundle built without it (the default), asked
 * to run without `DATABASE_URL`. Its message says how to get one or the other.
 */
export class EmbeddedDatabaseMissing extends Error {
  override readonly name = 'EmbeddedDatabaseMissing';
  constructor(cause: unknown) {
    super(
      'PGlite is not installed (the production bundle and image leave the embedded database out): set DATABASE_URL to a PostgreSQL server, or build the bundle with it (`pnpm bundle --embedded-database`; the image: `docker build --build-arg BUNDLE_EMBEDDED_DATABASE=on`)',
      { cause },
    );
  }
}

/** PGlite, its two extensions and Drizzle's driver for it, loaded on first use. */
async function loadPglite() {
  try {
    const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/unaccent'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    return { PGlite, pg_trgm, unaccent, drizzle, migrate };
  } catch (error) {
    const code = (error as Error & { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('@electric-sql/pglite'))
      throw new EmbeddedDatabaseMissing(error);
    throw error;
  }
}

/**
 * SQLSTATEs of a database that is not there for the moment: class 08 (connection exception), 57P01
 * (admin_shutdown: the backend was terminated, or the server stops), 57P02 (crash_shutdown: another
 * backend crashed and the server is resetting), 57P03 (cannot_connect_now: starting or recovering),
 * 53300 (too_many_connections).
 */
const UNAVAILABLE_SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Socket errors on the way to the database server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own messages for a connection that broke or could not be made. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means that the database cannot be reached for now (a lost or refused connection,
 * a server restarting or recovering), rather than a fault of the request or of the code: the request
 * may succeed if tried again in a moment. Looks through Drizzle's `DrizzleQueryError` and any other
 * `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (
      UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message))
    )
      return true;
    current = current.cause;
  }
  return false;
}

/**
 * Whether an error is a statement cancelled by `statement_timeout` (SQLSTATE 57014, query_canceled):
 * the request asked for more work than the server allows one statement. Looks through `cause`s.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if ((current as Error & { code?: unknown }).code === '57014') return true;
    current = current.cause;
  }
  return false;
}

/**
 * Runs raw SQL and returns its rows, whichever driver is behind the database (both answer `{ rows }`).
 * For queries Drizzle's builder cannot express (search ranking, row locks with custom clauses).
 */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A named prepared statement, for the hot paths: PostgreSQL parses and plans it once per connection
 * instead of on every call, and its text is built once, at the first call. Its varying values are
 * `sql.placeholder(name)`s, given by name on each call. PGlite, in process, runs it as an ordinary
 * query.
 */
export function preparedStatement<T>(
  name: string,
  query: SQL,
): (db: Database, values: Record<string, unknown>) => Promise<T[]> {
  let built: Query | undefined;
  return async (db, values) => {
    built ??= dialect.sqlToQuery(query);
    const prepared = db._.session.prepareQuery(built, undefined, name, false);
    const result = (await prepared.execute(values)) as unknown as { rows: T[] };
    return result.rows;
  };
}

/** How many migrations this build ships (drizzle's journal beside the migrations). */
export function shippedMigrations(): number {
  const journal = join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** How many migrations the database (of a context) has applied. */
export async function appliedMigrations({ db }: { db: Database }): Promise<number> {
  const [row] = await selectRows<{ applied: number | string }>(
    db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return Number(row?.applied ?? 0);
}
