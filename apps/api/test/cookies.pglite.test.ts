/**
 * The cookies the API sets are the ones the cookie policy lists (@botica/domain's COOKIES), with the
 * same lifetime and HttpOnly flag; and the figures the privacy policy states are the API's defaults.
 * A new cookie, or a changed lifetime, fails here until the list (and so the policy and the consent
 * dialog) says so.
 */
import { COOKIES, DATA_RETENTION, findCookie } from '@botica/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { loadSettings } from '../src/settings/settings.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';

interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
}

describe('the cookies the API sets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { listen: false, products: 50 });
  });
  afterAll(() => server?.close());

  /** Every cookie set over a whole visit: anonymous, CSRF cookie, login, a save, logout. */
  async function visit(): Promise<SetCookie[]> {
    const jar = new Map<string, string>();
    const seen: SetCookie[] = [];
    const request = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const headers: Record<string, string> = {};
      if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const token = jar.get('XSRF-TOKEN');
      if (token) headers['x-xsrf-token'] = decodeURIComponent(token);
      const response: LightMyRequestResponse = await server.app.inject({
        method,
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      for (const cookie of response.cookies as SetCookie[]) {
        seen.push(cookie);
        if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    };
    await request('GET', '/');
    await request('GET', '/api/v1/user');
    await request('GET', '/sanctum/csrf-cookie');
    const login = await request('POST', '/api/v1/auth/login', {
      username: 'farmacia.demo',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    await request('GET', '/sanctum/csrf-cookie');
    expect((await request('POST', '/api/v1/cart', { products: [] })).statusCode).toBeLessThan(300);
    await request('GET', '/api/v1/auth/logout');
    return seen;
  }

  it('are all in the cookie list, with its lifetime and HttpOnly flag', async () => {
    const seen = await visit();
    expect(seen.length).toBeGreaterThan(0);
    for (const cookie of seen) {
      const declared = findCookie(cookie.name);
      expect(
        declared,
        `${cookie.name} is set by the API but missing from COOKIES (@botica/domain)`,
      ).toBeDefined();
      expect(declared?.setBy, cookie.name).toBe('server');
      // A cookie being removed (logout) says nothing about its lifetime or flags.
      const isRemoval =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (isRemoval) continue;
      expect(Boolean(cookie.httpOnly), `${cookie.name} HttpOnly`).toBe(declared?.isHttpOnly);
      expect(cookie.maxAge ?? null, `${cookie.name} Max-Age`).toBe(declared?.maxAgeSeconds);
      expect(cookie.expires, `${cookie.name} Expires`).toBeUndefined();
    }
    // And the list names no server cookie the API no longer sets.
    const names = new Set(seen.map((cookie) => cookie.name));
    for (const declared of COOKIES.filter((cookie) => cookie.setBy === 'server')) {
      expect(names, `${declared.name} is listed as the API's but never set`).toContain(declared.name);
    }
  });
});

describe('the figures of the privacy policy', () => {
  it('are the API’s defaults', () => {
    const defaults = loadSettings({});
    expect(defaults.sessionIdleMinutes).toBe(DATA_RETENTION.sessionIdleMinutes);
    expect(defaults.attemptLimits.windowMinutes).toBe(DATA_RETENTION.attemptWindowMinutes);
  });
});
