/**
 * The orders' CSV export benchmark (not a test): `pnpm --filter @botica/api bench:orders-export`.
 * It opens a throw-away PGlite database in memory (and, when `DATABASE_URL` is set, that PostgreSQL
 * database as well), seeds the demo data, starts the real app on a local port in this process and, as
 * the demo admin, downloads `GET /api/v1/admin/orders/export.csv` over HTTP with every order: first
 * with about `BENCH_SMALL` orders (1,000), then with `BENCH_ORDERS` (100,000) — orders written
 * straight into the database beside the demo's, two lines each. For each it prints the rows, the time,
 * rows/s, the file's size, and the process's peak RSS and heap growth over what it held just before
 * the download (sampled every 20 ms): an export streamed in batches holds the same memory for 100,000
 * orders as for 1,000. The heap's peak counts garbage not yet collected (it grows with the collector's
 * pace, not with what is held); the live heap, read right after a full collection every 500 ms, is
 * what the process holds. Beside each figure, the machine's load average (1 min) and the latency of the
 * server's trivial endpoint (`GET /healthz`) asked one at a time during the download, so a figure is
 * read with the load it was measured under and with what the export cost everyone else.
 * Run it with `--expose-gc` (the script does) so the baseline is taken after a collection.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type DatabaseTarget, openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../src/demo-data/index.ts';
import { testSettings } from '../src/settings/settings.ts';
import { login, percentile } from './support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const SAMPLE_MS = 20;
const LIVE_SAMPLE_MS = 500;
const MB = 1024 * 1024;

interface Figures {
  engine: string;
  rows: number;
  seconds: number;
  bytes: number;
  rssGrowth: number;
  heapGrowth: number;
  /** The heap's growth right after a full collection, sampled every `LIVE_SAMPLE_MS`: what is held. */
  liveGrowth: number;
  health: { p50: number; p95: number; max: number; count: number };
  load: number;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Writes bench orders until the database holds `total` orders (two lines each, every pharmacy's). */
async function fillOrders(db: Awaited<ReturnType<typeof openDatabase>>['db'], total: number): Promise<void> {
  const [counted] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from orders`,
  );
  const have = Number(counted?.count ?? 0);
  const [last] = await selectRows<{ last: number | string }>(
    db,
    sql`select count(*) as last from orders where number like 'BX-%'`,
  );
  let next = Number(last?.last ?? 0) + 1;
  let missing = total - have;
  while (missing > 0) {
    const batch = Math.min(missing, 20_000);
    const end = next + batch - 1;
    await db.execute(sql`
      insert into orders (number, client_id, user_id, status, notes, price_cents, discount_cents,
                          tax_cents, total_cents, discounts, taxes, created_at)
      select 'BX-' || lpad(g::text, 7, '0'), ids[1 + g % array_length(ids, 1)], null,
             (array['received', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + g % 5],
             null, 10000 + g % 90000, (10000 + g % 90000) / 20, (10000 + g % 90000) / 10,
             10000 + g % 90000 - (10000 + g % 90000) / 20 + (10000 + g % 90000) / 10,
             '[]'::jsonb, '[]'::jsonb, timestamptz '2019-01-01 00:00:00+00' + g * interval '1 minute'
      from generate_series(${next}::int, ${end}::int) g,
           (select array_agg(id order by id) as ids from clients) c`);
    await db.execute(sql`
      insert into order_lines (order_id, product_id, position, reference, name, format, quantity,
                               unit_price_cents, price_cents, net_cents, vat_rate)
      select o.id, p.id, k, p.reference, p.name, 'Caja', 1, 100, 100, 100, 21
      from orders o cross join generate_series(0, 1) k
      cross join (select id, reference, name from products order by id limit 1) p
      where o.number between ${`BX-${String(next).padStart(7, '0')}`} and ${`BX-${String(end).padStart(7, '0')}`}`);
    next = end + 1;
    missing -= batch;
  }
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_lines`);
}

/** Downloads the export, reading it as it comes, while sampling memory and `/healthz`. */
async function measure(engine: string, base: string, cookie: string): Promise<Figures> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collect();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, SAMPLE_MS);
  let peakLive = before.heapUsed;
  const liveSampler = setInterval(() => {
    collect();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, LIVE_SAMPLE_MS);
  let done = false;
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/admin/orders/export.csv`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let records = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) records += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probe;
  clearInterval(sampler);
  clearInterval(liveSampler);
  const sorted = [...health].sort((a, b) => a - b);
  return {
    engine,
    rows: records - 1,
    seconds,
    bytes,
    rssGrowth: peakRss - before.rss,
    heapGrowth: peakHeap - before.heapUsed,
    liveGrowth: peakLive - before.heapUsed,
    health: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? 0,
      count: sorted.length,
    },
    load: loadavg()[0] ?? 0,
  };
}

function print(line: Figures): void {
  console.log(
    `  ${String(line.rows).padStart(7)} rows  ${line.seconds.toFixed(2).padStart(6)} s  ${(line.rows / line.seconds).toFixed(0).padStart(7)} rows/s  ${(line.bytes / MB).toFixed(1).padStart(5)} MB  peak RSS +${(line.rssGrowth / MB).toFixed(1)} MB  heap +${(line.heapGrowth / MB).toFixed(1)} MB (live +${(line.liveGrowth / MB).toFixed(1)} MB)  | /healthz p50 ${line.health.p50.toFixed(1)} ms p95 ${line.health.p95.toFixed(1)} ms max ${line.health.max.toFixed(1)} ms (${line.health.count}) | load ${line.load.toFixed(2)}`,
  );
}

async function benchEngine(engine: string, target: DatabaseTarget): Promise<Figures[]> {
  console.log(`\n${engine}:`);
  const database = await openDatabase(target, { poolSize: 4 });
  const app = await buildApp({ db: database.db, settings: testSettings({ logLevel: 'warn' }) });
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { products: 50, seed: 2026 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const { cookie } = await login(base, DEMO_ACCOUNTS.admin);
    const figures: Figures[] = [];
    await fillOrders(database.db, SMALL);
    // The first download warms the code paths up; the second is measured.
    await measure(engine, base, cookie);
    for (const total of [SMALL, ORDERS]) {
      if (total !== SMALL) {
        const started = performance.now();
        await fillOrders(database.db, total);
        console.log(
          `  (wrote orders up to ${total} in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      const line = await measure(engine, base, cookie);
      print(line);
      figures.push(line);
    }
    return figures;
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(without --expose-gc: baselines include garbage)');
  console.log(`Orders' CSV export over HTTP: about ${SMALL} orders, then ${ORDERS}, every order each time.`);
  const all: Figures[] = [];
  all.push(...(await benchEngine('pglite', { dataDir: 'memory://' })));
  const url = process.env.DATABASE_URL;
  if (url) all.push(...(await benchEngine('postgres', { url })));
  console.log(
    '\n| database | rows | s | rows/s | MB | peak RSS growth MB | heap growth MB | live heap growth MB | /healthz p95 ms | load |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of all) {
    console.log(
      `| ${line.engine} | ${line.rows} | ${line.seconds.toFixed(2)} | ${(line.rows / line.seconds).toFixed(0)} | ${(line.bytes / MB).toFixed(1)} | ${(line.rssGrowth / MB).toFixed(1)} | ${(line.heapGrowth / MB).toFixed(1)} | ${(line.liveGrowth / MB).toFixed(1)} | ${line.health.p95.toFixed(1)} | ${line.load.toFixed(2)} |`,
    );
  }
}

await main();
