/**
 * A lost database connection never takes the server down: the server, as `npm start` runs
 * it, under a steady load while PostgreSQL ends its connections (every client backend terminated,
 * one backend killed with SIGKILL, a restart, an outage). The requests that needed a lost connection
 * are 503 `{message}`, never a 500 or a dropped socket; the process (and each worker) lives on; and
 * once PostgreSQL is back, requests succeed again without restarting the API.
 *
 * The file has its own throw-away PostgreSQL server, since it ends every connection and restarts it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import {
  findPostgresBinaries,
  freePort,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/testing/postgres-server.ts';
import {
  exited,
  type ServerProcess,
  serving,
  startServerProcess,
  workerPids,
} from '../src/testing/server-process.ts';
import { isUnavailable } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser-like HTTP session: cookies kept, the CSRF token sent on every POST. */
class HttpSession {
  readonly #base: string;
  readonly #cookies = new Map<string, string>();
  /** The logged-in pharmacy's client id. */
  clientId = 0;

  constructor(base: string) {
    this.#base = base;
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#cookies.size > 0)
      headers.cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = this.#cookies.get('XSRF-TOKEN');
    if (method === 'POST' && token) headers['x-xsrf-token'] = decodeURIComponent(token);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.#base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  async login(username: string): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const response = await this.request('POST', '/api/v1/auth/login', { username, password: DEMO_PASSWORD });
    if (response.status !== 200) throw new Error(`login of ${username}: ${response.status}`);
    this.clientId = ((await response.json()) as { client: { id: number } }).client.id;
  }
}

type Call = (session: HttpSession) => Promise<Response>;

/** The answers besides 2xx and 503 that a call may get by the business rules (cap, minimum, a cart sent). */
const BUSINESS_STATUSES: Readonly<Record<string, number[]>> = {
  save: [406],
  checkout: [404, 406, 422],
};

/** An answer the call may get with the database there: 2xx, or what the business rules say. */
const isServed = (name: string, status: number) =>
  (status >= 200 && status < 300) || (BUSINESS_STATUSES[name]?.includes(status) ?? false);

/** What a pharmacist does: reads (sessions, products, search, cart) and writes (cart saves, sessions). */
function calls(base: string, productIds: number[]): Record<string, Call> {
  const pick = () => productIds[Math.floor(Math.random() * productIds.length)] as number;
  return {
    user: (session) => session.request('GET', '/api/v1/user'),
    catalogue: (session) => session.request('POST', '/api/v1/products/search', { text: 'a', page: 1 }),
    product: (session) => session.request('GET', `/api/v1/products/${pick()}`),
    // A fresh text each time, past the search answer cache.
    search: (session) =>
      session.request('POST', '/api/v1/search', { query: randomBytes(2).toString('hex'), page: 0 }),
    cart: (session) => session.request('GET', '/api/v1/cart'),
    save: (session) =>
      session.request('POST', '/api/v1/cart', { products: [{ id: pick(), quantity: 1 + (Date.now() % 5) }] }),
    anonymous: () => new HttpSession(base).request('GET', '/sanctum/csrf-cookie'),
    // A transaction: the connection stays checked out across several statements.
    checkout: async (session) => {
      const cart = await session.request('GET', '/api/v1/cart');
      if (cart.status !== 200) return cart;
      const { id } = (await cart.json()) as { id: number };
      return session.request('POST', `/api/v1/clients/${session.clientId}/cart/${id}/checkout`, {});
    },
  };
}

/** What the load saw: statuses by count, and every answer that breaks the rule (with a sample). */
class Tally {
  readonly statuses = new Map<string, number>();
  readonly faults: string[] = [];

