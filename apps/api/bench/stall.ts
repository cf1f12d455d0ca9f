/**
 * The stall benchmark (not a test): `pnpm --filter @botica/api bench:stall`. Whether one pharmacy's
 * parallel searches slow every other pharmacy on the embedded database. It seeds the demo data
 * (BENCH_PRODUCTS, 2,000 by default, the catalogue the request bounds were measured on) into a PGlite
 * folder and, for each per-client limit of heavy requests (`HEAVY_REQUESTS_PER_CLIENT`: the default 3,
 * and 1000, which is no limit for 8), starts the real server in a child process and measures, one
 * request at a time with a 20 ms pause:
 *   - client B's light request (`GET /api/v1/user`, one session read) and, beside it in the same
 *     run, the server's trivial endpoint (`GET /healthz`, no database), first quiet for BENCH_SECONDS
 *     (20 s), then for as long while client A runs 8 searches in parallel without pause: each of
 *     its 8 loops sends the next as soon as the last is answered, a 100-character query of misspelt
 *     words (the typo-tolerant path, at the request's documented bound), a new text each time. A's loops that are answered 429 wait its `Retry-After` (1 s), as
 *     a well-behaved client does; BENCH_RETRY=0 makes them ask again at once (the worst case).
 * Each line carries the machine's load average (1 min) when it was measured: the figures are only
 * comparable with the load they were measured under. BENCH_LIMITS (e.g. `1,3,1000`) overrides the
 * limits.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/demo-data/index.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import {
  login,
  percentile,
  type Session,
  seedAndReadWorkload,
  startServer,
  waitForServer,
} from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LIMITS = (process.env.BENCH_LIMITS ?? '3,1000').split(',').map(Number);
const HONOUR_RETRY_AFTER = process.env.BENCH_RETRY !== '0';
const PARALLEL_SEARCHES = 8;
const PAUSE_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times one request after another, each `PAUSE_MS` after the last answer, until `until()`. */
async function sample(request: () => Promise<Response>, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
    latencies.push(performance.now() - started);
    await sleep(PAUSE_MS);
  }
  return latencies.sort((a, b) => a - b);
}

const describe = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms (${sorted.length})`;

/** B's light request and /healthz side by side for `SECONDS`. */
async function measure(
  base: string,
  b: Session,
): Promise<{ user: number[]; health: number[]; load: number }> {
  const end = Date.now() + SECONDS * 1000;
  const over = () => Date.now() >= end;
  const [user, health] = await Promise.all([
    sample(
      () => fetch(`${base}/api/v1/user`, { headers: { accept: 'application/json', cookie: b.cookie } }),
      over,
    ),
    sample(() => fetch(`${base}/healthz`), over),
  ]);
  return { user, health, load: loadavg()[0] ?? 0 };
}

/** Client A's 8 searches in flight without pause, until `stop()`; counts its answers by status. */
function flood(
  base: string,
  a: Session,
  stop: () => boolean,
): { done: Promise<void>; statuses: Map<number, number> } {
  const statuses = new Map<number, number>();
  let counter = 0;
  const loop = async () => {
    while (!stop()) {
      counter += 1;
      const query = `manzanila tomilo eqinacea valeriana pasiflora ${counter} `.repeat(3).slice(0, 100);
      const response = await fetch(`${base}/api/v1/search`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          cookie: a.cookie,
          'x-xsrf-token': a.token,
        },
        body: JSON.stringify({ query, page: 0 }),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429 && HONOUR_RETRY_AFTER)
        await sleep(1000 * Number(response.headers.get('retry-after') ?? 1));
    }
  };
  return {
    done: Promise.all(Array.from({ length: PARALLEL_SEARCHES }, loop)).then(() => undefined),
    statuses,
  };
}

const folder = mkdtempSync(join(tmpdir(), 'botica-stall-'));
try {
  console.log(`seeding ${PRODUCTS} products into PGlite…`);
  await seedAndReadWorkload({ dataDir: folder }, PRODUCTS);
  console.log(
    `client B: GET /api/v1/user and GET /healthz one at a time (${PAUSE_MS} ms apart), ${SECONDS} s quiet, then ${SECONDS} s while client A runs ${PARALLEL_SEARCHES} searches in parallel (${HONOUR_RETRY_AFTER ? 'a 429 waits its Retry-After' : 'a 429 is asked again at once'})`,
  );
  for (const limit of LIMITS) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    try {
      child = startServer(port, { DATA_DIR: folder, HEAVY_REQUESTS_PER_CLIENT: String(limit) });
      await waitForServer(base, child);
      const [a, b] = await Promise.all([login(base, DEMO_ACCOUNTS.norte), login(base, DEMO_ACCOUNTS.demo)]);
      // Warm-up: the search index, the statements' plans, the connections.
      const warm = flood(
        base,
        a,
        (() => {
          const end = Date.now() + 3000;
          return () => Date.now() >= end;
        })(),
      );
      await warm.done;
      const quiet = await measure(base, b);
      let stopping = false;
      const loadStarted = performance.now();
      const load = flood(base, a, () => stopping);
      await sleep(1000);
      const loaded = await measure(base, b);
      stopping = true;
      await load.done;
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const statuses = [...load.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
      const label = `HEAVY_REQUESTS_PER_CLIENT=${limit}${limit === 3 ? ' (default)' : ''}`;
      console.log(`\n${label}`);
      console.log(
        `  quiet        B's /api/v1/user ${describe(quiet.user)} | /healthz ${describe(quiet.health)} | load ${quiet.load.toFixed(2)}`,
      );
      console.log(
        `  A's 8 search B's /api/v1/user ${describe(loaded.user)} | /healthz ${describe(loaded.health)} | load ${loaded.load.toFixed(2)}`,
      );
      console.log(
        `  A's searches in ${loadSeconds.toFixed(1)} s: ${statuses} (${((load.statuses.get(200) ?? 0) / loadSeconds).toFixed(1)} answered a second)`,
      );
    } finally {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
