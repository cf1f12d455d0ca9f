/**
 * Writing the demo data: every table in one transaction, in batches under PostgreSQL's 65,535
 * parameters per statement, then every identity sequence moved past the largest id so the server's
 * own inserts never collide. Works the same on PGlite and on PostgreSQL.
 */
import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import { hashPassword } from '../accounts/password.ts';
import type { Database } from '../db/database.ts';
import * as schema from '../db/schema.ts';
import { type DemoData, type DemoDataOptions, generateDemoData } from './generate-demo-data.ts';
import { DEMO_PASSWORD } from './pharmacies.ts';

/** The tables the demo data fills, parents before children. */
const SEEDED_TABLES = [
  ['salesReps', schema.salesReps],
  ['discountGroups', schema.discountGroups],
  ['clients', schema.clients],
  ['users', schema.users],
  ['shops', schema.shops],
  ['wholesalers', schema.wholesalers],
  ['clientWholesalers', schema.clientWholesalers],
  ['categories', schema.categories],
  ['banners', schema.banners],
  ['tags', schema.tags],
  ['products', schema.products],
  ['productCategories', schema.productCategories],
  ['productTags', schema.productTags],
  ['specialPrices', schema.specialPrices],
  ['volumeRules', schema.volumeRules],
  ['configurations', schema.configurations],
  ['settings', schema.settings],
  ['carts', schema.carts],
  ['orders', schema.orders],
  ['orderLines', schema.orderLines],
  ['webinars', schema.webinars],
  ['webinarProducts', schema.webinarProducts],
  ['trainingFiles', schema.trainingFiles],
  ['materialTags', schema.materialTags],
  ['materials', schema.materials],
  ['materialTagLinks', schema.materialTagLinks],
  ['materialProducts', schema.materialProducts],
  ['newsletters', schema.newsletters],
  ['posts', schema.posts],
  ['surveys', schema.surveys],
  ['surveyQuestions', schema.surveyQuestions],
  ['labMessages', schema.labMessages],
  ['shipments', schema.shipments],
  ['shipmentLines', schema.shipmentLines],
  ['invoices', schema.invoices],
  ['invoiceLines', schema.invoiceLines],
  ['productSubstitutes', schema.productSubstitutes],
] as const satisfies readonly (readonly [keyof DemoData, Table])[];

/** Every table of the schema, sessions included: what a reset empties. */
const ALL_TABLES: readonly Table[] = [
  ...SEEDED_TABLES.map(([, table]) => table),
  schema.sessions,
  schema.searchWords,
  schema.passwordResets,
  schema.registrationRequests,
  schema.outbox,
  schema.webinarSignups,
  schema.surveyResponses,
  schema.labMessageReads,
  schema.stockAlerts,
  schema.userShopChoices,
];

/** Tables whose `id` is an identity column, whose sequences must follow the seeded ids. */
const IDENTITY_TABLES: readonly Table[] = ALL_TABLES.filter((table) => {
  const id = (getTableColumns(table) as Record<string, { generatedIdentity?: unknown } | undefined>).id;
  return id?.generatedIdentity !== undefined;
});

/** Rows per statement: each batch travels as one JSON parameter, far under the 65,535 bind parameters. */
const BATCH_ROWS = 5_000;
/** How many rows of each table were written. */
export type SeedCounts = Record<keyof DemoData, number>;

/** What a seeding did and how long it took. */
export interface SeedReport {
  counts: SeedCounts;
  /** Time spent generating the data (and hashing the password), if the seeding generated it. */
  generateMs?: number;
  /** Time spent writing it, transaction included. */
  insertMs: number;
}

/** Options of `seedDatabase`. */
export interface SeedDatabaseOptions {
  /** Empty every table first (TRUNCATE … RESTART IDENTITY CASCADE), in the same transaction. */
  reset?: boolean;
}

/** Options of `seedIfEmpty`: the generator's options, with `now` and the password defaulted. */
export interface SeedIfEmptyOptions extends Partial<Omit<DemoDataOptions, 'passwordHash'>> {
  /** The demo accounts' password. @default 'Botica2026' */
  password?: string;
}

type Executor = Pick<Database, 'execute'>;

/**
 * Inserts rows as one JSON parameter expanded by `json_to_recordset`, typed from the table's Drizzle
 * columns: the same rows as Drizzle's multi-row VALUES, without building a statement with a
 * placeholder per value (which cost more than the database's own work at 20,000 products).
 */
