/**
 * `GET /metrics` scraped through `app.inject`: off without METRICS_TOKEN (404), 401 without the
 * token, Prometheus's text format, requests counted by route pattern (never the raw URL, never the
 * scrape itself), cart saves, orders sent, throttled logins, logins with and without a device cookie,
 * logins refused as busy and the password checks in flight, heavy requests refused, mail deliveries,
 * the outbox's depth, the pool on PostgreSQL, and two apps in one process each with their own registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BUSY_MESSAGE } from '../../src/auth/password-checks.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { FIXTURE_PASSWORD } from '../../src/testing/fixtures.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** One sample of the text format: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

/**
 * Parses Prometheus's text exposition format strictly: every line is a `# HELP`, a `# TYPE` or a
 * sample of a declared metric (histograms' `_bucket`, `_sum` and `_count` included), with well-formed
 * labels and a numeric value. @throws on any other line.
 */
export function parsePrometheusText(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a sample line: ${line}`);
    const name = match[1];
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`a sample of an undeclared metric: ${line}`);
    const labels: Record<string, string> = {};
    if (match[2]) {
      LABEL.lastIndex = 0;
      let consumed = 0;
      for (let label = LABEL.exec(match[2]); label; label = LABEL.exec(match[2])) {
        labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, '$1');
        consumed = LABEL.lastIndex;
      }
      if (consumed !== match[2].length) throw new Error(`malformed labels: ${line}`);
    }
    // As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`).
    const raw = match[3];
    const value = /^nan$/i.test(raw)
      ? Number.NaN
      : Number(raw.replace(/^([+-]?)inf$/i, (_all, sign: string) => `${sign}Infinity`));
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`not a number: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of a sample with these labels (0 when absent: a counter not incremented yet). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

async function scrape(server: TestServer): Promise<{ text: string; samples: Sample[] }> {
  const response = await server.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.body, samples: parsePrometheusText(response.body) };
}

function metricsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`metrics on ${engine}`, () => {
    let server: TestServer;
    let other: TestServer;

    // Searches held before their handler until this many have arrived, then let go in one task: they
    // all reach the client's slots before the first one's work has begun (0: none held).
    let searchBarrier = 0;
    let heldSearches: (() => void)[] = [];
    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        data: 'fixture',
        listen: false,
        extend: (app) => {
          app.addHook('preHandler', async (request) => {
            if (searchBarrier === 0 || request.routeOptions.url !== '/api/v1/search') return;
            await new Promise<void>((release) => {
              heldSearches.push(release);
              if (heldSearches.length < searchBarrier) return;
              const all = heldSearches;
              heldSearches = [];
              searchBarrier = 0;
              for (const held of all) held();
            });
          });
        },
        settings: {
          logLevel: 'info',
          metricsToken: TOKEN,
          attemptLimits: { perUsername: 2, perAddress: 100, perAddressPerDay: 1000, windowMinutes: 15 },
          // One password check at a time and none waiting, one heavy request per pharmacy: a few
          // parallel requests find them full.
          loginChecks: { inFlight: 1, queued: 0 },
          heavyRequestsPerClient: 1,
        },
      });
      other = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        data: 'fixture',
        listen: false,
      });
    });
    afterAll(async () => {
      await other?.close();
      await server?.close();
    });

    it('is off without METRICS_TOKEN (404), and 401 without the token or with another', async () => {
      expect((await other.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const bare = await server.app.inject({ url: '/metrics' });
      expect(bare.statusCode).toBe(401);
      expect(bare.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(bare.body).not.toContain('botica_');
      const wrong = await server.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      });
      expect(wrong.statusCode).toBe(401);
    });

    it('answers the text format, with the process metrics and the outbox depth read at scrape time', async () => {
      const { samples: before } = await scrape(server);
      expect(sampleValue(before, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sampleValue(before, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      const pending = sampleValue(before, 'botica_mail_outbox_pending');
      // Not due for an hour: the sender leaves it pending.
      await enqueueMail(
        { db: server.database.db, now: () => new Date(Date.now() + 3_600_000) },
        {
          kind: 'test',
          to: 'ops@example.com',
          mail: { subject: 'Prueba', text: 'Prueba', html: '<p>Prueba</p>' },
        },
      );
      const { samples: after } = await scrape(server);
      expect(sampleValue(after, 'botica_mail_outbox_pending')).toBe(pending + 1);
      if (engine === 'postgres') {
        expect(sampleValue(after, 'botica_db_pool_max_connections')).toBe(12);
        expect(sampleValue(after, 'botica_db_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(after.some((sample) => sample.name === 'botica_db_pool_waiting_requests')).toBe(true);
      } else {
        expect(after.some((sample) => sample.name.startsWith('botica_db_pool_'))).toBe(false);
      }
    });

    it('still answers while the database is down, the outbox read as NaN', async () => {
      const down = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        data: 'fixture',
        listen: false,
        settings: { metricsToken: TOKEN },
      });
      try {
        await down.database.close();
        const { samples } = await scrape(down);
        expect(sampleValue(samples, 'botica_mail_outbox_pending')).toBeNaN();
        expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      } finally {
        await down.app.close();
      }
    });

    it('counts requests by route pattern and status, never by raw URL', async () => {
      const labels = { method: 'GET', route: '/api/v1/products/:id', status: '401' };
      const { samples: before } = await scrape(server);
      const count = sampleValue(before, 'botica_http_requests_total', labels);
      expect((await server.app.inject({ url: '/api/v1/products/987654' })).statusCode).toBe(401);
      expect((await server.app.inject({ url: '/no/such/page-4242' })).statusCode).toBe(404);
      const { text, samples } = await scrape(server);
      expect(sampleValue(samples, 'botica_http_requests_total', labels)).toBe(count + 1);
      expect(sampleValue(samples, 'botica_http_request_duration_seconds_count', labels)).toBe(count + 1);
      expect(
        sampleValue(samples, 'botica_http_requests_total', { route: 'unmatched', status: '404' }),
      ).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('987654');
      expect(text).not.toContain('page-4242');
      // Scraped four times by now: the scrapes are not counted.
      expect(text).not.toContain('route="/metrics"');
      // The raw URL is in the request's log line; the scrapes (every 15 s or so) are not, at info level.
      expect(server.logs.join('')).toContain('"url":"/api/v1/products/987654"');
      expect(server.logs.join('')).not.toContain('"url":"/metrics"');
      // The other app's registry saw none of it.
      const elsewhere = await other.app.inject({ url: '/api/v1/products/1' });
      expect(elsewhere.statusCode).toBe(401);
      expect(sampleValue((await scrape(server)).samples, 'botica_http_requests_total', labels)).toBe(
        count + 1,
      );
    });

    it('counts cart saves, orders sent (once per order), the order mail delivered and throttled logins', async () => {
      const { samples: before } = await scrape(server);
      const session = new InjectSession(server.app);
      expect((await session.login('farmacia.demo', FIXTURE_PASSWORD)).statusCode).toBe(200);
      const saved = await session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: server.fixture?.products.equinacea, quantity: 20 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const cartId = (saved.json() as { id: number }).id;
      const checkoutUrl = `/api/v1/clients/${server.fixture?.clients.demo}/cart/${cartId}/checkout`;
      const sent = await session.request('POST', checkoutUrl, { payload: {} });
      expect(sent.statusCode, sent.body).toBe(201);
      // The same checkout again answers the same order: not a second one.
      expect((await session.request('POST', checkoutUrl, { payload: {} })).statusCode).toBe(200);
      const { samples: after } = await scrape(server);
      expect(sampleValue(after, 'botica_cart_saves_total')).toBe(
        sampleValue(before, 'botica_cart_saves_total') + 1,
      );
      expect(sampleValue(after, 'botica_orders_sent_total')).toBe(
        sampleValue(before, 'botica_orders_sent_total') + 1,
      );
      // The order's mail, delivered by this app's sender (now, or by its own timer meanwhile).
      await server.app.mailSender.deliverDue();
      await expect
        .poll(
          async () =>
            sampleValue((await scrape(server)).samples, 'botica_mail_deliveries_total', { outcome: 'sent' }),
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(1);

      const intruder = new InjectSession(server.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await intruder.login('farmacia.norte', `wrong-${attempt}`)).statusCode);
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused).toBeGreaterThanOrEqual(1);
      const { samples: throttled } = await scrape(server);
      expect(
        sampleValue(throttled, 'botica_throttled_requests_total', { route: '/api/v1/auth/login' }) -
          sampleValue(before, 'botica_throttled_requests_total', { route: '/api/v1/auth/login' }),
      ).toBe(refused);
    });

    it('counts logins with and without a device cookie, logins refused as busy, and the checks in flight', async () => {
      const { samples: before } = await scrape(server);
      const delta = (after: Sample[], name: string, labels: Record<string, string>) =>
        sampleValue(after, name, labels) - sampleValue(before, name, labels);
      // The first login gives the browser its device cookie; the second presents it.
      const pharmacist = new InjectSession(server.app);
      expect((await pharmacist.login('farmacia.demo', FIXTURE_PASSWORD)).statusCode).toBe(200);
      expect((await pharmacist.login('farmacia.demo', FIXTURE_PASSWORD)).statusCode).toBe(200);
      // Strangers' logins at once, each naming its own username: one check runs, none may wait.
      const strangers = Array.from({ length: 6 }, () => new InjectSession(server.app));
      for (const stranger of strangers) await stranger.csrf();
      const answers = await Promise.all(
        strangers.map((stranger, index) =>
          stranger.request('POST', '/api/v1/auth/login', {
            payload: { username: `farmacia.desconocida${index}`, password: 'adivina' },
          }),
        ),
      );
      const busy = answers.filter((answer) => answer.statusCode === 429);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const answer of busy) expect(answer.json()).toMatchObject({ message: LOGIN_BUSY_MESSAGE });
      expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(6 - busy.length);

      const { samples: after } = await scrape(server);
      expect(delta(after, 'botica_login_attempts_total', { device: 'known' })).toBe(1);
      expect(delta(after, 'botica_login_attempts_total', { device: 'unknown' })).toBe(1 + 6);
      expect(delta(after, 'botica_login_busy_refused_total', { device: 'unknown' })).toBe(busy.length);
      expect(delta(after, 'botica_login_busy_refused_total', { device: 'known' })).toBe(0);
      // All done: nothing running or waiting.
      expect(after.some((sample) => sample.name === 'botica_login_password_checks')).toBe(true);
      expect(sampleValue(after, 'botica_login_password_checks', { state: 'running' })).toBe(0);
      expect(sampleValue(after, 'botica_login_password_checks', { state: 'waiting' })).toBe(0);
    });

    it("counts heavy requests refused beyond the pharmacy's slots, by route pattern", async () => {
      const labels = { route: '/api/v1/search' };
      const { samples: before } = await scrape(server);
      const session = new InjectSession(server.app);
      expect((await session.login('farmacia.demo', FIXTURE_PASSWORD)).statusCode).toBe(200);
      await session.csrf();
      // Six at once for one slot, all arrived before the first one's work begins: one answered, five
      // refused, and the counter counts exactly those.
      searchBarrier = 6;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          session.request('POST', '/api/v1/search', { payload: { query: `equinacea ${index}`, page: 0 } }),
        ),
      );
      expect(searchBarrier, 'the six were held and let go together').toBe(0);
      const statuses = answers.map((answer) => answer.statusCode);
      const refused = statuses.filter((status) => status === 429).length;
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(refused).toBe(5);
      for (const answer of answers.filter((each) => each.statusCode === 429))
        expect(answer.headers['retry-after']).toBe('1');
      const { samples: after } = await scrape(server);
      expect(
        sampleValue(after, 'botica_heavy_requests_refused_total', labels) -
          sampleValue(before, 'botica_heavy_requests_refused_total', labels),
      ).toBe(refused);
    });
  });
}

metricsSuite(projectEngine());
