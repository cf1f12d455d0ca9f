/**
 * What an operations team watches, as Prometheus metrics (prom-client): HTTP requests by route pattern
 * and status, the PostgreSQL pool, the mail outbox, throttled requests, the login's password checks
 * (in flight, refused as busy, with or without a device cookie), heavy requests refused, cart saves and
 * orders sent, and the process's own metrics. Each app has its own registry, so several apps in one process (the
 * tests, two instances on one database) never share or collide on a metric.
 *
 * `GET /metrics` answers only with `Authorization: Bearer {METRICS_TOKEN}` (401 otherwise); without
 * METRICS_TOKEN there is no such route (404) and the process metrics are not even collected. In a
 * cluster's worker (`API_WORKERS` > 1) it answers with every worker's metrics (cluster-metrics.ts).
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { operations } from '@botica/api-client/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PasswordCheckStats } from '../auth/password-checks.ts';
import type { Database } from '../db/database.ts';
import { selectRows } from '../db/database.ts';
import { route } from '../http/endpoint-route.ts';
import type { PassResult } from '../mail/sender.ts';
import { clusterScrape } from './cluster-metrics.ts';

/** The route label of a request that matched no route (never the raw URL: bounded cardinality). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route of the scrape itself: not counted (Prometheus asks every 15 s or so). */
const METRICS_ROUTE: string = operations.metrics.path;

/** Whether a login came from a browser with a device cookie valid for its username (device-cookie.ts). */
export type LoginDevice = 'known' | 'unknown';

/** Request durations' buckets, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (its own registry). */
    metrics: AppMetrics;
  }
}

