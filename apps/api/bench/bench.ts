/**
 * The API benchmark (not a test): `pnpm bench:api`. For PGlite and for a throw-away PostgreSQL
 * server it seeds 20,000 products of demo data, starts the real server in a child process, and drives
 * it with autocannon, 32 connections for 15 s per scenario (after a short warm-up), each connection
 * bound to one of the demo pharmacies' sessions:
 *   - search: `POST /api/v1/search` with 3,000 distinct realistic texts (realistic-texts.ts: prefixes
 *     as typed, typos, references in every form, accents dropped, two words in either order), each
 *     computed by the catalogue index (there is no answer cache);
 *   - listing: `POST /api/v1/products/search` with 1,000 distinct filter combinations as the portal
 *     sends them (ranges, health problems, price ranges, a text, a sort, a page of 24);
 *   - categories: `GET /api/v1/categories`;
 *   - cart save: `POST /api/v1/cart` with 1–4 lines;
 *   - and, only when BENCH_SCENARIOS names them, the product page's reads of the products a cart
 *     holds: product (`GET /api/v1/products/{id}`), tiers (`…/table-cartrules`), substitutes
 *     (`…/substitutes`) and training (`…/training`).
 * Right before each scenario, `GET /healthz` (no database, no session) is driven the same way for the
 * same time: its req/s is what the server and this machine answer at all at that moment, so a
 * scenario's share of it says what the work costs whatever else the machine is doing. Beside each
 * line: the load average when it ended, and CPU per request from /proc: the server's (its workers
 * included) and, on PostgreSQL, PostgreSQL's (every process of it), in ms. Targets on PostgreSQL:
 * p95 ≤ 25 ms, no errors.
 * The PostgreSQL server runs as in production, one worker process per core (API_WORKERS), with about
 * two database connections per core in all (DB_POOL_SIZE per worker); PGlite, embedded, runs in one
 * process, its CPU counted as the server's.
 * The throw-away PostgreSQL server flushes nothing (fsync and synchronous_commit off, as in the
 * tests): BENCH_PG_SETTINGS='{"fsync":"on","synchronous_commit":"on"}' adds the WAL flush each commit
 * makes in production (concurrent commits share one).
 * The cart save is also driven at fixed offered rates (BENCH_RATES, req/s, default 1,000 and 2,000;
 * support.ts `pace`, evenly spaced, on at most as many connections): the closed loop above is bound
 * by throughput (its p99 is about connections ÷ req/s times the tail), these lines are the latency a
 * pharmacist meets when the server is busy but not saturated. A rate above what the closed loop
 * reached is not run (it would only measure its queue: PGlite's one thread saves about 540 carts a
 * second); one the server still cannot keep up with shows as req/s below it.
 * After the first database's scenarios (BENCH_COSTS=0: not), where the search's and the listing's own
 * work goes, timed in this process part by part (bench/route-costs.ts).
 * At the end, the ceiling (BENCH_CEILING=0: not): a bare Fastify (bench/bare-server.ts: no hooks,
 * sessions, checks or database) answering a full page of the API's own search and listing answers
 * beside its own /healthz: the most any route with an answer of that size reaches on this machine.
 * BENCH_PRODUCTS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ENGINES (pglite,postgres) and
 * BENCH_SCENARIOS (search,listing,categories,cart; product,tiers,substitutes,training besides), BENCH_WORKERS and BENCH_DB_POOL (connections per
 * worker) override. For profiling, BENCH_SERVER_FLAGS adds Node flags to the server (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`) and BENCH_PG_SETTINGS adds PostgreSQL settings as JSON
 * (e.g. `{"shared_preload_libraries":"pg_stat_statements"}`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DatabaseTarget, openDatabase, selectRows } from '../src/db/database.ts';
import { freePort, startThrowawayPostgres } from '../src/testing/postgres-server.ts';
import { printRouteCosts } from './route-costs.ts';
import {
  cpuSeconds,
  type DrivenRun,
  drive,
  heavyRequestsFor,
  loadAverage,
  login,
  pace,
  percentile,
  postmasterPid,
  type RequestSpec,
  type Session,
  seedAndReadWorkload,
  settle,
  startServer,
  statusList,
  type Workload,
  waitForServer,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP_SECONDS = 3;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
/**
 * The database shares this machine's cores with the server and autocannon, so the workers together
 * hold about two connections per core (PostgreSQL's usual sizing): more backends than that only queue
 * for the CPU (on 2 cores, 8 connections per worker made the save's p95 ~30 % worse than 2).
 */
