/**
 * While the database is down, the portal's pages answer 503 with the maintenance page and
 * `Retry-After`, for an anonymous visitor and for a logged-in pharmacist alike,
 * instead of a 200 shell whose every call then fails; its files are still served; once PostgreSQL is
 * back, the pages are too, without restarting the API.
 *
 * The file has its own throw-away PostgreSQL server, since it stops it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_PAGE } from '../src/portal/serve-portal.ts';
import { FIXTURE_PASSWORD } from '../src/testing/fixtures.ts';
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/testing/postgres-server.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { isUnavailable } from './helpers.ts';

const bin = findPostgresBinaries();

describe.skipIf(isUnavailable('postgres') || !bin)('the portal while the database is down', () => {
  let postgres: ThrowawayPostgres;
  let server: TestServer;
  let dist: string;
  let session = '';

  const page = (url: string, cookie = '') =>
    fetch(`${server.url}${url}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(10_000) });

  beforeAll(async () => {
    postgres = await startThrowawayPostgres({ bin });
    dist = mkdtempSync(join(tmpdir(), 'portal-outage-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Botica</title></head><div id="root"></div></html>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal");');
    server = await startTestServer('postgres', {
      postgresUrl: postgres.url,
      data: 'fixture',
      settings: { portalDist: dist },
    });
    // A pharmacist's session, through the real flow: the CSRF cookie, then the login.
    const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
    const cookies = new Map(
      csrf.headers.getSetCookie().map((line) => line.split(';')[0]?.split('=') as [string, string]),
    );
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      },
      body: JSON.stringify({ username: 'farmacia.demo', password: FIXTURE_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const renewed = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('botica_session='));
    session = renewed ?? '';
    expect(session).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    try {
      postgres?.resume();
    } catch {
      // Already running.
    }
    await server?.close();
    postgres?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('answers pages 503 with the maintenance page while PostgreSQL is stopped, and 200 once it is back', async () => {
    expect((await page('/')).status).toBe(200);
    const before = await page('/catalog', session);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('content="client"');

    postgres.pause();
    try {
      for (const [url, cookie] of [
        ['/', ''],
        ['/catalog', ''],
        ['/', session],
        ['/products/12', session],
      ] as const) {
        const response = await page(url, cookie);
        expect(response.status, `${url} ${cookie ? 'logged in' : 'anonymous'}`).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await response.text()).toBe(MAINTENANCE_PAGE);
      }
      // The API keeps its JSON 503; the portal's files are still served.
      const api = await page('/api/v1/user', session);
      expect(api.status).toBe(503);
      expect(((await api.json()) as { message: string }).message).toMatch(/no está disponible/);
      expect((await page('/assets/index-abc123.js')).status).toBe(200);
    } finally {
      postgres.resume();
    }

    let status = 0;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      status = (await page('/', session)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await page('/catalog')).status).toBe(200);
  }, 60_000);
});
