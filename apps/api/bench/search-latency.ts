/**
 * Latency of single searches, one at a time (not a test):
 * `pnpm --filter @botica/api bench:search`. It opens `DATABASE_URL`, or the PGlite folder `DATA_DIR`
 * (default: a throw-away one in memory), seeds it when empty (`BENCH_PRODUCTS`, default 20,000), and
 * times the realistic search texts (realistic-texts.ts, made from the catalogue's own names and
 * references: prefixes as typed, typos, references in every form, accents dropped, two words;
 * `BENCH_TEXTS`, default 600) `BENCH_RUNS` times each (default 3) through the search box
 * (`POST /api/v1/search`) and the catalogue's text filter (`POST /api/v1/products/search`), in
 * process (`app.inject`): per kind of text, the median, p95 and p99 in ms and the median number of
 * hits; then the slowest texts. `BENCH_TEXT_LIST` (texts separated by commas) times those instead,
 * one line each. Where `pnpm bench` measures throughput under load, this shows what one text costs.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo-data/index.ts';
import { testSettings } from '../src/settings/settings.ts';
import { type RealisticText, realisticSearchTexts } from './realistic-texts.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TEXT_COUNT = Number(process.env.BENCH_TEXTS ?? 600);
const TEXT_LIST = process.env.BENCH_TEXT_LIST?.split(',');

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

interface Timed {
  /** Median ms over the runs. */
  ms: number;
  hits: number;
  first: string;
}

async function time(url: string, payload: object, read: (body: never) => [number, string]): Promise<Timed> {
  const times: number[] = [];
  let hits = 0;
  let first = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url, headers: headers(), payload });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode} ${response.body}`);
    [hits, first] = read(response.json() as never);
  }
  times.sort((a, b) => a - b);
  return { ms: percentile(times, 50), hits, first };
}

const searchBox = (text: string) =>
  time(
    '/api/v1/search',
    { query: text, page: 0 },
    (body: { nbHits: number; hits: { reference: string; name: string }[] }) => [
      body.nbHits,
      `${body.hits[0]?.reference ?? '-'} ${body.hits[0]?.name ?? ''}`,
    ],
  );
const catalogue = (text: string) =>
  time(
    '/api/v1/products/search',
    { text, per_page: 24 },
    (body: { meta: { total: number }; data: { reference: string }[] }) => [
      body.meta.total,
      body.data[0]?.reference ?? '-',
    ],
  );

const ms = (value: number) => value.toFixed(1).padStart(6);
console.log(
  `${database.engine}, ${String(counted?.count)} products, ${RUNS} runs a text (its median), ms; load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
if (TEXT_LIST) {
  for (const text of TEXT_LIST) {
    const box = await searchBox(text);
    const page = await catalogue(text);
    console.log(
      `${JSON.stringify(text).padEnd(16)} search ${ms(box.ms)} ${String(box.hits).padStart(5)} hits, ${box.first}\n` +
        `${''.padEnd(16)} catalogue ${ms(page.ms)} ${String(page.hits).padStart(5)} hits, ${page.first}`,
    );
  }
} else {
  const products = await selectRows<{ name: string; reference: string }>(
    database.db,
    sql`select name, reference from products where is_active order by id`,
  );
  const texts: RealisticText[] = realisticSearchTexts(products, { count: TEXT_COUNT, seed: 2026 });
  const results: { text: RealisticText; box: Timed; page: Timed }[] = [];
  for (const text of texts) {
    results.push({ text, box: await searchBox(text.text), page: await catalogue(text.text) });
  }
  const summary = (list: typeof results, pick: (result: (typeof results)[number]) => Timed) => {
    const times = list.map((result) => pick(result).ms).sort((a, b) => a - b);
    const hits = list.map((result) => pick(result).hits).sort((a, b) => a - b);
    return `${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(percentile(times, 99))}  ${String(percentile(hits, 50)).padStart(5)} hits`;
  };
  console.log(
    `${'kind'.padEnd(12)} ${'texts'.padStart(5)}  search box: p50    p95    p99   median  catalogue: p50    p95    p99   median`,
  );
  const kinds = [...new Set(texts.map((text) => text.kind)), 'all'] as const;
  for (const kind of kinds) {
    const list = kind === 'all' ? results : results.filter((result) => result.text.kind === kind);
    console.log(
      `${kind.padEnd(12)} ${String(list.length).padStart(5)}  ${summary(list, (result) => result.box)}  ${summary(list, (result) => result.page)}`,
    );
  }
  console.log('slowest texts (search box, catalogue):');
  for (const { text, box, page } of [...results]
    .sort((a, b) => b.box.ms + b.page.ms - (a.box.ms + a.page.ms))
    .slice(0, 8)) {
    console.log(
      `  ${JSON.stringify(text.text).padEnd(28)} ${text.kind.padEnd(10)} ${ms(box.ms)} ${ms(page.ms)}  ${box.hits} hits`,
    );
  }
}
await app.close();
await database.close();
