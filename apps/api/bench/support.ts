/**
 * What the API benchmarks share: the demo data and the workload read from it (realistic search texts
 * and catalogue listings), the server started as a child process, logins of the demo pharmacies,
 * autocannon runs with each connection bound to a session, and what /proc says of the server's and
 * the database's CPU and memory.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type DatabaseTarget, openDatabase, selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo-data/index.ts';
import { createRandom } from '../src/demo-data/random.ts';
import { random } from '../src/testing/seeded-random.ts';
import { type RealisticText, realisticSearchTexts, stripAccents } from './realistic-texts.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

export interface Session {
  cookie: string;
  token: string;
}

export interface Workload {
  /** Ids of active products priced up to 30 €. */
  productIds: number[];
  /** The realistic search texts (realistic-texts.ts), 3,000 distinct ones. */
  searchTexts: RealisticText[];
  /** `POST /api/v1/search` bodies, one per search text. */
  searches: string[];
  /** `POST /api/v1/products/search` bodies: the catalogue's filters as pharmacists combine them. */
  listings: string[];
  carts: string[];
  usernames: string[];
}

/** The seeded generator every benchmark draws from, so every run drives the same requests. */
export { random, stripAccents };

/** The portal's page size in the catalogue. */
const CATALOGUE_PAGE = 24;

/**
 * `count` catalogue listings as the portal asks for them (always a sort, a page and 24 a page): a
 * range or a health problem browsed, a few of them ticked, a price range, a text typed in the filter
 * (words, typos, references), sorted by relevance, name or price, on the first pages mostly and
 * sometimes deep. Distinct bodies, seeded.
 */
export function realisticListings(
  input: {
    ranges: readonly number[];
    problems: readonly number[];
    texts: readonly RealisticText[];
    /** The highest price in the catalogue, in euros. */
    maxPrice: number;
  },
  count = 1_000,
  seed = 2026,
): string[] {
  const random = createRandom(`realistic-listings:${seed}`);
  // A text in the catalogue's filter is a finished word, not a letter being typed.
  const texts = input.texts.filter((entry) => entry.kind !== 'prefix' || entry.text.length >= 4);
  const sorts = [
    ['relevance', 10],
    ['name_asc', 3],
    ['price_asc', 3],
    ['price_desc', 2],
    ['name_desc', 1],
    ['reference', 1],
  ] as const;
  const bands = [
    [0, 10],
    [10, 20],
    [20, 50],
    [0, 30],
    [50, Math.ceil(input.maxPrice)],
  ] as const;
  const bodies = new Set<string>();
  for (let attempt = 0; bodies.size < count && attempt < count * 50; attempt += 1) {
    const request: Record<string, unknown> = {};
    const categories: number[] = [];
    if (random.chance(0.55)) categories.push(...random.sample(input.ranges, random.chance(0.8) ? 1 : 2));
    if (random.chance(0.3)) categories.push(...random.sample(input.problems, random.chance(0.8) ? 1 : 3));
    if (categories.length > 0) request.categories = categories;
    if (random.chance(0.3)) request.text = random.pick(texts).text;
    if (random.chance(0.25)) {
      const [min, max] = random.pick(bands);
      request.price = random.chance(0.3) ? { max } : { min, max };
    }
    request.sort = request.text === undefined ? random.weighted(sorts.slice(1)) : random.weighted(sorts);
    // Most look at the first page; some leaf through; few go deep.
    request.page = random.weighted([
      [1, 12],
      [2, 4],
      [3, 2],
      [random.int(4, 10), 1],
      [random.int(11, 40), 0.5],
    ]);
    request.per_page = CATALOGUE_PAGE;
    bodies.add(JSON.stringify(request));
  }
  return [...bodies];
}

