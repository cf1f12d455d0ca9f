/**
 * Latency of single searches, one at a time (not a test):
 * `pnpm --filter @botica/api bench:search`. It opens `DATABASE_URL`, or the PGlite folder `DATA_DIR`
 * (default: a throw-away one in memory), seeds it when empty (`BENCH_PRODUCTS`, default 20,000), and
 * times each text `BENCH_RUNS` times (default 30) through the search box (`POST /api/v1/search`) and
 * the catalogue's text filter (`POST /api/v1/products/search`), in process (`app.inject`): the median
 * and p95 in ms, and what came first. Where `pnpm bench:api` measures throughput under load, this
 * shows what one uncached text costs.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo-data/index.ts';
import { testSettings } from '../src/settings/settings.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TEXTS = (
  process.env.BENCH_TEXTS ??
  'BT-10399,bt10399,bt 10399,10399,bt-103,equinacea,Equinácea,equniacea,valeriaan,valeriena,valerana,valerianna,jalea real,jaela real,xyzzy,a'
).split(',');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR ?? 'memory://' });
await database.migrate();
await seedIfEmpty(database.db, { products: PRODUCTS, seed: 2026 });
await database.db.execute(sql`analyze`);
const [counted] = await selectRows<{ count: number | string }>(
  database.db,
  sql`select count(*) as count from products`,
);
const app = await buildApp({
  db: database.db,
  settings: testSettings({ logLevel: 'warn' }),
});
await app.ready();

const jar = new Map<string, string>();
const remember = (setCookie: string | string[] | undefined) => {
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
};
const headers = () => ({
  cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
});
remember((await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' })).headers['set-cookie']);
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  headers: headers(),
  payload: { username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD },
});
if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
remember(login.headers['set-cookie']);

async function time(url: string, payload: object, first: (body: never) => string): Promise<string> {
  const times: number[] = [];
  let answer = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url, headers: headers(), payload });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode} ${response.body}`);
    answer = first(response.json() as never);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1).padStart(6)} ${percentile(times, 95).toFixed(1).padStart(6)}  ${answer}`;
}

console.log(
  `${database.engine}, ${String(counted?.count)} products, ${RUNS} runs a text, ms (median p95) and the first hit`,
);
for (const text of TEXTS) {
  const search = await time(
    '/api/v1/search',
    { query: text, page: 0 },
    (body: { nbHits: number; hits: { reference: string; name: string }[] }) =>
      `${String(body.nbHits).padStart(5)} hits, ${body.hits[0]?.reference ?? '-'} ${body.hits[0]?.name ?? ''}`,
  );
  const catalogue = await time(
    '/api/v1/products/search',
    { text, per_page: 20 },
    (body: { meta: { total: number }; data: { reference: string }[] }) =>
      `${String(body.meta.total).padStart(5)} hits, ${body.data[0]?.reference ?? '-'}`,
  );
  console.log(`${JSON.stringify(text).padEnd(14)} search ${search}\n${''.padEnd(14)} catalogue ${catalogue}`);
}
await app.close();
await database.close();
