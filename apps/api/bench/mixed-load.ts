/**
 * The mixed-load benchmark (not a test): `pnpm --filter @botica/api bench:mixed`. It seeds the demo
 * data with 20,000 products into a throw-away PostgreSQL server (BENCH_ENGINES=pglite for the
 * embedded database), starts the real server as in production (one worker per core), logs in every
 * demo pharmacy and drives the server with 100 connections for five minutes with what pharmacists
 * and visitors do together:
 *   30 % search as you type, 15 % product pages, 10 % catalogue filters, 15 % cart reads, 10 % cart
 *   saves, 5 % configurations, 5 % categories, 5 % portal pages with a session, 5 % anonymous
 *   visitors asking for a CSRF cookie.
 * Every 30 s it prints the window's req/s, p50/p95/p99, the statuses that were not 2xx, and the
 * server's memory (the RSS of the server and its workers, sampled every 5 s): whether memory levels
 * off or keeps growing is the point. BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, BENCH_WORKERS
 * override.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { DatabaseTarget } from '../src/db/database.ts';
import { freePort, startThrowawayPostgres } from '../src/testing/postgres-server.ts';
import {
  login,
  percentile,
  type Session,
  seedAndReadWorkload,
  startServer,
  waitForServer,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres').split(',') as ('pglite' | 'postgres')[];
const WINDOW_SECONDS = 30;
const portalDist = fileURLToPath(new URL('../../portal/dist', import.meta.url));

/** The server and its cluster workers, by pid, read from /proc (Linux). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    const current = pids[index] as number;
    try {
      const children = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The resident memory of a process tree, in MB. */