const DB_POOL = Number(
  process.env.BENCH_DB_POOL ?? Math.max(1, Math.round((2 * availableParallelism()) / WORKERS)),
);
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'search,listing,categories,cart').split(','));
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
/** The fixed offered rates (req/s) the cart save is also driven at; empty for none. */
const RATES = (process.env.BENCH_RATES ?? '1000,2000').split(',').filter(Boolean).map(Number);
const PG_SETTINGS = JSON.parse(process.env.BENCH_PG_SETTINGS ?? '{}') as Record<string, string>;

interface Measured {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers not 2xx, socket errors and timeouts. */
  errors: number;
  statuses: string;
  /** Server CPU per request, ms (its workers and, on PGlite, the database included). */
  serverCpu: number;
  /** PostgreSQL's CPU per request, ms (every process of it); undefined on PGlite. */
  databaseCpu: number | undefined;
  load: string;
  /** Seconds the server took after the run to answer what was still in flight. */
  settled: number;
}

interface Figures {
  engine: string;
  scenario: string;
  run: Measured;
  health: Measured;
}

/** Drives one scenario and measures it: latencies, and the CPU the server and the database spent. */
async function measure(
  base: string,
  serverPid: number,
  databasePid: number | undefined,
  sessions: readonly Session[],
  request: (session: Session | undefined) => RequestSpec,
  rate?: number,
): Promise<Measured> {
  const roots = databasePid === undefined ? [serverPid] : [serverPid, databasePid];
  const serverBefore = cpuSeconds(serverPid);
  const databaseBefore = databasePid === undefined ? 0 : cpuSeconds(databasePid);
  const run: DrivenRun =
    rate === undefined
      ? await drive({ base, connections: CONNECTIONS, seconds: SECONDS, sessions, request })
      : await pace({ base, connections: CONNECTIONS, seconds: SECONDS, rate, sessions, request });
  // The requests still in flight are part of the run's work: the CPU is read once they are answered.
  const settled = await settle(base, roots);
  const serverSpent = cpuSeconds(serverPid) - serverBefore;
  const databaseSpent = databasePid === undefined ? 0 : cpuSeconds(databasePid) - databaseBefore;
  const sorted = [...run.latencies].sort((a, b) => a - b);
  // The CPU read after settling went to the answered requests and to the one each connection still
  // had in flight when the run ended (a paced run waits for every answer).
  const requests = Math.max(1, run.requests + (rate === undefined ? CONNECTIONS : 0));
  return {
    perSecond: run.requests / run.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: [...run.statuses.values()].reduce((sum, count) => sum + count, 0) + run.failures,
    statuses: statusList(run.statuses),
    serverCpu: (serverSpent * 1000) / requests,
    databaseCpu: databasePid === undefined ? undefined : (databaseSpent * 1000) / requests,
    load: loadAverage(),
    settled,
  };
}

const cpuText = (line: Measured) =>
  `${line.serverCpu.toFixed(2)}${line.databaseCpu === undefined ? '' : ` + ${line.databaseCpu.toFixed(2)}`}`;

const shareText = (line: Measured, health: Measured): string => {
  if (health.perSecond <= 0) return '-';
  const share = (100 * line.perSecond) / health.perSecond;
  return `${share.toFixed(share < 1 ? 2 : 1)} %`;
};

function printLine(label: string, line: Measured, health?: Measured): void {
  const share = health ? shareText(line, health).padStart(7) : '      -';
  const settled = line.settled >= 2 ? `   ${line.settled.toFixed(1)} s to answer what was in flight` : '';
  console.log(
    `  ${label.padEnd(10)} ${line.perSecond.toFixed(0).padStart(6)} req/s ${share} of /healthz   p50 ${line.p50.toFixed(1).padStart(5)}  p95 ${line.p95.toFixed(1).padStart(6)}  p99 ${line.p99.toFixed(1).padStart(6)} ms   CPU/req ${cpuText(line)} ms   errors ${line.errors}${line.errors > 0 ? ` (${line.statuses})` : ''}   load ${line.load}${settled}`,
  );
}

