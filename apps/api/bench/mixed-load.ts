/**
 * The mixed-load benchmark (not a test): `pnpm --filter @botica/api bench:mixed`. It seeds the demo
 * data with 20,000 products into a throw-away PostgreSQL server (BENCH_ENGINES=pglite for the
 * embedded database), starts the real server as in production (one worker per core), logs in every
 * demo pharmacy and drives the server with 100 connections, each bound to one pharmacy's session, for five minutes with what pharmacists and visitors do
 * together:
 *   30 % search as you type (the 3,000 realistic texts of realistic-texts.ts), 15 % product pages,
 *   10 % catalogue listings (realistic filter combinations), 15 % cart reads, 10 % cart saves,
 *   5 % configurations, 5 % categories, 5 % portal pages with a session, 5 % anonymous visitors
 *   asking for a CSRF cookie.
 * Every 30 s it prints the window's req/s, p50/p95/p99, the statuses that were not 2xx, the server's
 * memory (the RSS of the server and its workers, sampled every 5 s) and the load average. At the end:
 * the totals, the RSS's trend over the run (flat or growing: the point of running five minutes), the
 * CPU per request of the server and of PostgreSQL (/proc), and the share of the server's time per
 * route, read from the server's own metrics (`GET /metrics`, the request-duration histogram's sums and
 * counts, scraped before and after the load): where the time goes.
 * BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, BENCH_WORKERS and BENCH_ENGINES override.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../src/db/database.ts';
import { freePort, startThrowawayPostgres } from '../src/testing/postgres-server.ts';
import {
  cpuSeconds,
  drive,
  heavyRequestsFor,
  loadAverage,
  login,
  percentile,
  postmasterPid,
  type RequestSpec,
  residentMegabytes,
  seedAndReadWorkload,
  settle,
  startServer,
  statusList,
  waitForServer,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres').split(',') as ('pglite' | 'postgres')[];
const WINDOW_SECONDS = Math.min(30, Math.max(5, Math.floor(SECONDS / 4)));
const MEMORY_SAMPLE_MS = 5_000;
const HEALTH_SECONDS = Math.min(10, Math.max(3, Math.round(SECONDS / 10)));
const portalDist = fileURLToPath(new URL('../../portal/dist', import.meta.url));

interface Window {
  latencies: number[];
  statuses: Map<number, number>;
  memory: number[];
  since: number;
}

const newWindow = (): Window => ({ latencies: [], statuses: new Map(), memory: [], since: Date.now() });

/** The request-duration histogram's totals per route: requests, seconds, and answers not 2xx. */
interface RouteTime {
  requests: number;
  seconds: number;
  failed: number;
}

const DURATION_LINE = /^botica_http_request_duration_seconds_(sum|count)\{([^}]*)\}\s+(\S+)$/;

/** Reads the server's request-duration histogram (every worker's, summed by the server) by route. */
async function routeTimes(base: string, token: string): Promise<Map<string, RouteTime>> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const routes = new Map<string, RouteTime>();
  for (const line of (await response.text()).split('\n')) {
    const match = DURATION_LINE.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] as string).matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    );
    const key = `${labels.method} ${labels.route}`;
    const entry = routes.get(key) ?? { requests: 0, seconds: 0, failed: 0 };
    const value = Number(match[3]);
    if (match[1] === 'sum') entry.seconds += value;
    else {
      entry.requests += value;
      if (!String(labels.status).startsWith('2')) entry.failed += value;
    }
    routes.set(key, entry);
  }
  return routes;
}