export async function seedAndReadWorkload(target: DatabaseTarget, products: number): Promise<Workload> {
  const database = await openDatabase(target, { poolSize: 2 });
  try {
    await database.migrate();
    const started = performance.now();
    const report = await seedIfEmpty(database.db, { products, seed: 2026 });
    if (report)
      console.log(
        `  seeded ${report.counts.products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    await database.db.execute(sql`analyze`);
    const catalogue = await selectRows<{ id: number; reference: string; name: string; price_cents: number }>(
      database.db,
      sql`select id, reference, name, price_cents from products where is_active order by id`,
    );
    const users = await selectRows<{ username: string }>(
      database.db,
      sql`select u.username from users u
          where u.role = 'client' and u.parent_user_id is null and u.is_active and u.username <> ${DEMO_ACCOUNTS.limite}
          order by u.id`,
    );
    const categories = await selectRows<{ id: number; parent_id: number }>(
      database.db,
      sql`select id, parent_id from categories where parent_id in (1, 2) order by id`,
    );
    const next = random(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const searchTexts = realisticSearchTexts(catalogue, { seed: 2026 });
    const affordable = catalogue.filter((product) => product.price_cents <= 3_000);
    const carts: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const lines = new Map<number, number>();
      const count = 1 + Math.floor(next() * 4);
      while (lines.size < count) lines.set(pick(affordable).id, 1 + Math.floor(next() * 2));
      carts.push(JSON.stringify({ products: [...lines].map(([id, quantity]) => ({ id, quantity })) }));
    }
    const listings = realisticListings({
      ranges: categories.filter((row) => Number(row.parent_id) === 1).map((row) => Number(row.id)),
      problems: categories.filter((row) => Number(row.parent_id) === 2).map((row) => Number(row.id)),
      texts: searchTexts,
      maxPrice: Math.max(...catalogue.map((product) => product.price_cents)) / 100,
    });
    return {
      productIds: affordable.map((product) => product.id),
      searchTexts,
      searches: searchTexts.map(({ text }) => JSON.stringify({ query: text, page: 0 })),
      listings,
      carts,
      usernames: users.map((u) => u.username),
    };
  } finally {
    await database.close();
  }
}

export function startServer(
  port: number,
  env: Record<string, string>,
  flags: readonly string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...flags, '--conditions=@botica/source', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every pharmacy logs in at once from this one address: logins in flight count against the
      // address's login limits until they are answered.
      ATTEMPT_LIMIT_PER_ADDRESS: '100000',
      ATTEMPT_LIMIT_PER_ADDRESS_DAY: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/sanctum/csrf-cookie`)).status === 204) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

export function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

