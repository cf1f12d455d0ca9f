import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty, truncateAll } from '../demo-data/index.ts';
import { connectionProblem } from './connection-problem.ts';
import {
  EmbeddedDatabaseBusy,
  isDatabaseUnavailable,
  type OpenDatabase,
  openDatabase,
  preparedStatement,
  selectRows,
} from './database.ts';
import { products } from './schema.ts';

describe('the embedded database', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('applies the migrations, constraints included', async () => {
    const base = { description: '', format: '60 cápsulas', priceCents: 1250, stockUnits: 10 };
    await database.db.insert(products).values({
      ...base,
      reference: 'BT-00123',
      name: 'Equinácea Forte',
      slug: 'equinacea-forte',
      vatRate: 10,
    });
    await expect(
      database.db.insert(products).values({ ...base, reference: 'BT-9', name: 'X', slug: 'x', vatRate: 7 }),
    ).rejects.toThrow();
  });

  it('runs a prepared statement (Drizzle private prepareQuery, docs/decisions/016-sql-strategy.md)', async () => {
    const doubled = preparedStatement<{ doubled: number }>(
      'test_doubled',
      sql`select ${sql.placeholder('n')}::int * 2 as doubled`,
    );
    expect(await doubled(database.db, { n: 21 })).toEqual([{ doubled: 42 }]);
    expect(await doubled(database.db, { n: 4 })).toEqual([{ doubled: 8 }]);
  });

  it('matches names regardless of accents, case and typos, and references however typed', async () => {
    const words = await selectRows<{ word: string }>(
      database.db,
      sql`select word from search_words where botica_prefix_typos(botica_normalise('EQUNIÁSEA'), word, 2) <= 2`,
    );
    expect(words).toEqual([{ word: 'equinacea' }]);
    const [product] = await selectRows<{ search_reference: string; reference_digits: string }>(
      database.db,
      sql`select search_reference, reference_digits from products where reference = 'BT-00123'`,
    );
    expect(product).toEqual({ search_reference: 'bt00123', reference_digits: '00123' });
  });

  it('moves the pricing epoch on with every change to what prices a cart, and only then', async () => {
    const epoch = async () =>
      Number(
        (await selectRows<{ epoch: string }>(database.db, sql`select epoch from pricing_epoch`))[0]?.epoch,
      );
    await truncateAll(database.db);
    await seedIfEmpty(database.db, { products: 50, seed: 7 });
    const pricing = [
      sql`update products set price_cents = price_cents + 1 where id = (select min(id) from products)`,
      sql`update special_prices set price_cents = price_cents + 1 where product_id = (select min(product_id) from special_prices)`,
      sql`delete from volume_rules where id = (select min(id) from volume_rules)`,
      sql`update discount_groups set discount_percent = 6 where id = (select min(id) from discount_groups)`,
      sql`update clients set discount_group_id = null where id = (select max(id) from clients)`,
      sql`update configurations set value = '3100' where key = 'maximum_purchase_per_month'`,
    ];
    for (const statement of pricing) {
      const before = await epoch();
      await database.db.execute(statement);
      expect(await epoch(), String(statement.queryChunks[0])).toBe(before + 1);
    }
    const unrelated = [
      sql`update orders set notes = 'revisado' where id = (select min(id) from orders)`,
      sql`update users set name = name`,
      sql`delete from sessions`,
    ];
    const before = await epoch();
    for (const statement of unrelated) await database.db.execute(statement);
    expect(await epoch()).toBe(before);
    // A reset empties the demo data but keeps the epoch, moved on: what was remembered is stale.
    await truncateAll(database.db);
    expect(await epoch()).toBeGreaterThan(before);
  });
});

describe('isDatabaseUnavailable', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it("knows a lost, refused or not-yet-accepting connection, through Drizzle's wrapper", () => {
    for (const error of [
      coded('terminating connection due to administrator command', '57P01'),
      coded('terminating connection because of crash of another server process', '57P02'),
      coded('the database system is starting up', '57P03'),
      coded('connection failure', '08006'),
      coded('sorry, too many clients already', '53300'),
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1\nparams: ', { cause: coded('terminating connection', '57P01') }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('leaves every other failure to the 500 it is', () => {
    for (const error of [
      coded('duplicate key value violates unique constraint', '23505'),
      coded('canceling statement due to statement timeout', '57014'),
      coded('syntax error', '42601'),
      new Error('Failed query: select 1\nparams: ', { cause: coded('deadlock detected', '40P01') }),
      new TypeError('Cannot read properties of undefined'),
      'Connection terminated',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('the embedded database in a folder', () => {
  it('serves one process at a time: another is refused while it is open, and may take it once closed', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'botica-lock-')), 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      // Another process holds the folder (this test's parent stands in for it: a live pid).
      writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(EmbeddedDatabaseBusy);
      expect(connectionProblem(new EmbeddedDatabaseBusy(process.ppid), { dataDir })).toMatch(
        /^cannot use .*: the embedded database is open in another process \(pid \d+\): stop it first/,
      );
    } finally {
      await database.close();
    }
    // A lock left by a process that died is taken over; a closed database leaves none.
    writeFileSync(`${dataDir}.lock`, '2147483646\n');
    const again = await openDatabase({ dataDir });
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await again.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
