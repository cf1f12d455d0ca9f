/**
 * The quick order's code lookup benchmark (not a test): `pnpm --filter @botica/api bench:code-lookup`.
 * On a throw-away PostgreSQL server (or `DATABASE_URL`'s database), the demo data with `BENCH_PRODUCTS`
 * products (20,000), then `lookUpCodes` of `BENCH_CODES` codes (200) as a pharmacist scans and types
 * them: Códigos Nacionales, EANs, references and their digits, a few unknown. It prints the
 * statement's plan and times the lookup with the Código Nacional and EAN indexes and without them,
 * in interleaved rounds (the indexes dropped and created again between them), so both figures are
 * taken under the same load; the load average is printed beside each. The server's statement
 * timeout is off: without the indexes a lookup may take seconds.
 */
import { type SQL, sql } from 'drizzle-orm';
import { lookUpCodes } from '../src/catalogue/code-lookup-service.ts';
import type { CoreContext } from '../src/context.ts';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { seedIfEmpty } from '../src/demo-data/index.ts';
import { testSettings } from '../src/settings/settings.ts';
import { startThrowawayPostgres } from '../src/testing/postgres-server.ts';
import { loadAverage, percentile, random } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const CODES = Number(process.env.BENCH_CODES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CALLS = Number(process.env.BENCH_CALLS ?? 5);

const INDEXES = {
  create: [
    sql`create index if not exists products_national_code_idx on products using btree (national_code)`,
    sql`create index if not exists products_ean_idx on products using btree (ean)`,
  ],
  drop: [sql`drop index if exists products_national_code_idx`, sql`drop index if exists products_ean_idx`],
};

const server = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
const url = process.env.DATABASE_URL ?? (server as { url: string }).url;
const database = await openDatabase({ url }, { poolSize: 2, statementTimeoutMs: 0 });
try {
  await database.migrate();
  const started = performance.now();
  const report = await seedIfEmpty(database.db, { products: PRODUCTS, seed: 2026 });
  if (report)
    console.log(
      `seeded ${report.counts.products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  await database.db.execute(sql`analyze`);
  const catalogue = await selectRows<{ reference: string; national_code: string | null; ean: string | null }>(
    database.db,
    sql`select reference, national_code, ean from products order by id`,
  );
  const [client] = await selectRows<{ id: number }>(database.db, sql`select min(id) as id from clients`);
  const next = random(7);
  const pick = () => catalogue[Math.floor(next() * catalogue.length)] as (typeof catalogue)[number];
  const codes: string[] = [];
  while (codes.length < CODES) {
    const product = pick();
    const roll = next();
    if (roll < 0.4 && product.ean) codes.push(product.ean);
    else if (roll < 0.7 && product.national_code) codes.push(product.national_code);
    else if (roll < 0.85) codes.push(product.reference);
    else if (roll < 0.95) codes.push(product.reference.replace(/\D+/g, ''));
    else codes.push(`ZZ-${codes.length}`);
  }
  const context: CoreContext = { db: database.db, settings: testSettings(), now: () => new Date() };
  const lookup = () => lookUpCodes(context, { clientId: Number(client?.id), codes });
  const found = (await lookup()).filter((result) => result.product !== null).length;
  console.log(`${PRODUCTS.toLocaleString('en')} products, ${codes.length} codes (${found} found)`);

  // The plan of the statement as lookUpCodes sends it: its database explains it instead of running it.
  const explain = async (): Promise<string> => {
    let plan = '';
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          const rows = await selectRows<{ 'QUERY PLAN': string }>(
            target,
            sql`explain (analyze, costs off, timing off, summary on) ${query}`,
          );
          plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          return { rows: [] };
        };
      },
    });
    await lookUpCodes({ ...context, db }, { clientId: Number(client?.id), codes });
    return plan;
  };
  for (const statement of INDEXES.drop) await database.db.execute(statement);
  await database.db.execute(sql`analyze products`);
  console.log(`\n-- without the indexes (load ${loadAverage()})\n${await explain()}`);
  for (const statement of INDEXES.create) await database.db.execute(statement);
  await database.db.execute(sql`analyze products`);
  console.log(`\n-- with the indexes (load ${loadAverage()})\n${await explain()}\n`);

  const times = { with: [] as number[], without: [] as number[] };
  const loads = { with: [] as string[], without: [] as string[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const mode of round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
      for (const statement of mode === 'with' ? INDEXES.create : INDEXES.drop)
        await database.db.execute(statement);
      await database.db.execute(sql`analyze products`);
      await lookup();
      for (let call = 0; call < CALLS; call += 1) {
        const start = performance.now();
        await lookup();
        times[mode].push(performance.now() - start);
      }
      loads[mode].push(loadAverage());
    }
  }
  for (const mode of ['without', 'with'] as const) {
    const sorted = [...times[mode]].sort((a, b) => a - b);
    console.log(
      `${mode} the indexes: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms` +
        ` (${sorted.length} lookups of ${codes.length} codes; load ${loads[mode].join(' | ')})`,
    );
  }
} finally {
  await database.close();
  server?.stop();
}