/** The route pattern of a request (`/api/v1/clients/:clientId/orders`), or `unmatched`. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions?.url ?? UNMATCHED_ROUTE;
}

/** node-postgres's pool behind a Drizzle database, or undefined (PGlite). */
function postgresPool(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * A scrape-time read that may fail (the database down): undefined then, so the scrape still answers
 * with everything else (the gauge reads NaN) when the operations team needs it most.
 */
async function readOrNothing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

export class AppMetrics {
  readonly registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly #throttled: Counter<'route'>;
  readonly #cartSaves: Counter;
  readonly #ordersSent: Counter;
  readonly #mailDeliveries: Counter<'outcome'>;
  readonly #logins: Counter<'device'>;
  readonly #loginsBusy: Counter<'device'>;
  readonly #heavyRefused: Counter<'route'>;
  #passwordChecks: (() => PasswordCheckStats) | undefined;
  #catalogueIndexBytes: (() => number) | undefined;

  constructor(db: Database, options: { processMetrics: boolean }) {
    const registers = [this.registry];
    this.#httpRequests = new Counter({
      name: 'botica_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#httpDuration = new Histogram({
      name: 'botica_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.#throttled = new Counter({
      name: 'botica_throttled_requests_total',
      help: 'Requests refused with 429 by a rate limit (login, password reset, registration, CSRF cookie), by route pattern.',
      labelNames: ['route'],
      registers,
    });
    this.#cartSaves = new Counter({
      name: 'botica_cart_saves_total',
      help: 'Carts saved.',
      registers,
    });
    this.#ordersSent = new Counter({
      name: 'botica_orders_sent_total',
      help: 'Orders sent (a checkout that created an order; a repeated checkout is not counted again).',
      registers,
    });
    this.#mailDeliveries = new Counter({
      name: 'botica_mail_deliveries_total',
      help: 'Delivery attempts of outbox messages by this instance, by outcome: sent, retrying (a temporary failure), failed (refused for good or given up), expired.',
      labelNames: ['outcome'],
      registers,
    });
    this.#logins = new Counter({
      name: 'botica_login_attempts_total',
      help: 'Logins whose password is to be checked, by device: known (a device cookie valid for the username: its own budget and queue) or unknown.',
      labelNames: ['device'],
      registers,
    });
    this.#loginsBusy = new Counter({
      name: 'botica_login_busy_refused_total',
      help: 'Logins answered 429 at once because the password checks in flight and their queue were full (LOGIN_CHECKS_*), by device.',
      labelNames: ['device'],
      registers,
    });
    this.#heavyRefused = new Counter({
      name: 'botica_heavy_requests_refused_total',
      help: "Heavy requests (searches, filtered listings) answered 429 because the client's slots were all taken (HEAVY_REQUESTS_PER_CLIENT), by route pattern.",
      labelNames: ['route'],
      registers,
    });
    const passwordChecks = () => this.#passwordChecks?.();
    const catalogueIndexBytes = () => this.#catalogueIndexBytes?.() ?? 0;
    new Gauge({
      name: 'botica_catalogue_index_bytes',
      help: "The bytes of this process's catalogue index (its current snapshot), about.",
      registers,
      collect() {
        this.set(catalogueIndexBytes());
      },
    });
    new Gauge({
      name: 'botica_login_password_checks',
      help: 'Password checks of this process by state: running (at most LOGIN_CHECKS_IN_FLIGHT) and waiting for a slot.',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = passwordChecks();
        this.set({ state: 'running' }, stats?.running ?? 0);
        this.set({ state: 'waiting' }, stats?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'botica_mail_outbox_pending',
      help: 'Messages waiting in the outbox (read at scrape time).',
      registers,
      // Read from the database every worker shares: across a cluster's workers, one reading, not their sum.
      aggregator: 'first',
      async collect() {
        const rows = await readOrNothing(() =>
          selectRows<{ pending: number | string }>(
            db,
            sql`select count(*) as pending from outbox where status = 'pending'`,
          ),
        );
        this.set(rows ? Number(rows[0]?.pending ?? 0) : Number.NaN);
      },
    });
    new Gauge({
      name: 'botica_mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest message waiting in the outbox, in seconds (0 when none waits).',
      registers,
      aggregator: 'first',
      async collect() {
        const rows = await readOrNothing(() =>
          selectRows<{ age: number | string | null }>(
            db,
            sql`select extract(epoch from (now() - min(created_at))) as age from outbox where status = 'pending'`,
          ),
        );
        this.set(rows ? Math.max(0, Number(rows[0]?.age ?? 0)) : Number.NaN);
      },
    });
    const pool = postgresPool(db);
    if (pool) {
      const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(pool));
          },
        });
      poolGauge(
        'botica_db_pool_connections',
        'PostgreSQL connections open in the pool (in use or idle).',
        (p) => p.totalCount,
      );
      poolGauge(
        'botica_db_pool_idle_connections',
        'PostgreSQL connections idle in the pool.',
        (p) => p.idleCount,
      );
      poolGauge(
        'botica_db_pool_waiting_requests',
        'Queries waiting for a PostgreSQL connection of the pool.',
        (p) => p.waitingCount,
      );
      poolGauge(
        'botica_db_pool_max_connections',
        'The most connections the pool opens (DB_POOL_SIZE).',
        (p) => p.options.max ?? 10,
      );
    }
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts an answered request (its route pattern, never its URL); the scrape itself is not counted. */
  requestAnswered(request: FastifyRequest, reply: FastifyReply): void {
    const route = routeLabel(request);
    if (route === METRICS_ROUTE) return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    this.#httpRequests.inc(labels);
    this.#httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) this.#throttled.inc({ route: labels.route });
  }

  /** Where the catalogue index's size is read at scrape time (src/search/catalogue-index.ts). */
  watchCatalogueIndex(read: () => number): void {
    this.#catalogueIndexBytes = read;
  }

  /** Where the password checks' figures are read at scrape time (one queue per app). */
  watchPasswordChecks(read: () => PasswordCheckStats): void {
    this.#passwordChecks = read;
  }

  loginAttempted(device: LoginDevice): void {
    this.#logins.inc({ device });
  }

  loginBusyRefused(device: LoginDevice): void {
    this.#loginsBusy.inc({ device });
  }

  heavyRequestRefused(request: FastifyRequest): void {
    this.#heavyRefused.inc({ route: routeLabel(request) });
  }

  cartSaved(): void {
    this.#cartSaves.inc();
  }

  orderSent(): void {
    this.#ordersSent.inc();
  }

  mailDelivery(outcome: keyof PassResult): void {
    this.#mailDeliveries.inc({ outcome });
  }
}

/** Whether an `Authorization` header carries the bearer token (compared in constant time). */
export function isBearer(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Gives the app its metrics (`app.metrics`), counts every answered request, and with a token serves
 * them on `GET /metrics` (Prometheus's text format) to a scraper that presents it.
 */
export function installMetrics(app: FastifyInstance, db: Database, token: string | undefined): AppMetrics {
  const metrics = new AppMetrics(db, { processMetrics: token !== undefined });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestAnswered(request, reply);
  });
  if (token !== undefined) {
    // A cluster's worker answers with every worker's metrics, gathered by the primary.
    const scrape = cluster.isWorker ? clusterScrape(metrics.registry) : () => metrics.registry.metrics();
    route(app, operations.metrics, async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      if (!isBearer(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('application/json; charset=utf-8')
          .send({ message: 'No autorizado.' });
      }
      const text = await scrape();
      return reply.type(metrics.registry.contentType).send(text);
    });
  }
  return metrics;
}
