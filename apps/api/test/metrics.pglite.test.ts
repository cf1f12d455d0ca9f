/**
 * `GET /metrics` in Prometheus's text format, scraped as a scraper would: only with the bearer token
 * (`METRICS_TOKEN`), absent without it; requests by route and status with their latency, login
 * throttling, password checks, cart saves, orders, the outbox's depth and the process's own figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';
import { midWindow } from './suites/rate-limits.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics', () => {
  let server: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      listen: false,
      data: 'fixture',
      settings: { metricsToken: TOKEN },
    });
    server.setNow(midWindow());
    plain = await startTestServer('pglite', { listen: false, data: 'fixture' });
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  const scrape = (token?: string) =>
    server.app.inject({ url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('is served only with its token, and not at all without METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('wrong-token-0123456789abcdef')).statusCode).toBe(401);
    expect(
      (await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
  });

  it('counts requests, login throttling, cart saves and orders, and reads the outbox and checks', async () => {
    const guesser = new InjectSession(server.app);
    for (let index = 0; index < 6; index += 1) await guesser.login('farmacia.norte', `adivina-${index}`);
    const pharmacist = new InjectSession(server.app);
    expect((await pharmacist.login('farmacia.demo')).statusCode).toBe(200);
    await pharmacist.csrf();
    const saved = await pharmacist.request('POST', '/api/v1/cart', {
      payload: { products: [{ id: server.fixture?.products.equinacea, quantity: 2 }] },
    });
    expect(saved.statusCode).toBe(200);

    const answer = await scrape(TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const value = (series: string) => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('botica_http_requests_total{route="POST /api/v1/auth/login",status="422"}')).toBe(5);
    expect(value('botica_http_requests_total{route="POST /api/v1/auth/login",status="429"}')).toBe(1);
    expect(value('botica_http_requests_total{route="POST /api/v1/auth/login",status="200"}')).toBe(1);
    expect(value('botica_http_request_duration_seconds_count{route="POST /api/v1/cart",status="200"}')).toBe(
      1,
    );
    expect(value('botica_login_throttled_total')).toBe(1);
    expect(value('botica_cart_saves_total{status="200"}')).toBe(1);
    expect(value('botica_orders_total')).toBe(0);
    expect(value('botica_login_password_checks{state="running"}')).toBe(0);
    expect(value('botica_login_busy_refused')).toBe(0);
    expect(value('botica_heavy_requests_refused')).toBe(0);
    expect(text).toMatch(/^# TYPE botica_outbox_messages gauge$/m);
    expect(text).toMatch(/^botica_process_cpu_user_seconds_total /m);
    // The scrape itself is not counted.
    expect(text).not.toContain('route="GET /metrics"');
  });
});
