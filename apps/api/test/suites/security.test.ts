/**
 * The security matrix over every endpoint: anonymous → 401; a state change without (or with a wrong)
 * CSRF token → 419; a role that is not client → 403; another client's id in the path → 403. And the
 * session rules: cookie flags, renewal on login, logout, idle expiry, login throttling.
 */
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** The ids a path may name: a client, a product, a cart and an order (of that client, or not). */
interface PathIds {
  clientId: number;
  productId: number;
  cartId: number;
  orderId: number;
}

interface Endpoint {
  method: 'GET' | 'POST';
  path: (ids: PathIds) => string;
  payload?: unknown;
  /** The path names a client (checked against the session's). */
  namesClient?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/api/v1/configurations?per_page=500' },
  { method: 'GET', path: () => '/api/v1/categories' },
  { method: 'GET', path: () => '/api/v1/categories/2' },
  { method: 'GET', path: () => '/api/v1/tags' },
  { method: 'POST', path: () => '/api/v1/products/search', payload: {} },
  { method: 'GET', path: (ids) => `/api/v1/products/${ids.productId}` },
  { method: 'GET', path: (ids) => `/api/v1/products/${ids.productId}/table-cartrules` },
  { method: 'GET', path: () => '/api/v1/products/maxMinPrices' },
  { method: 'POST', path: () => '/api/v1/search', payload: { query: 'a', page: 0 } },
  { method: 'GET', path: () => '/api/v1/driver/showcase' },
  { method: 'GET', path: () => '/api/v1/cart' },
  { method: 'POST', path: () => '/api/v1/cart', payload: { products: [] } },
  {
    method: 'POST',
    path: (ids) => `/api/v1/clients/${ids.clientId}/cart/${ids.cartId}/checkout`,
    payload: {},
    namesClient: true,
  },
  { method: 'GET', path: (ids) => `/api/v1/clients/${ids.clientId}/orders`, namesClient: true },
  {
    method: 'GET',
    path: (ids) => `/api/v1/clients/${ids.clientId}/monthly-purchases`,
    namesClient: true,
  },
  {
    method: 'GET',
    path: (ids) => `/api/v1/clients/${ids.clientId}/orders/${ids.orderId}`,
    namesClient: true,
  },
  {
    method: 'POST',
    path: (ids) => `/api/v1/clients/${ids.clientId}/orders/${ids.orderId}/reorder`,
    payload: {},
    namesClient: true,
  },
  { method: 'GET', path: (ids) => `/api/v1/clients/${ids.clientId}/erp_shipments`, namesClient: true },
  { method: 'GET', path: (ids) => `/api/v1/clients/${ids.clientId}/invoices?page=1`, namesClient: true },
  {
    method: 'GET',
    path: (ids) => `/api/v1/driver/customers/clients/${ids.clientId}/refunds?page=1`,
    namesClient: true,
  },
  { method: 'GET', path: () => `/api/v1/documents/${'0'.repeat(32)}2026.pdf` },
];

const label = (endpoint: Endpoint) =>
  `${endpoint.method} ${endpoint.path({ clientId: 0, productId: 0, cartId: 0, orderId: 0 })}`;

function expectError(response: { statusCode: number; body: string }, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.safeParse(JSON.parse(response.body)).success).toBe(true);
}

function securitySuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`security on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let productId: number;
    let demoCartId: number;
    let norteCartId: number;
    let demoOrderId: number;
    let norteOrderId: number;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      const [product] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from products where is_active order by id limit 1`,
      );
      productId = product?.id ?? 0;
      const cartOf = async (username: string) => {
        const session = new InjectSession(server.app);
        await session.login(username);
        const saved = await session.request('POST', '/api/v1/cart', {
          payload: { products: [{ id: productId, quantity: 1 }] },
        });
        return (JSON.parse(saved.body) as { id: number }).id;
      };
      const orderOf = async (clientId: number) =>
        (
          await selectRows<{ id: number }>(
            server.database.db,
            sql`select id from orders where client_id = ${clientId} order by id limit 1`,
          )
        )[0]?.id ?? 0;
      demoOrderId = await orderOf(ids.demo.clientId);
      norteOrderId = await orderOf(ids.norte.clientId);
      demoCartId = await cartOf(DEMO_ACCOUNTS.demo);
      norteCartId = await cartOf(DEMO_ACCOUNTS.norte);
    });
    afterAll(() => server?.close());

    const own = () => ({ clientId: ids.demo.clientId, productId, cartId: demoCartId, orderId: demoOrderId });

    describe('anonymous', () => {
      it.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s → 401 (419 for a state change without a CSRF token)',
        async (_name, endpoint) => {
          const bare = new InjectSession(server.app);
          const first = await bare.request(endpoint.method, endpoint.path(own()), {
            payload: endpoint.payload,
          });
          expectError(first, endpoint.method === 'GET' ? 401 : 419);
          const withCsrf = new InjectSession(server.app);
          await withCsrf.csrf();
          expectError(
            await withCsrf.request(endpoint.method, endpoint.path(own()), { payload: endpoint.payload }),
            401,
          );
        },
      );

      it('GET /api/v1/user → 401', async () => {
        expectError(await new InjectSession(server.app).request('GET', '/api/v1/user'), 401);
      });
    });

    describe('state changes without the CSRF token', () => {
      const changes = ENDPOINTS.filter((endpoint) => endpoint.method === 'POST');
      it.each(changes.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s → 419 without, with a wrong and with another session’s token',
        async (_name, endpoint) => {
          const session = new InjectSession(server.app);
          await session.login(DEMO_ACCOUNTS.demo);
          const other = new InjectSession(server.app);
          await other.csrf();
          for (const csrf of [false, 'not-the-token', other.csrfToken ?? 'x']) {
            expectError(
              await session.request(endpoint.method, endpoint.path(own()), {
                payload: endpoint.payload,
                csrf,
              }),
              419,
            );
          }
          const withToken = await session.request(endpoint.method, endpoint.path(own()), {
            payload: endpoint.payload,
          });
          expect(withToken.statusCode).not.toBe(419);
        },
      );

      it('POST /api/v1/auth/login → 419 without the token', async () => {
        const session = new InjectSession(server.app);
        await session.csrf();
        const response = await session.request('POST', '/api/v1/auth/login', {
          payload: { username: DEMO_ACCOUNTS.demo, password: 'Botica2026' },
          csrf: false,
        });
        expectError(response, 419);
      });
    });

    describe('a user whose role is not client', () => {
      it.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s → 403',
        async (_name, endpoint) => {
          const session = new InjectSession(server.app);
          expect((await session.login(DEMO_ACCOUNTS.comercial)).statusCode).toBe(200);
          expectError(
            await session.request(endpoint.method, endpoint.path(own()), { payload: endpoint.payload }),
            403,
          );
        },
      );
    });

    describe("another client's id in the path", () => {
      const naming = ENDPOINTS.filter((endpoint) => endpoint.namesClient);
      it.each(naming.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s → 403, and never data',
        async (_name, endpoint) => {
          const session = new InjectSession(server.app);
          await session.login(DEMO_ACCOUNTS.demo);
          for (const clientId of [ids.norte.clientId, 987_654]) {
            const response = await session.request(
              endpoint.method,
              endpoint.path({ clientId, productId, cartId: norteCartId, orderId: norteOrderId }),
              {
                payload: endpoint.payload,
              },
            );
            expectError(response, 403);
          }
          const ownClient = {
            clientId: ids.demo.clientId,
            productId,
            cartId: norteCartId,
            orderId: norteOrderId,
          };
          if (endpoint.method === 'POST') {
            // Another client's cart or order under one's own client id is not found.
            expectError(await session.request('POST', endpoint.path(ownClient), { payload: {} }), 404);
          }
        },
      );
    });

    describe('sessions', () => {
      it('sets an HttpOnly, SameSite=Lax session cookie and a readable XSRF-TOKEN; Secure behind HTTPS', async () => {
        const response = await server.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
        expect(response.statusCode).toBe(204);
        const [session, xsrf] = ['botica_session', 'XSRF-TOKEN'].map((name) =>
          (
            response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }[]
          ).find((cookie) => cookie.name === name),
        );
        expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
        expect(session?.secure).toBeFalsy();
        expect(xsrf?.httpOnly).toBeFalsy();

        const proxied = await startTestServer(engine, {
          postgresUrl: postgresUrl(),
          listen: false,
          data: 'fixture',
          settings: { trustProxy: true },
        });
        try {
          const secure = await proxied.app.inject({
            method: 'GET',
            url: '/sanctum/csrf-cookie',
            headers: { 'x-forwarded-proto': 'https' },
          });
          for (const cookie of secure.cookies as { secure?: boolean }[]) expect(cookie.secure).toBe(true);
          // HSTS only over HTTPS: a laptop's plain HTTP must not be refused for a year afterwards.
          expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
          expect(response.headers['strict-transport-security']).toBeUndefined();
        } finally {
          await proxied.close();
        }
      });

      it('renews the session on login, so the anonymous one is worth nothing', async () => {
        const session = new InjectSession(server.app);
        await session.csrf();
        const anonymous = session.cookies.get('botica_session');
        const anonymousCsrf = session.csrfToken;
        await session.request('POST', '/api/v1/auth/login', {
          payload: { username: DEMO_ACCOUNTS.demo, password: 'Botica2026' },
        });
        expect(session.cookies.get('botica_session')).not.toBe(anonymous);
        expect(session.csrfToken).not.toBe(anonymousCsrf);
        expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);

        const planted = new InjectSession(server.app);
        planted.cookies.set('botica_session', anonymous ?? '');
        expectError(await planted.request('GET', '/api/v1/user'), 401);
      });

      it('refuses a logout another site asks for (an image tag on a GET), and sends the hardened headers', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.demo);
        const crossSite = await session.request('GET', '/api/v1/auth/logout', {
          headers: { 'sec-fetch-site': 'cross-site' },
        });
        expectError(crossSite, 403);
        expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
        const sameOrigin = await session.request('GET', '/api/v1/auth/logout', {
          headers: { 'sec-fetch-site': 'same-origin' },
        });
        expect(sameOrigin.statusCode).toBe(204);
        expect(sameOrigin.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(sameOrigin.headers['permissions-policy']).toContain('camera=(self)');
        expect(sameOrigin.headers['permissions-policy']).toContain('microphone=()');
      });

      it('ends the session on logout', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.demo);
        const cookie = session.cookies.get('botica_session') ?? '';
        expect((await session.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
        const replay = new InjectSession(server.app);
        replay.cookies.set('botica_session', cookie);
        expectError(await replay.request('GET', '/api/v1/user'), 401);
      });

      it('expires a session after 2 hours without activity', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.demo);
        const start = Date.now();
        try {
          server.setNow(new Date(start + 119 * 60_000));
          expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
          server.setNow(new Date(start + (119 + 100) * 60_000));
          expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
          server.setNow(new Date(start + (119 + 100 + 121) * 60_000));
          expectError(await session.request('GET', '/api/v1/user'), 401);
          expectError(await session.request('POST', '/api/v1/cart', { payload: { products: [] } }), 419);
        } finally {
          server.setNow(null);
        }
      });

      it('throttles login: 429 after 5 failures per username within 15 minutes', async () => {
        const session = new InjectSession(server.app, { 'x-forwarded-for': '203.0.113.9' });
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expectError(await session.login(DEMO_ACCOUNTS.norte, 'wrong'), 422);
        }
        const blocked = await session.login(DEMO_ACCOUNTS.norte);
        expectError(blocked, 429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        // Another username from the same address is not blocked.
        expect((await session.login(DEMO_ACCOUNTS.limite)).statusCode).toBe(200);
      });
    });
  });
}

securitySuite(projectEngine());
