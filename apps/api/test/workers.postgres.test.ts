/**
 * `API_WORKERS`: the server as several processes sharing the port on PostgreSQL. The primary prepares
 * the database, the workers serve, one scrape of /metrics counts every worker's requests, a worker
 * that dies is replaced, and SIGTERM stops them all.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createApiClient } from '@botica/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import {
  exited,
  type ServerProcess,
  serving,
  startServerProcess as start,
  workerPids,
} from '../src/testing/server-process.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

describe('API_WORKERS', () => {
  it('refuses more than one worker on the embedded database, naming the setting', async () => {
    const { child, output } = start({ API_WORKERS: '2', DATA_DIR: 'memory://', PORT: '0' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('API_WORKERS="2": more than one worker needs DATABASE_URL');
  });

  describe.skipIf(isUnavailable('postgres'))('on PostgreSQL', () => {
    const name = `botica_workers_${randomBytes(6).toString('hex')}`;
    let server: ServerProcess;
    let base: string;
    const metricsToken = randomBytes(24).toString('hex');

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(postgresUrl());
      url.pathname = `/${name}`;
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = start({
        DATABASE_URL: url.toString(),
        API_WORKERS: '2',
        DB_POOL_SIZE: '2',
        PORT: String(port),
        SEED_PRODUCTS: '50',
        METRICS_TOKEN: metricsToken,
      });
      await serving(server);
    }, 90_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await exited(server.child);
      }
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('answers a scrape of /metrics with the requests of both workers, summed', async () => {
      /** A request on a connection of its own: node:cluster hands each new connection to the next worker. */
      const once = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const outgoing = request(`${base}${path}`, { agent: false, headers }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          outgoing.on('error', reject);
          outgoing.end();
        });
      const REQUESTS = 10;
      for (let index = 0; index < REQUESTS; index += 1) expect((await once('/healthz')).status).toBe(200);
      expect((await once('/metrics')).status).toBe(401);
      // Two scrapes, on two connections: one reaches each worker.
      const scrapes = await Promise.all(
        [0, 1].map(() => once('/metrics', { authorization: `Bearer ${metricsToken}` })),
      );
      for (const scrape of scrapes) {
        expect(scrape.status).toBe(200);
        // Each worker answered about half; whichever worker is scraped, the count is all of them.
        expect(scrape.body).toContain(
          `botica_http_requests_total{method="GET",route="/healthz",status="200"} ${REQUESTS}`,
        );
      }
    }, 30_000);

    it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
      expect(server.output()).toContain('2 workers');
      const first = workerPids(server.child);
      expect(first).toHaveLength(2);

      // Sessions live in the database, so a pharmacist's requests may go to either worker.
      const pharmacy = createApiClient({ baseUrl: base, timeout: 10_000 });
      await pharmacy.auth.login({ username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD });
      const { hits } = await pharmacy.search.query({ query: 'a' });
      const cart = await pharmacy.cart.save({ products: [{ id: hits[0]?.id ?? 0, quantity: 2 }] });
      expect(cart.items).toHaveLength(1);

      process.kill(first[0] as number, 'SIGKILL');
      await expect
        .poll(() => workerPids(server.child).filter((pid) => !first.includes(pid)).length, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(1);
      await expect.poll(() => workerPids(server.child).length, { timeout: 30_000 }).toBe(2);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expect((await pharmacy.cart.get())?.version).toBe(cart.version);
      }

      const workers = workerPids(server.child);
      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    }, 90_000);
  });
});