/** What each route took between two scrapes, most time first. */
function printRouteShares(before: Map<string, RouteTime>, after: Map<string, RouteTime>): void {
  const rows = [...after]
    .map(([route, end]) => {
      const start = before.get(route) ?? { requests: 0, seconds: 0, failed: 0 };
      return {
        route,
        requests: end.requests - start.requests,
        seconds: end.seconds - start.seconds,
        failed: end.failed - start.failed,
      };
    })
    .filter((row) => row.requests > 0)
    .sort((a, b) => b.seconds - a.seconds);
  const requests = rows.reduce((sum, row) => sum + row.requests, 0);
  const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
  console.log(
    `\n  share of the server's time per route (${seconds.toFixed(1)} s answering ${requests} requests, summed over requests in flight at once):`,
  );
  console.log(
    `  ${'route'.padEnd(44)} ${'time'.padStart(7)} ${'requests'.padStart(9)} ${'mean ms'.padStart(8)}  not 2xx`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.route.padEnd(44)} ${((100 * row.seconds) / seconds).toFixed(1).padStart(6)}% ${((100 * row.requests) / requests).toFixed(1).padStart(8)}% ${((1000 * row.seconds) / row.requests).toFixed(1).padStart(8)}  ${row.failed}`,
    );
  }
}

/** The RSS's trend over the samples, in MB a minute (least squares), and whether that is flat. */
function memoryTrend(samples: readonly { at: number; megabytes: number }[]): string {
  if (samples.length < 3) return 'too few samples for a trend';
  const n = samples.length;
  const meanX = samples.reduce((sum, sample) => sum + sample.at, 0) / n;
  const meanY = samples.reduce((sum, sample) => sum + sample.megabytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.at - meanX) * (sample.megabytes - meanY);
    variance += (sample.at - meanX) ** 2;
  }
  const perMinute = variance === 0 ? 0 : (covariance / variance) * 60_000;
  const span = ((samples.at(-1)?.at ?? 0) - (samples[0]?.at ?? 0)) / 60_000;
  // Flat: what the trend adds over the run is under 5 % of the mean.
  const verdict =
    Math.abs(perMinute * span) < 0.05 * meanY ? 'flat' : perMinute > 0 ? 'growing' : 'shrinking';
  return `${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(1)} MB/min over ${span.toFixed(1)} min: ${verdict}`;
}

/**
 * What the same server answers on `/healthz` (no database, no session) with as many connections, for
 * a tenth of the run (3–10 s): the machine's and the server's ceiling at that moment.
 */
async function healthPerSecond(base: string, roots: readonly number[]): Promise<number> {
  const run = await drive({
    base,
    connections: CONNECTIONS,
    seconds: HEALTH_SECONDS,
    sessions: [],
    request: () => ({ method: 'GET', path: '/healthz' }),
  });
  await settle(base, roots);
  return run.requests / run.duration;
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  const cleanups: (() => void)[] = [];
  let env: Record<string, string>;
  let target: DatabaseTarget;
  let databasePid: number | undefined;
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'botica-mixed-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    target = { dataDir: folder };
    env = { DATA_DIR: folder };
  } else {
    const server = await startThrowawayPostgres({ settings: { shared_buffers: '256MB' } });
    cleanups.push(server.stop);
    target = { url: server.url };
    databasePid = await postmasterPid(server.url);
    env = { DATABASE_URL: server.url, API_WORKERS: String(WORKERS) };
  }
  if (existsSync(join(portalDist, 'index.html'))) env.PORTAL_DIST = portalDist;
  else console.log('  (the portal is not built: page requests answer without it)');
  const metricsToken = randomBytes(24).toString('hex');
  let child: ChildProcess | undefined;
  try {
    console.log(`\n${engine}: seeding ${PRODUCTS} products…`);
    const workload = await seedAndReadWorkload(target, PRODUCTS);
    const heavy = heavyRequestsFor(CONNECTIONS, workload.usernames.length);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Anonymous visitors come from one address here: lift the per-address limit of the CSRF cookie.
    child = startServer(port, {
      ...env,
      CSRF_COOKIE_LIMIT_PER_ADDRESS: '100000000',
      HEAVY_REQUESTS_PER_CLIENT: String(heavy),
      METRICS_TOKEN: metricsToken,
    });
    await waitForServer(base, child);
    const pid = child.pid as number;
    const sessions = await Promise.all(workload.usernames.map((username) => login(base, username)));
    let seed = 7;
    const next = () => {
      seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
      return seed / 2 ** 32;
    };
    const pickOf = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    let searchAt = 0;
    const mix: [number, () => RequestSpec][] = [
      [
        30,
        () => {
          searchAt += 1;
          return {
            method: 'POST',
            path: '/api/v1/search',
            body: workload.searches[searchAt % workload.searches.length],
          };
        },
      ],
      [15, () => ({ method: 'GET', path: `/api/v1/products/${pickOf(workload.productIds)}` })],
      [10, () => ({ method: 'POST', path: '/api/v1/products/search', body: pickOf(workload.listings) })],
      [15, () => ({ method: 'GET', path: '/api/v1/cart' })],
      [10, () => ({ method: 'POST', path: '/api/v1/cart', body: pickOf(workload.carts) })],
      [5, () => ({ method: 'GET', path: '/api/v1/configurations?per_page=500' })],
      [5, () => ({ method: 'GET', path: '/api/v1/categories' })],
      [
        5,
        () => ({
          method: 'GET',
          path: pickOf(['/', '/catalog', '/cart', `/products/${pickOf(workload.productIds)}`]),
          accept: 'text/html',
        }),
      ],
      [5, () => ({ method: 'GET', path: '/sanctum/csrf-cookie', anonymous: true })],
    ];
    const total = mix.reduce((sum, [weight]) => sum + weight, 0);
    const choose = (): RequestSpec => {
      let roll = next() * total;
      for (const [weight, make] of mix) {
        roll -= weight;
        if (roll < 0) return make();
      }
      return (mix[0] as [number, () => RequestSpec])[1]();
    };
    const roots = databasePid === undefined ? [pid] : [pid, databasePid];
    const healthBefore = await healthPerSecond(base, roots);
    console.log(`  /healthz before the load: ${healthBefore.toFixed(0)} req/s (load ${loadAverage()})`);
    let window = newWindow();
    const all = newWindow();
    const started = Date.now();
    const samples: { at: number; megabytes: number }[] = [];
    const sampler = setInterval(() => {
      const megabytes = residentMegabytes(pid);
      window.memory.push(megabytes);
      all.memory.push(megabytes);
      samples.push({ at: Date.now() - started, megabytes });
    }, MEMORY_SAMPLE_MS);
    const before = residentMegabytes(pid);
    console.log(
      `  ${sessions.length} pharmacies logged in; ${CONNECTIONS} connections (HEAVY_REQUESTS_PER_CLIENT ${heavy}) for ${SECONDS} s; server RSS at start ${before.toFixed(0)} MB; load ${loadAverage()}`,
    );
    console.log(
      '  time    req/s    p50 ms   p95 ms   p99 ms   not 2xx              RSS MB (min–max)   load 1/5/15',
    );
    const report = () => {
      const sorted = [...window.latencies].sort((a, b) => a - b);
      const seconds = Math.round((Date.now() - started) / 1000);
      const memory = window.memory.length
        ? `${Math.min(...window.memory).toFixed(0)}–${Math.max(...window.memory).toFixed(0)}`
        : '-';
      console.log(
        `  ${String(seconds).padStart(4)} s ${(window.latencies.length / ((Date.now() - window.since) / 1000)).toFixed(0).padStart(7)}  ${percentile(sorted, 50).toFixed(1).padStart(7)}  ${percentile(sorted, 95).toFixed(1).padStart(7)}  ${percentile(sorted, 99).toFixed(1).padStart(7)}   ${statusList(window.statuses).padEnd(20)} ${memory.padEnd(18)} ${loadAverage()}`,
      );
      window = newWindow();
    };
    const reporter = setInterval(report, WINDOW_SECONDS * 1000);
    const timesBefore = await routeTimes(base, metricsToken);
    const serverCpuBefore = cpuSeconds(pid);
    const databaseCpuBefore = databasePid === undefined ? 0 : cpuSeconds(databasePid);
    const result = await drive({
      base,
      connections: CONNECTIONS,
      seconds: SECONDS,
      sessions,
      request: choose,
      onResponse: (statusCode, responseTime) => {
        for (const bucket of [window, all]) {
          bucket.latencies.push(responseTime);
          if (statusCode < 200 || statusCode >= 300)
            bucket.statuses.set(statusCode, (bucket.statuses.get(statusCode) ?? 0) + 1);
        }
      },
    });
    // What was still in flight when the load ended is part of its work: read once it is answered.
    const settled = await settle(base, roots);
    const serverCpu = cpuSeconds(pid) - serverCpuBefore;
    const databaseCpu = databasePid === undefined ? 0 : cpuSeconds(databasePid) - databaseCpuBefore;
    const timesAfter = await routeTimes(base, metricsToken);
    clearInterval(reporter);
    clearInterval(sampler);
    if (window.latencies.length > 0) report();
    const sorted = [...all.latencies].sort((a, b) => a - b);
    const after = residentMegabytes(pid);
    const requests = Math.max(1, sorted.length + CONNECTIONS);
    console.log(
      `\n  ${engine}: ${sorted.length} requests in ${result.duration.toFixed(0)} s, ${(sorted.length / result.duration).toFixed(0)} req/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; not 2xx: ${statusList(all.statuses)}; socket errors and timeouts ${result.failures}; load ${loadAverage()}; ${settled.toFixed(1)} s to answer what was in flight at the end`,
    );
    console.log(
      `  CPU per request: server ${((1000 * serverCpu) / requests).toFixed(2)} ms${databasePid === undefined ? ' (PGlite inside it)' : `, PostgreSQL ${((1000 * databaseCpu) / requests).toFixed(2)} ms`}`,
    );
    console.log(
      `  server RSS: ${before.toFixed(0)} MB at start, ${Math.max(...all.memory, before).toFixed(0)} MB at most, ${after.toFixed(0)} MB at the end; trend ${memoryTrend(samples)}`,
    );
    const healthAfter = await healthPerSecond(base, roots);
    const health = (healthBefore + healthAfter) / 2;
    console.log(
      `  /healthz after the load: ${healthAfter.toFixed(0)} req/s (load ${loadAverage()}); the mixed load's req/s is ${((100 * sorted.length) / result.duration / health).toFixed(2)} % of /healthz's (their mean)`,
    );
    printRouteShares(timesBefore, timesAfter);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    console.log(`\n  server RSS 10 s after the load: ${residentMegabytes(pid).toFixed(0)} MB`);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    for (const cleanup of cleanups.reverse()) cleanup();
  }
}

for (const engine of ENGINES) await runEngine(engine);