/** With pg_stat_statements loaded: the statements that took the server's time, most first. */
async function printStatementStatistics(target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target, { poolSize: 1 });
  try {
    await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    const rows = await selectRows<{
      calls: string;
      total: number;
      mean: number;
      plan: number;
      plans: string;
      query: string;
    }>(
      database.db,
      sql`select calls::text, plans::text, total_exec_time + total_plan_time as total, mean_exec_time as mean, mean_plan_time as plan, query
          from pg_stat_statements order by total_exec_time + total_plan_time desc limit 10`,
    );
    console.log('  statements by total time:');
    for (const row of rows) {
      console.log(
        `    ${row.total.toFixed(0).padStart(7)} ms  ${row.calls.padStart(7)} calls  ${row.mean.toFixed(3)} ms (${row.plans} plans of ${row.plan.toFixed(3)} ms)  ${row.query.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    }
  } finally {
    await database.close();
  }
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Figures[]> {
  console.log(
    `\n${engine}${engine === 'postgres' ? ` (${WORKERS} server workers, ${DB_POOL} connections each)` : ''}: preparing ${PRODUCTS} products…`,
  );
  const cleanups: (() => void)[] = [];
  let env: Record<string, string>;
  let target: DatabaseTarget;
  let databasePid: number | undefined;
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'botica-bench-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    target = { dataDir: folder };
    env = { DATA_DIR: folder };
  } else {
    const server = await startThrowawayPostgres({ settings: { shared_buffers: '256MB', ...PG_SETTINGS } });
    cleanups.push(server.stop);
    target = { url: server.url };
    databasePid = await postmasterPid(server.url);
    env = {
      DATABASE_URL: server.url,
      API_WORKERS: String(WORKERS),
      DB_POOL_SIZE: String(DB_POOL),
    };
  }
  let child: ChildProcess | undefined;
  let costsOf: Workload | undefined;
  try {
    const workload = await seedAndReadWorkload(target, PRODUCTS);
    const heavy = heavyRequestsFor(CONNECTIONS, workload.usernames.length);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startServer(port, { ...env, HEAVY_REQUESTS_PER_CLIENT: String(heavy) }, SERVER_FLAGS);
    await waitForServer(base, child);
    const serverPid = child.pid as number;
    const sessions = await Promise.all(workload.usernames.map((username) => login(base, username)));
    console.log(
      `  ${sessions.length} pharmacies' sessions, ${CONNECTIONS} connections (HEAVY_REQUESTS_PER_CLIENT ${heavy}); ${workload.searches.length} search texts, ${workload.listings.length} listings, ${workload.carts.length} carts`,
    );
    console.log(
      `  CPU/req is the server's${engine === 'postgres' ? ' + PostgreSQL’s' : ' (PGlite inside it)'}, in ms`,
    );
    const cycle = (bodies: readonly string[]) => {
      let counter = 0;
      return () => {
        counter += 1;
        return bodies[counter % bodies.length] as string;
      };
    };
    const nextSearch = cycle(workload.searches);
    const nextListing = cycle(workload.listings);
    const nextCart = cycle(workload.carts);
    const nextProduct = cycle(workload.productIds.map(String));
    const scenarios: [string, string, () => RequestSpec][] = [
      ['search', 'search', () => ({ method: 'POST', path: '/api/v1/search', body: nextSearch() })],
      [
        'listing',
        'listing',
        () => ({ method: 'POST', path: '/api/v1/products/search', body: nextListing() }),
      ],
      ['categories', 'categories', () => ({ method: 'GET', path: '/api/v1/categories' })],
      ['cart', 'cart save', () => ({ method: 'POST', path: '/api/v1/cart', body: nextCart() })],
      ['product', 'product', () => ({ method: 'GET', path: `/api/v1/products/${nextProduct()}` })],
      [
        'tiers',
        'tiers',
        () => ({ method: 'GET', path: `/api/v1/products/${nextProduct()}/table-cartrules` }),
      ],
      [
        'substitutes',
        'substitutes',
        () => ({ method: 'GET', path: `/api/v1/products/${nextProduct()}/substitutes` }),
      ],
      ['training', 'training', () => ({ method: 'GET', path: `/api/v1/products/${nextProduct()}/training` })],
    ];
    const health = (): RequestSpec => ({ method: 'GET', path: '/healthz' });
    if (CEILING && fullPages.size === 0) {
      await capture('search', base, sessions[0], workload.searches, '/api/v1/search', 'hits');
      await capture('listing', base, sessions[0], workload.listings, '/api/v1/products/search', 'data');
    }
    const figures: Figures[] = [];
    for (const [key, scenario, request] of scenarios) {
      if (!SCENARIOS.has(key)) continue;
      await drive({ base, connections: CONNECTIONS, seconds: WARM_UP_SECONDS, sessions, request });
      await settle(base, [serverPid, ...(databasePid === undefined ? [] : [databasePid])]);
      const healthLine = await measure(base, serverPid, databasePid, [], health);
      const line = await measure(base, serverPid, databasePid, sessions, request);
      printLine('/healthz', healthLine);
      printLine(scenario, line, healthLine);
      figures.push({ engine, scenario, run: line, health: healthLine });
      if (key !== 'cart') continue;
      for (const rate of RATES) {
        // A rate above what the closed loop reached only queues: its latencies would be the queue's.
        if (rate > line.perSecond) {
          console.log(
            `  ${scenario} @ ${rate}/s: not run, the closed loop above reached ${line.perSecond.toFixed(0)} req/s`,
          );
          continue;
        }
        await settle(base, [serverPid, ...(databasePid === undefined ? [] : [databasePid])]);
        const rated = await measure(base, serverPid, databasePid, sessions, request, rate);
        const label = `${scenario} @ ${rate}/s`;
        printLine(label, rated, healthLine);
        figures.push({ engine, scenario: label, run: rated, health: healthLine });
      }
    }
    // Once the server has stopped: PGlite's folder opens in one process at a time.
    if (COSTS && !costsPrinted && (SCENARIOS.has('search') || SCENARIOS.has('listing'))) {
      costsPrinted = true;
      costsOf = workload;
    }
    if (engine === 'postgres' && PG_SETTINGS.shared_preload_libraries?.includes('pg_stat_statements')) {
      await printStatementStatistics(target);
    }
    return figures;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    try {
      if (costsOf) await printRouteCosts(target, costsOf);
    } finally {
      for (const cleanup of cleanups.reverse()) cleanup();
    }
  }
}