  count(key: string): void {
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  async record(name: string, call: Promise<Response>): Promise<number> {
    let response: Response;
    try {
      response = await call;
    } catch (error) {
      this.count('network error');
      this.faults.push(`${name}: ${(error as Error).message} (${String((error as Error).cause ?? '')})`);
      return 0;
    }
    this.count(String(response.status));
    const text = await response.text();
    if (isServed(name, response.status)) return response.status;
    if (response.status !== 503) {
      this.faults.push(`${name}: ${response.status} ${text.slice(0, 200)}`);
      return response.status;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const keys = body && typeof body === 'object' ? Object.keys(body).sort() : [];
    const message = (body as { message?: unknown } | undefined)?.message;
    if (
      typeof message !== 'string' ||
      message === '' ||
      keys.some((key) => key !== 'message' && key !== 'errors') ||
      !response.headers.get('content-type')?.startsWith('application/json')
    ) {
      this.faults.push(`${name}: 503 without the error shape: ${text.slice(0, 200)}`);
    }
    return response.status;
  }

  summary(): string {
    return [...this.statuses].map(([status, count]) => `${status}×${count}`).join(', ');
  }
}

/** Requests from each session in turn, one at a time per session, until stopped (or at most `max`). */
function load(base: string, sessions: HttpSession[], productIds: number[], tally: Tally, max = 20_000) {
  let stopped = false;
  let sent = 0;
  const all = Object.entries(calls(base, productIds));
  const loops = sessions.map(async (session, index) => {
    for (let turn = index; !stopped && sent < max; turn += 1) {
      const [name, call] = all[turn % all.length] as [string, Call];
      sent += 1;
      await tally.record(name, call(session));
    }
  });
  return {
    sent: () => sent,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Connects an admin client, waiting out a server that is starting or recovering (57P03). */
async function admin(url: string): Promise<pg.Client> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/** Ends every client backend but this one; resolves with how many it ended. */
async function terminateClientBackends(url: string): Promise<number> {
  const client = await admin(url);
  try {
    const { rows } = await client.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Waits (10 s at most) until the server has a connection to `database` again: after a round ended
 * them all (a crash recovery takes the longest), the next round has something to end only once the
 * pool has reconnected, which a loaded machine may take longer than a round's pause to do.
 */
async function untilConnected(url: string, database: string): Promise<void> {
  const client = await admin(url);
  try {
    for (const started = Date.now(); Date.now() - started < 10_000; await sleep(100)) {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where backend_type = 'client backend' and datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      if ((rows[0]?.count ?? 0) > 0) return;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** SIGKILLs one client backend: PostgreSQL then ends every connection and recovers. */
async function killOneBackend(url: string, database: string): Promise<number> {
  const client = await admin(url);
  let pid: number | undefined;
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where backend_type = 'client backend' and datname = $1 and pid <> pg_backend_pid() limit 1`,
      [database],
    );
    pid = rows[0]?.pid;
  } finally {
    await client.end().catch(() => {});
  }
  if (pid === undefined) return 0;
  process.kill(pid, 'SIGKILL');
  return 1;
}

/** The calls not served again within `timeoutMs` (each retried until then), with their last status. */
async function recovers(
  base: string,
  session: HttpSession,
  productIds: number[],
  timeoutMs = 20_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const failing: string[] = [];
  for (const [name, call] of Object.entries(calls(base, productIds))) {
    let status = 0;
    while (Date.now() < deadline) {
      status = await call(session)
        .then(async (response) => {
          await response.text();
          return response.status;
        })
        .catch(() => 0);
      if (isServed(name, status)) break;
      await sleep(200);
    }
    if (!isServed(name, status)) failing.push(`${name}: ${status}`);
  }
  return failing;
}

const bin = findPostgresBinaries();

describe.skipIf(isUnavailable('postgres') || !bin)('a lost database connection', () => {
  let postgres: ThrowawayPostgres;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres({ bin });
  }, 120_000);

  afterAll(() => postgres?.stop());

  describe.each([1, 2])('with API_WORKERS=%i', (workers) => {
    const name = `botica_loss_${randomBytes(6).toString('hex')}`;
    let server: ServerProcess;
    let base: string;
    let sessions: HttpSession[];
    let productIds: number[];
    let workersAtStart: number[];

    beforeAll(async () => {
      const client = await admin(postgres.url);
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(postgres.url);
      url.pathname = `/${name}`;
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = startServerProcess({
        DATABASE_URL: url.toString(),
        API_WORKERS: String(workers),
        DB_POOL_SIZE: '4',
        PORT: String(port),
        SEED_PRODUCTS: '50',
      });
      await serving(server);
      workersAtStart = workers > 1 ? workerPids(server.child) : [];
      sessions = [];
      for (const username of [
        DEMO_ACCOUNTS.demo,
        DEMO_ACCOUNTS.norte,
        DEMO_ACCOUNTS.demo,
        DEMO_ACCOUNTS.norte,
      ]) {
        const session = new HttpSession(base);
        await session.login(username);
        sessions.push(session);
      }
      const page = await (await sessions[0]?.request('POST', '/api/v1/products/search', { page: 1 }))?.json();
      productIds = (page as { data: { id: number }[] }).data.map((product) => product.id);
    }, 120_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await exited(server.child);
      }
      const client = await admin(postgres.url);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });

    const expectAlive = () => {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.child.signalCode, server.output()).toBeNull();
      if (workers > 1)
        expect(workerPids(server.child).sort(), server.output()).toEqual(workersAtStart.sort());
      expect(server.output()).not.toMatch(/Unhandled|uncaught|worker \d+ ended/i);
    };

    it('answers 503 while its connections are terminated or killed, and goes on', async () => {
      const tally = new Tally();
      const running = load(base, sessions, productIds, tally);
      const ended: number[] = [];
      const started = Date.now();
      try {
        for (let round = 0; round < 5 && Date.now() - started < 20_000; round += 1) {
          await sleep(300);
          await untilConnected(postgres.url, name);
          ended.push(
            round === 3
              ? await killOneBackend(postgres.url, name)
              : await terminateClientBackends(postgres.url),
          );
          expectAlive();
        }
        await sleep(300);
      } finally {
        await running.stop();
      }
      console.info(
        `[connection-loss] API_WORKERS=${workers}: ${running.sent()} requests, backends ended per round ${ended.join('/')}; statuses ${tally.summary()}`,
      );
      expect(ended.every((count) => count > 0)).toBe(true);
      expect(tally.faults.slice(0, 8), `${tally.faults.length} faults`).toEqual([]);
      expectAlive();
      expect(await recovers(base, sessions[0] as HttpSession, productIds)).toEqual([]);
      expectAlive();
    }, 90_000);

    it('survives a restart and an outage of PostgreSQL, and serves again once it is back', async () => {
      const tally = new Tally();
      const running = load(base, sessions, productIds, tally);
      try {
        await sleep(300);
        postgres.restart();
        await sleep(500);
        expectAlive();
        postgres.pause();
        await sleep(1_000);
        expectAlive();
        postgres.resume();
        await sleep(500);
      } finally {
        await running.stop();
      }
      console.info(
        `[connection-loss] API_WORKERS=${workers}: restart and outage, ${running.sent()} requests; statuses ${tally.summary()}`,
      );
      expect(tally.statuses.get('503') ?? 0).toBeGreaterThan(0);
      expect(tally.faults.slice(0, 8), `${tally.faults.length} faults`).toEqual([]);
      expectAlive();
      expect(await recovers(base, sessions[0] as HttpSession, productIds)).toEqual([]);
      expectAlive();
    }, 90_000);
  });
});