async function insertRows(
  db: Executor,
  table: Table,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  for (const key of keys) if (!columns[key]) throw new Error(`${getTableName(table)} has no column ${key}`);
  const names = keys.map((key) => (columns[key] as (typeof columns)[string]).name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const shape = sql.join(
    keys.map((key) => {
      const column = columns[key] as (typeof columns)[string];
      return sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`;
    }),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS).map((row) => {
      if (Object.keys(row).length !== keys.length) {
        throw new Error(`every row of ${getTableName(table)} must set the same columns`);
      }
      const record: Record<string, unknown> = {};
      keys.forEach((key, index) => {
        const value = row[key] ?? null;
        // Bytes travel in the JSON as PostgreSQL's hex bytea text.
        record[names[index] as string] =
          value instanceof Uint8Array ? `\\x${Buffer.from(value).toString('hex')}` : value;
      });
      return record;
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_to_recordset(${JSON.stringify(batch)}::json) as x(${shape})`,
    );
  }
}

async function insertAll(db: Executor, data: DemoData): Promise<SeedCounts> {
  const counts = {} as SeedCounts;
  for (const [key, table] of SEEDED_TABLES) {
    const rows = data[key] as readonly Record<string, unknown>[];
    counts[key] = rows.length;
    // The migrations give the order rules their first values; the demo's own replace them.
    if (table === schema.configurations) await db.execute(sql`delete from ${schema.configurations}`);
    await insertRows(db, table, rows);
  }
  return counts;
}

/** Moves every identity sequence past the largest id of its table (to 1 for an empty table). */
export async function resetIdentitySequences(db: Pick<Database, 'execute'>): Promise<void> {
  for (const table of IDENTITY_TABLES) {
    const name = getTableName(table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.identifier(name)}`,
    );
  }
}

/** Empties every table and restarts the identities. */
export async function truncateAll(db: Pick<Database, 'execute'>): Promise<void> {
  const names = ALL_TABLES.map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
}

/**
 * Whether any table of the schema holds a row, the order rules' configuration aside (a migration
 * writes its first values, so a new database has them).
 */
export async function hasAnyRows(db: Pick<Database, 'execute'>): Promise<boolean> {
  const checks = ALL_TABLES.filter((table) => table !== schema.configurations).map(
    (table) => sql`exists (select 1 from ${sql.identifier(getTableName(table))})`,
  );
  const result = (await db.execute(sql`select (${sql.join(checks, sql` or `)}) as "any"`)) as unknown as {
    rows: { any: boolean }[];
  };
  return result.rows[0]?.any === true;
}

async function hasUsers(db: Pick<Database, 'execute'>): Promise<boolean> {
  const result = (await db.execute(sql`select exists (select 1 from users) as "any"`)) as unknown as {
    rows: { any: boolean }[];
  };
  return result.rows[0]?.any === true;
}

/** Any constant: two processes seeding one database at once take turns on this advisory lock. */
const SEED_LOCK = 4_202_026;

/**
 * Writes the demo data in one transaction and moves the identity sequences past it. The database
 * must be migrated and, unless `reset`, empty of the seeded ids.
 * @example await seedDatabase(db, generateDemoData({ now: new Date(), passwordHash }));
 */
export async function seedDatabase(
  db: Database,
  data: DemoData,
  options: SeedDatabaseOptions = {},
): Promise<SeedReport> {
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (options.reset) await truncateAll(tx);
    const written = await insertAll(tx, data);
    await resetIdentitySequences(tx);
    return written;
  });
  return { counts, insertMs: performance.now() - started };
}

/**
 * Seeds the demo data only if the database has no users: what the server calls on its first start.
 * Returns the report, or null when there was nothing to do. Safe against two processes starting at
 * once: the second waits for the first's transaction and then finds the users.
 * @example const report = await seedIfEmpty(db, { products: 320, seed: 2026 });
 */
export async function seedIfEmpty(
  db: Database,
  options: SeedIfEmptyOptions = {},
): Promise<SeedReport | null> {
  if (await hasUsers(db)) return null;
  const started = performance.now();
  const { password = DEMO_PASSWORD, now = new Date(), ...rest } = options;
  const passwordHash = await hashPassword(password);
  const data = generateDemoData({ ...rest, now, passwordHash });
  const generateMs = performance.now() - started;

  const insertStarted = performance.now();
  const counts = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return null;
    const written = await insertAll(tx, data);
    await resetIdentitySequences(tx);
    return written;
  });
  return counts ? { counts, generateMs, insertMs: performance.now() - insertStarted } : null;
}