export async function login(base: string, username: string): Promise<Session> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  cookiesOf(await fetch(`${base}/sanctum/csrf-cookie`), jar);
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status}`);
  cookiesOf(response, jar);
  return { cookie: header(), token: jar.get('XSRF-TOKEN') ?? '' };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The load average, 1, 5 and 15 minutes, as printed beside every figure ('7.9 8.4 8.1'). */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

/** A process and its descendants (a cluster's workers, PostgreSQL's backends), by pid, from /proc. */
export function processTree(pid: number): number[] {
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
export function residentMegabytes(pid: number): number {
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

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on every Linux this runs on). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100);

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * The CPU seconds a process tree has used (user and system, every thread): each member's own, plus
 * what the root's children that already exited used (PostgreSQL's ended backends, counted when the
 * postmaster reaps them). Read before and after a run, the difference is the run's.
 */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const fields = statFields(member);
    if (!fields) continue;
    // utime and stime are fields 14 and 15 of stat, cutime and cstime 16 and 17 (11–14 here).
    ticks += Number(fields[11]) + Number(fields[12]);
    if (member === pid) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks / CLOCK_TICKS;
}

/** The pid of PostgreSQL's postmaster behind a URL: the parent of a backend of ours. */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const database = await openDatabase({ url }, { poolSize: 1 });
  try {
    const [row] = await selectRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    const parent = statFields(Number(row?.pid))?.[1];
    return parent === undefined ? undefined : Number(parent);
  } finally {
    await database.close();
  }
}

/** One request of a driven run: what to send for the connection's session. */
export interface RequestSpec {
  method: string;
  path: string;
  body?: string;
  /** Sent without the session's cookie (a visitor). */
  anonymous?: boolean;
  accept?: string;
}

/** What a driven run answered. */
export interface DrivenRun {
  latencies: number[];
  requests: number;
  /** Answers that were not 2xx, by status. */
  statuses: Map<number, number>;
  /** Socket errors and timeouts. */
  failures: number;
  duration: number;
}

/**
 * Drives the server with autocannon for `seconds`, `connections` in all, each connection bound to one
 * session (the sessions take the connections in turn): a pharmacy never has more requests in flight
 * than it has connections, as with `HEAVY_REQUESTS_PER_CLIENT` in production, so the refusals that
 * guard one client from another do not stand in for answers. Without sessions the requests are
 * anonymous. `onResponse` sees every answer as it comes.
 */
export async function drive(options: {
  base: string;
  connections: number;
  seconds: number;
  sessions: readonly Session[];
  request: (session: Session | undefined) => RequestSpec;
  onResponse?: (status: number, milliseconds: number) => void;
}): Promise<DrivenRun> {
  const run: DrivenRun = { latencies: [], requests: 0, statuses: new Map(), failures: 0, duration: 0 };
  const owners: (Session | undefined)[] = options.sessions.length > 0 ? [...options.sessions] : [undefined];
  const instances = owners
    .map((session, index) => {
      const connections =
        Math.floor(options.connections / owners.length) +
        (index < options.connections % owners.length ? 1 : 0);
      return { session, connections };
    })
    .filter(({ connections }) => connections > 0)
    .map(({ session, connections }) => {
      const instance = autocannon({
        url: options.base,
        connections,
        duration: options.seconds,
        requests: [
          {
            setupRequest: (request) => {
              const spec = options.request(session);
              const headers: Record<string, string> = { accept: spec.accept ?? 'application/json' };
              if (session && !spec.anonymous) {
                headers.cookie = session.cookie;
                headers['x-xsrf-token'] = session.token;
              }
              if (spec.body !== undefined) headers['content-type'] = 'application/json';
              return {
                ...request,
                method: spec.method,
                path: spec.path,
                headers,
                ...(spec.body === undefined ? {} : { body: spec.body }),
              };
            },
          },
        ],
      });
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        run.latencies.push(responseTime);
        if (statusCode < 200 || statusCode >= 300)
          run.statuses.set(statusCode, (run.statuses.get(statusCode) ?? 0) + 1);
        options.onResponse?.(statusCode, responseTime);
      });
      return instance;
    });
  for (const result of await Promise.all(instances)) {
    run.failures += result.errors + result.timeouts;
    run.duration = Math.max(run.duration, result.duration);
  }
  run.requests = run.latencies.length;
  return run;
}

/**
 * Offers the server `rate` requests per second for `seconds`, evenly spaced whatever the answers
 * (an open load), over at most `connections` kept-alive connections, the sessions taking the
 * requests in turn. A latency runs from when its request was due, not from when a free connection
 * sent it: a server that falls behind shows it in every latency after, instead of being offered less
 * (autocannon's rate sends each second's requests at once at its start, then waits). `duration` runs
 * to the last answer, so req/s below `rate` means the server did not keep up.
 */
export async function pace(options: {
  base: string;
  connections: number;
  seconds: number;
  rate: number;
  sessions: readonly Session[];
  request: (session: Session | undefined) => RequestSpec;
}): Promise<DrivenRun> {
  const run: DrivenRun = {
    latencies: [],
    requests: 0,
    statuses: new Map(),
    failures: 0,
    duration: 0,
  };
  const { hostname, port } = new URL(options.base);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const owners: (Session | undefined)[] = options.sessions.length > 0 ? [...options.sessions] : [undefined];
  const answered: Promise<void>[] = [];
  const send = (due: number, session: Session | undefined): Promise<void> =>
    new Promise((resolve) => {
      const spec = options.request(session);
      const headers: Record<string, string> = { accept: spec.accept ?? 'application/json' };
      if (session && !spec.anonymous) {
        headers.cookie = session.cookie;
        headers['x-xsrf-token'] = session.token;
      }
      if (spec.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(spec.body));
      }
      const request = httpRequest(
        { hostname, port, path: spec.path, method: spec.method, headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            run.latencies.push(performance.now() - due);
            if (status < 200 || status >= 300) run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
            resolve();
          });
        },
      );
      request.on('error', () => {
        run.failures += 1;
        resolve();
      });
      request.end(spec.body);
    });
  const interval = 1000 / options.rate;
  const started = performance.now();
  const total = Math.floor(options.rate * options.seconds);
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && started + sent * interval <= now) {
      answered.push(send(started + sent * interval, owners[sent % owners.length]));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answered);
  run.duration = (performance.now() - started) / 1000;
  agent.destroy();
  run.requests = run.latencies.length;
  return run;
}

/** Whether any process of these trees is running or waiting for a core ('R' in /proc/<pid>/stat). */
function anyRunning(roots: readonly number[]): boolean {
  return roots.some((root) => processTree(root).some((pid) => statState(pid) === 'R'));
}

function statState(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text[text.lastIndexOf(')') + 2];
  } catch {
    return undefined;
  }
}

/**
 * Waits until the server has answered what a run left in flight: autocannon stops sending at the end
 * of its time, but the server still works through the requests it has received (on PGlite, on its
 * event loop, where the queued statements can hold it for seconds), which would slow the next run.
 * Settled is a whole second in which the processes of `roots` (the server and its workers,
 * PostgreSQL) were almost never running, and then `GET /readyz` answering at once. Answers the
 * seconds waited, that quiet second included.
 */
export async function settle(base: string, roots: readonly number[]): Promise<number> {
  const started = performance.now();
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  while (performance.now() - started < 600_000) {
    let running = 0;
    for (let sample = 0; sample < 20; sample += 1) {
      if (anyRunning(roots)) running += 1;
      await pause(50);
    }
    // A timer of the server (maintenance, pruning) may wake it once or twice a second.
    if (running > 3) continue;
    const asked = performance.now();
    try {
      const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
      if (response.ok && performance.now() - asked < 200) break;
    } catch {
      // still busy past the timeout: look again
    }
  }
  return (performance.now() - started) / 1000;
}

/** The statuses that were not 2xx, as '429×12 500×1', or '-'. */
export function statusList(statuses: ReadonlyMap<number, number>): string {
  return [...statuses].map(([status, count]) => `${status}×${count}`).join(' ') || '-';
}

/**
 * The `HEAVY_REQUESTS_PER_CLIENT` that lets each session's connections all search at once: the
 * server's default (3) unless the benchmark binds more connections than that to one session.
 */
export function heavyRequestsFor(connections: number, sessions: number): number {
  return Math.max(3, Math.ceil(connections / Math.max(1, sessions)));
}
