/**
 * Prometheus metrics (prom-client) at `GET /metrics`, for an operations team: requests by route and
 * status with their latency, the database pool, the outbox's depth and failures, login throttling,
 * heavy requests refused, cart saves and orders. Served only when `METRICS_TOKEN` is set, and only to
 * a scraper sending it as `Authorization: Bearer …` (else 401; unset: 404, as any unknown path). One
 * registry per app, so several apps in one process (tests) do not share counters.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PasswordCheckStats } from '../auth/password-checks.ts';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/** What the metrics read from the app's parts at scrape time. */
export interface MetricSources {
  passwordChecks: () => PasswordCheckStats;
  heavyRefused: () => number;
}

const LOGIN_ROUTE = 'POST /api/v1/auth/login';
const CART_SAVE_ROUTE = 'POST /api/v1/cart';
const CHECKOUT_ROUTE = 'POST /api/v1/clients/:clientId/cart/:cartId/checkout';

/** The node-postgres pool behind the database, when it is one (PGlite has none). */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function isPool(client: unknown): client is PoolLike {
  return typeof client === 'object' && client !== null && 'totalCount' in client && 'waitingCount' in client;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The route of a request as a label: `POST /api/v1/products/:id`, or `unmatched`. */
function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  return url ? `${request.method} ${url}` : 'unmatched';
}

/** Registers the metrics' hooks and `GET /metrics` (when `METRICS_TOKEN` is set). */
export function installMetrics(app: FastifyInstance, context: AppContext, sources: MetricSources): void {
  const token = context.settings.metricsToken;
  if (token === undefined) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'botica_' });

  const requests = new Counter({
    name: 'botica_http_requests_total',
    help: 'HTTP requests answered, by route and status.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'botica_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route and status.',
    labelNames: ['route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginThrottled = new Counter({
    name: 'botica_login_throttled_total',
    help: 'Logins answered 429 (attempt limits, or the password checks full).',
    registers: [registry],
  });
  const cartSaves = new Counter({
    name: 'botica_cart_saves_total',
    help: 'Cart saves, by status.',
    labelNames: ['status'],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'botica_orders_total',
    help: 'Orders sent (successful checkouts).',
    registers: [registry],
  });
  new Gauge({
    name: 'botica_login_password_checks',
    help: 'Password checks running and waiting in this process.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = sources.passwordChecks();
      this.set({ state: 'running' }, stats.running);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'botica_login_busy_refused',
    help: 'Logins refused because the password checks were full, since start.',
    registers: [registry],
    collect() {
      this.set(sources.passwordChecks().refused);
    },
  });
  new Gauge({
    name: 'botica_heavy_requests_refused',
    help: 'Heavy requests (searches) refused beyond the per-client slots, since start.',
    registers: [registry],
    collect() {
      this.set(sources.heavyRefused());
    },
  });
  const client = (context.db as unknown as { $client?: unknown }).$client;
  if (isPool(client)) {
    new Gauge({
      name: 'botica_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'botica_outbox_messages',
    help: 'Outbox messages by status (pending: the depth; failed: given up).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await selectRows<{ status: string; count: number }>(
        context.db,
        sql`select status, count(*)::int as count from outbox group by status`,
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    if (route === 'GET /metrics') return;
    const status = String(reply.statusCode);
    requests.inc({ route, status });
    latency.observe({ route, status }, reply.elapsedTime / 1000);
    if (route === LOGIN_ROUTE && reply.statusCode === 429) loginThrottled.inc();
    else if (route === CART_SAVE_ROUTE) cartSaves.inc({ status });
    else if (route === CHECKOUT_ROUTE && reply.statusCode < 300) orders.inc();
  });

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) {
      throw new HttpError(401, 'Falta el token de las métricas o no es válido.');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