/** Whether to time the search's and the listing's parts in this process (`BENCH_COSTS=0`: not). */
const COSTS = process.env.BENCH_COSTS !== '0';
let costsPrinted = false;

/** Whether to measure the ceiling (`BENCH_CEILING=0`: not). */
const CEILING = process.env.BENCH_CEILING !== '0';
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/** One full page the API answered per scenario (the first request whose answer was a full page). */
const fullPages = new Map<string, string>();

async function capture(
  scenario: string,
  base: string,
  session: Session | undefined,
  bodies: readonly string[],
  path: string,
  list: string,
): Promise<void> {
  if (!session) return;
  for (const body of bodies.slice(0, 200)) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-xsrf-token': session.token,
      },
      body,
    });
    const text = await response.text();
    const answer = JSON.parse(text) as Record<string, unknown>;
    const items = answer[list];
    if (response.ok && Array.isArray(items) && items.length >= 20) {
      fullPages.set(scenario, text);
      return;
    }
  }
}

/** Waits until a server answers `/healthz` (at most a minute). */
async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

/**
 * The most a route can reach on this machine, by the size of its answer: a bare Fastify
 * (bench/bare-server.ts) answering a full page of the API's own search and listing answers, beside
 * its own `/healthz`, measured as the scenarios are.
 */
async function printCeiling(): Promise<void> {
  if (fullPages.size === 0) return;
  console.log(
    '\nThe ceiling: a bare Fastify (no hooks, sessions, checks or database) answering a full page the API gave, serialized on every request:',
  );
  const folder = mkdtempSync(join(tmpdir(), 'botica-ceiling-'));
  try {
    for (const [scenario, text] of fullPages) {
      const file = join(folder, `${scenario}.json`);
      writeFileSync(file, text);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['bench/bare-server.ts'], {
        cwd: apiRoot,
        env: { ...process.env, PORT: String(port), ANSWER_FILE: file },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        await waitForHealth(base, child);
        const pid = child.pid as number;
        const request = (): RequestSpec => ({ method: 'GET', path: '/answer' });
        await drive({ base, connections: CONNECTIONS, seconds: WARM_UP_SECONDS, sessions: [], request });
        const healthLine = await measure(base, pid, undefined, [], () => ({
          method: 'GET',
          path: '/healthz',
        }));
        const line = await measure(base, pid, undefined, [], request);
        printLine('/healthz', healthLine);
        printLine(`${scenario} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB)`, line, healthLine);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Botica API benchmark: ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s per scenario and as long of /healthz before it (after ${WARM_UP_SECONDS} s of warm-up), load ${loadAverage()} at the start.`,
  );
  const all: Figures[] = [];
  for (const engine of ENGINES) all.push(...(await benchEngine(engine)));
  console.log(
    '\n| database | scenario | req/s | % of /healthz (its req/s) | p50 ms | p95 ms | p99 ms | CPU ms/req server (+ PostgreSQL) | errors | load 1/5/15 |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { engine, scenario, run, health } of all) {
    console.log(
      `| ${engine} | ${scenario} | ${run.perSecond.toFixed(0)} | ${shareText(run, health)} (${health.perSecond.toFixed(0)}) | ${run.p50.toFixed(1)} | ${run.p95.toFixed(1)} | ${run.p99.toFixed(1)} | ${cpuText(run)} | ${run.errors} | ${run.load} |`,
    );
  }
  await printCeiling();
  const postgres = all.filter((line) => line.engine === 'postgres');
  const misses = postgres.filter(({ run }) => run.p95 > 25 || run.errors > 0);
  if (postgres.length > 0)
    console.log(
      misses.length === 0
        ? '\nPostgreSQL targets met: p95 ≤ 25 ms and no errors in every scenario.'
        : `\nPostgreSQL targets (p95 ≤ 25 ms, no errors) missed: ${misses.map(({ scenario, run }) => `${scenario} (p95 ${run.p95.toFixed(1)} ms, ${run.errors} errors)`).join(', ')}.`,
    );
}

await main();
