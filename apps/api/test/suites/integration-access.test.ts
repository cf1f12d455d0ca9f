/**
 * The integration area's door, for every endpoint defined in `@botica/api-client/integration`: an API
 * key in `Authorization: Bearer` and nothing else. No key, an unknown or a revoked one → 401; a key
 * without the endpoint's scope → 403; a browser's session (even an admin's, with its CSRF token) is
 * never read there; no CSRF token is asked of a key; past the key's rate → 429 with `Retry-After`,
 * counted per key; every call is logged against its key; maintenance does not close the area.
 */
import { type Endpoint, fillPath, pathParamNames } from '@botica/api-client/endpoints';
import { integrationEndpoints } from '@botica/api-client/integration';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, integrationCalls } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { pruneIntegrationCalls, revokeApiKey, secretHash } from '../../src/integration/api-keys-service.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** Every integration endpoint, named `group.name`, with a path whose parameters are filled with 1. */
const ENDPOINTS: { name: string; endpoint: Endpoint; url: string }[] = Object.entries(
  integrationEndpoints,
).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${group}.${name}`,
    endpoint,
    url: fillPath(
      endpoint.path,
      Object.fromEntries(pathParamNames(endpoint.path).map((param) => [param, 1])),
    ),
  })),
);

const ALL_SCOPES = ['catalogue', 'stock', 'pharmacies', 'orders', 'documents'] as const;

function integrationAccessSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the integration area's door on ${engine}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
    });
    afterAll(() => server?.close());

    const call = (each: (typeof ENDPOINTS)[number], headers: Record<string, string> = {}) =>
      server.app.inject({
        method: each.endpoint.method,
        url: each.url,
        headers: {
          ...headers,
          ...(each.endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(each.endpoint.method === 'GET' || each.endpoint.method === 'DELETE' ? {} : { payload: '{}' }),
      });
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

    it('the area has endpoints, every one under /api/v1/integration/ and for API keys', () => {
      expect(ENDPOINTS.length).toBeGreaterThanOrEqual(1);
      for (const { name, endpoint } of ENDPOINTS) {
        expect(endpoint.path, name).toMatch(/^\/api\/v1\/integration\//);
        expect(endpoint.access, name).toBe('integration');
      }
    });

    it('no key, a malformed one or an unknown one → 401, the error body alone', async () => {
      const unknown = `bk_${'x'.repeat(43)}`;
      for (const each of ENDPOINTS) {
        expectRefusal(await call(each), 401, { what: each.name });
        expectRefusal(await call(each, { authorization: 'Basic YWRtaW46YWRtaW4=' }), 401, {
          what: each.name,
        });
        expectRefusal(await call(each, bearer('')), 401, { what: each.name });
        expectRefusal(await call(each, bearer(unknown)), 401, { what: each.name });
      }
      // An unknown path of the area needs a key too (with the portal served, its catch-all route
      // would match it): the door goes by the path asked.
      expectRefusal(
        await server.app.inject({ method: 'GET', url: '/api/v1/integration/no-such-thing' }),
        401,
      );
      const refused = await call(ENDPOINTS[0] as (typeof ENDPOINTS)[number]);
      expect(refused.json().message).toMatch(/Authorization: Bearer/);
    });

    it("an admin's session, with its CSRF token, is not read: 401 without a key", async () => {
      const admin = new InjectSession(server.app);
      expect((await admin.login(DEMO_ACCOUNTS.admin)).statusCode).toBe(200);
      for (const each of ENDPOINTS) {
        const response = await admin.request(each.endpoint.method, each.url, {
          csrf: true,
          ...(each.endpoint.method === 'GET' || each.endpoint.method === 'DELETE' ? {} : { payload: {} }),
        });
        expectRefusal(response, 401, { what: each.name });
      }
    });

    it('a revoked key → 401 saying so, from its next call', async () => {
      const secret = await integrationKey(server, ALL_SCOPES, { name: 'ERP revocado' });
      const me = ENDPOINTS.find(({ name }) => name === 'connection.me') as (typeof ENDPOINTS)[number];
      expect((await call(me, bearer(secret))).statusCode).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.secretHash, secretHash(secret)));
      const context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
      await revokeApiKey(context, row?.id ?? 0, null);
      for (const each of ENDPOINTS) {
        const response = await call(each, bearer(secret));
        expectRefusal(response, 401, { what: each.name });
        expect(response.json().message).toMatch(/revocado/);
      }
    });

    it("a key without the endpoint's scope → 403 naming the scope; with it, no CSRF token is asked", async () => {
      for (const each of ENDPOINTS) {
        const { scope } = each.endpoint;
        if (scope === undefined) continue;
        const others = ALL_SCOPES.filter((candidate) => candidate !== scope);
        const response = await call(each, bearer(await integrationKey(server, others)));
        expectRefusal(response, 403, { what: each.name });
        expect(response.json().message, each.name).toContain(scope);
      }
      const secret = await integrationKey(server, ALL_SCOPES);
      for (const each of ENDPOINTS.filter(({ endpoint }) => endpoint.method !== 'GET')) {
        const response = await call(each, bearer(secret));
        expect([401, 403, 419], `${each.name}: ${response.body}`).not.toContain(response.statusCode);
      }
      const unknownPath = await server.app.inject({
        method: 'POST',
        url: '/api/v1/integration/no-such-thing',
        headers: { ...bearer(secret), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(unknownPath.statusCode).toBe(404);
    });

    it('connection.me answers the key itself, never its secret', async () => {
      const secret = await integrationKey(server, ['orders', 'documents'], {
        name: 'SAP B1',
        ratePerMinute: 120,
      });
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/integration/me',
        headers: bearer(secret),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const { data } = response.json();
      expect(data.key).toMatchObject({
        name: 'SAP B1',
        scopes: ['orders', 'documents'],
        rate_per_minute: 120,
      });
      expect(secret.startsWith(data.key.prefix)).toBe(true);
      expect(response.body).not.toContain(secret);
      expect(Date.parse(data.server_time)).not.toBeNaN();
    });

    it("past the key's rate → 429 with Retry-After; another key is not slowed", async () => {
      const slow = await integrationKey(server, ['orders'], { ratePerMinute: 3 });
      const other = await integrationKey(server, ['orders'], { ratePerMinute: 3 });
      const me = () =>
        server.app.inject({ method: 'GET', url: '/api/v1/integration/me', headers: bearer(slow) });
      const answers = await Promise.all([me(), me(), me(), me(), me()]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // A minute window may turn between two calls: then more get through, never fewer refusals than
      // the limit allows within one window.
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(6);
      const refused = answers.find((answer) => answer.statusCode === 429);
      if (refused) {
        expectRefusal(refused, 429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } else expect.fail('five calls at once at 3 a minute: one must be refused');
      const otherAnswer = await server.app.inject({
        method: 'GET',
        url: '/api/v1/integration/me',
        headers: bearer(other),
      });
      expect(otherAnswer.statusCode).toBe(200);
    });

    it('every call is logged against its key, and the key remembers its last use', async () => {
      const secret = await integrationKey(server, ['orders'], { name: 'Registro' });
      const [key] = await server.database.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.secretHash, secretHash(secret)));
      expect(key?.lastUsedAt).toBeNull();
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/integration/me',
        headers: { ...bearer(secret), 'x-request-id': 'erp-call-00000001' },
      });
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/integration/nothing-here',
        headers: bearer(secret),
      });
      // onResponse runs after the answer has left: wait for the rows.
      await expect
        .poll(async () =>
          (
            await server.database.db
              .select()
              .from(integrationCalls)
              .where(eq(integrationCalls.keyId, key?.id ?? 0))
          )
            .map(({ method, path, status, requestId }) => ({ method, path, status, requestId }))
            .sort((a, b) => a.status - b.status),
        )
        .toEqual([
          { method: 'GET', path: '/api/v1/integration/me', status: 200, requestId: 'erp-call-00000001' },
          {
            method: 'GET',
            path: '/api/v1/integration/nothing-here',
            status: 404,
            requestId: expect.any(String),
          },
        ]);
      const [used] = await server.database.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, key?.id ?? 0));
      expect(used?.lastUsedAt).toBeInstanceOf(Date);
    });

    it('forgets logged calls after 90 days', async () => {
      const secret = await integrationKey(server, ['orders'], { name: 'Antigua' });
      const [key] = await server.database.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.secretHash, secretHash(secret)));
      const keyId = key?.id ?? 0;
      await server.database.db.execute(
        sql`insert into integration_calls (key_id, at, method, path, status, duration_ms, request_id) values
            (${keyId}, now() - interval '91 days', 'GET', '/api/v1/integration/orders', 200, 3, 'old-call-000001'),
            (${keyId}, now() - interval '89 days', 'GET', '/api/v1/integration/orders', 200, 3, 'kept-call-00001')`,
      );
      const context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
      expect(await pruneIntegrationCalls(context)(1_000)).toBe(1);
      const left = await server.database.db
        .select()
        .from(integrationCalls)
        .where(eq(integrationCalls.keyId, keyId));
      expect(left.map((call) => call.requestId)).toEqual(['kept-call-00001']);
    });

    it('maintenance closes the portal, not the integration area', async () => {
      const secret = await integrationKey(server, ['orders']);
      await server.database.db.execute(
        sql`insert into settings (key, value) values ('maintenance_mode', 'on') on conflict (key) do update set value = 'on'`,
      );
      try {
        const pharmacy = await server.app.inject({ method: 'GET', url: '/api/v1/configurations' });
        expect(pharmacy.statusCode).toBe(503);
        const erp = await server.app.inject({
          method: 'GET',
          url: '/api/v1/integration/me',
          headers: bearer(secret),
        });
        expect(erp.statusCode).toBe(200);
      } finally {
        await server.database.db.execute(sql`delete from settings where key = 'maintenance_mode'`);
      }
    });
  });
}

integrationAccessSuite(projectEngine());