function residentMegabytes(pid: number): number {
  let kilobytes = 0;
  for (const member of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'));
      kilobytes += Number(match?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kilobytes / 1024;
}

interface Window {
  latencies: number[];
  statuses: Map<number, number>;
  memory: number[];
  since: number;
}

const newWindow = (): Window => ({ latencies: [], statuses: new Map(), memory: [], since: Date.now() });

type Pick = (session: Session) => { method: string; path: string; body?: string; anonymous?: boolean };

async function runEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  const cleanups: (() => void)[] = [];
  let env: Record<string, string>;
  let target: DatabaseTarget;
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'botica-mixed-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    target = { dataDir: folder };
    env = { DATA_DIR: folder };
  } else {
    const server = await startThrowawayPostgres({ settings: { shared_buffers: '256MB' } });
    cleanups.push(server.stop);
    target = { url: server.url };
    env = { DATABASE_URL: server.url, API_WORKERS: String(WORKERS) };
  }
  if (existsSync(join(portalDist, 'index.html'))) env.PORTAL_DIST = portalDist;
  else console.log('  (the portal is not built: page requests answer without it)');
  let child: ChildProcess | undefined;
  try {
    console.log(`\n${engine}: seeding ${PRODUCTS} products…`);
    const workload = await seedAndReadWorkload(target, PRODUCTS);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Anonymous visitors come from one address here: lift the per-address limit of the CSRF cookie.
    child = startServer(port, { ...env, CSRF_COOKIE_LIMIT_PER_ADDRESS: '100000000' });
    await waitForServer(base, child);
    const pid = child.pid as number;
    const sessions = await Promise.all(workload.usernames.map((username) => login(base, username)));
    let seed = 7;
    const next = () => {
      seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
      return seed / 2 ** 32;
    };
    const pickOf = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const mix: [number, Pick][] = [
      [30, () => ({ method: 'POST', path: '/api/v1/search', body: pickOf(workload.queries) })],
      [15, () => ({ method: 'GET', path: `/api/v1/products/${pickOf(workload.productIds)}` })],
      [
        10,
        () => ({
          method: 'POST',
          path: '/api/v1/products/search',
          body: JSON.stringify({ page: 1 + Math.floor(next() * 5), per_page: 24, sort: 'name_asc' }),
        }),
      ],
      [15, () => ({ method: 'GET', path: '/api/v1/cart' })],
      [10, () => ({ method: 'POST', path: '/api/v1/cart', body: pickOf(workload.carts) })],
      [5, () => ({ method: 'GET', path: '/api/v1/configurations?per_page=500' })],
      [5, () => ({ method: 'GET', path: '/api/v1/categories' })],
      [
        5,
        () => ({
          method: 'GET',
          path: pickOf(['/', '/catalog', '/cart', `/products/${pickOf(workload.productIds)}`]),
        }),
      ],
      [5, () => ({ method: 'GET', path: '/sanctum/csrf-cookie', anonymous: true })],
    ];
    const total = mix.reduce((sum, [weight]) => sum + weight, 0);
    let counter = 0;
    let window = newWindow();
    const all = newWindow();
    const started = Date.now();
    const sampler = setInterval(() => {
      const megabytes = residentMegabytes(pid);
      window.memory.push(megabytes);
      all.memory.push(megabytes);
    }, 5_000);
    const before = residentMegabytes(pid);
    console.log(
      `  ${sessions.length} pharmacies logged in; ${CONNECTIONS} connections for ${SECONDS} s; server RSS at start ${before.toFixed(0)} MB`,
    );
    console.log('  time    req/s    p50 ms   p95 ms   p99 ms   not 2xx              RSS MB (min–max)');
    const report = () => {
      const sorted = [...window.latencies].sort((a, b) => a - b);
      const seconds = Math.round((Date.now() - started) / 1000);
      const statuses = [...window.statuses].map(([status, count]) => `${status}×${count}`).join(' ') || '-';
      const memory = window.memory.length
        ? `${Math.min(...window.memory).toFixed(0)}–${Math.max(...window.memory).toFixed(0)}`
        : '-';
      console.log(
        `  ${String(seconds).padStart(4)} s ${(window.latencies.length / ((Date.now() - window.since) / 1000)).toFixed(0).padStart(7)}  ${percentile(sorted, 50).toFixed(1).padStart(7)}  ${percentile(sorted, 95).toFixed(1).padStart(7)}  ${percentile(sorted, 99).toFixed(1).padStart(7)}   ${statuses.padEnd(20)} ${memory}`,
      );
      window = newWindow();
    };
    const reporter = setInterval(report, WINDOW_SECONDS * 1000);
    const instance = autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            counter += 1;
            const session = sessions[counter % sessions.length] as Session;
            let roll = next() * total;
            let chosen = mix[0]?.[1] as Pick;
            for (const [weight, pick] of mix) {
              roll -= weight;
              if (roll < 0) {
                chosen = pick;
                break;
              }
            }
            const { method, path, body, anonymous } = chosen(session);
            const headers: Record<string, string> = { accept: 'application/json' };
            if (!anonymous) {
              headers.cookie = session.cookie;
              headers['x-xsrf-token'] = session.token;
            }
            if (body !== undefined) headers['content-type'] = 'application/json';
            if (!path.startsWith('/api/') && !path.startsWith('/sanctum/')) headers.accept = 'text/html';
            return { ...request, method, path, headers, ...(body === undefined ? {} : { body }) };
          },
        },
      ],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      for (const bucket of [window, all]) {
        bucket.latencies.push(responseTime);
        if (statusCode < 200 || statusCode >= 300)
          bucket.statuses.set(statusCode, (bucket.statuses.get(statusCode) ?? 0) + 1);
      }
    });
    const result = await instance;
    clearInterval(reporter);
    clearInterval(sampler);
    if (window.latencies.length > 0) report();
    const sorted = [...all.latencies].sort((a, b) => a - b);
    const statuses = [...all.statuses].map(([status, count]) => `${status}×${count}`).join(' ') || 'none';
    const after = residentMegabytes(pid);
    console.log(
      `\n  ${engine}: ${sorted.length} requests in ${result.duration.toFixed(0)} s, ${(sorted.length / result.duration).toFixed(0)} req/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; not 2xx: ${statuses}; socket errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    console.log(
      `  server RSS: ${before.toFixed(0)} MB at start, ${Math.max(...all.memory).toFixed(0)} MB at most, ${after.toFixed(0)} MB at the end`,
    );
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    console.log(`  server RSS 10 s after the load: ${residentMegabytes(pid).toFixed(0)} MB`);
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
