/**
 * The back office's API keys on a real database: admins alone list, create and revoke keys and read a
 * key's calls (401, 419, 403 without a word of the data, a sales rep too); a new key's secret is in its
 * creation's answer and nowhere else; the key calls the integration area at once, and a revocation
 * refuses its very next call; the calls list shows what the key called, newest first, and the list
 * counts the last day's calls and failures; every change is audited with the admin's name; wrong input
 * is a 422 in Spanish under its field.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, integrationCalls } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const KEYS = '/api/v1/admin/api-keys';

interface WireKey {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  rate_per_minute: number;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  calls_24h: number;
  failed_24h: number;
}

function adminIntegrationSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's API keys on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
    });
    afterAll(async () => {
      await server?.close();
    });

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    async function create(name: string, scopes = ['orders'], rate?: number) {
      const response = await admin.request('POST', KEYS, {
        payload: { name, scopes, ...(rate === undefined ? {} : { rate_per_minute: rate }) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { data: WireKey; secret: string };
    }

    const listed = async (id: number) => {
      const response = await admin.request('GET', KEYS);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as WireKey[]).find((key) => key.id === id);
    };

    const me = (secret: string, path = '/api/v1/integration/me') =>
      server.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${secret}` } });

    /** The calls' rows are written as each answer leaves: wait for `count` of them. */
    const loggedCalls = (keyId: number, count: number) =>
      expect
        .poll(
          async () =>
            (
              await server.database.db
                .select()
                .from(integrationCalls)
                .where(eq(integrationCalls.keyId, keyId))
            ).length,
        )
        .toBe(count);

    const refused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Refusable', /bk_[A-Za-z0-9_-]{20,}/] });

    describe('who may call it', () => {
      it('anonymous → 401; without the CSRF token → 419, even for an admin', async () => {
        const { data } = await create('Refusable anónima');
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        refused(await anonymous.request('GET', KEYS), 401);
        refused(await anonymous.request('POST', KEYS, { payload: { name: 'X', scopes: ['orders'] } }), 401);
        refused(await anonymous.request('POST', `${KEYS}/${data.id}/revoke`), 401);
        refused(await anonymous.request('GET', `${KEYS}/${data.id}/calls`), 401);
        refused(
          await admin.request('POST', KEYS, {
            csrf: false,
            payload: { name: 'Sin token', scopes: ['orders'] },
          }),
          419,
        );
        refused(await admin.request('POST', `${KEYS}/${data.id}/revoke`, { csrf: false }), 419);
        expect((await listed(data.id))?.revoked_at).toBeNull();
      });

      it("a pharmacy's user and a sales rep → 403 on every call, the key untouched", async () => {
        const { data } = await create('Refusable del laboratorio');
        for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.comercial]) {
          const session = await loggedIn(username);
          refused(await session.request('GET', KEYS), 403);
          refused(await session.request('POST', KEYS, { payload: { name: 'Mía', scopes: ['orders'] } }), 403);
          refused(await session.request('POST', `${KEYS}/${data.id}/revoke`), 403);
          refused(await session.request('GET', `${KEYS}/${data.id}/calls`), 403);
        }
        expect((await listed(data.id))?.revoked_at).toBeNull();
        const names = (await server.database.db.select({ name: apiKeys.name }).from(apiKeys)).map(
          (row) => row.name,
        );
        expect(names).not.toContain('Mía');
      });
    });

    it('an admin creates a key: its secret answered once, never listed; the key calls the integration area; revoked, its next call is a 401', async () => {
      const { data, secret } = await create('SAP Business One', ['documents', 'orders'], 120);
      expect(secret).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
      expect(data).toMatchObject({
        name: 'SAP Business One',
        scopes: ['orders', 'documents'],
        rate_per_minute: 120,
        created_by: DEMO_ACCOUNTS.admin,
        last_used_at: null,
        revoked_at: null,
        calls_24h: 0,
        failed_24h: 0,
      });
      expect(secret.startsWith(data.prefix)).toBe(true);
      expect(data.prefix.length).toBeLessThan(12);

      const list = await admin.request('GET', KEYS);
      expect(list.body).not.toContain(secret);
      expect(list.json().data[0].id).toBe(data.id);
      expect(list.headers['cache-control']).toContain('no-store');

      const called = await me(secret);
      expect(called.statusCode, called.body).toBe(200);
      expect(called.json().data.key).toMatchObject({ id: data.id, name: 'SAP Business One' });
      // Each call is logged after its answer has left: one logged before the next is made.
      await loggedCalls(data.id, 1);
      expect((await me(secret, '/api/v1/integration/nothing-here')).statusCode).toBe(404);
      await loggedCalls(data.id, 2);

      const calls = await admin.request('GET', `${KEYS}/${data.id}/calls`);
      expect(calls.statusCode, calls.body).toBe(200);
      expect(calls.body).not.toContain(secret);
      expect(calls.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 2 });
      const rows = calls.json().data as {
        method: string;
        path: string;
        status: number;
        request_id: string;
      }[];
      expect(rows.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
        { method: 'GET', path: '/api/v1/integration/nothing-here', status: 404 },
        { method: 'GET', path: '/api/v1/integration/me', status: 200 },
      ]);
      expect(rows[1]?.request_id).toBe(called.headers['x-request-id']);

      const counted = await listed(data.id);
      expect(counted).toMatchObject({ calls_24h: 2, failed_24h: 1 });
      expect(counted?.last_used_at).not.toBeNull();

      const revoked = await admin.request('POST', `${KEYS}/${data.id}/revoke`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().data).toMatchObject({
        id: data.id,
        revoked_by: DEMO_ACCOUNTS.admin,
        calls_24h: 2,
      });
      expect(revoked.body).not.toContain(secret);
      const after = await me(secret);
      expectRefusal(after, 401);
      expect(after.json().message).toMatch(/revocado/);

      // Twice changes nothing: the same answer, one audit row.
      const again = await admin.request('POST', `${KEYS}/${data.id}/revoke`);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.revoked_at).toBe(revoked.json().data.revoked_at);

      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'api_key'), eq(auditLog.objectId, String(data.id))))
        .orderBy(asc(auditLog.id));
      expect(audit.map((row) => row.action)).toEqual(['api_key.created', 'api_key.revoked']);
      expect(audit[0]).toMatchObject({
        username: DEMO_ACCOUNTS.admin,
        before: null,
        after: { name: 'SAP Business One', scopes: ['orders', 'documents'], rate_per_minute: 120 },
      });
      expect(JSON.stringify(audit)).not.toContain(secret);
      expect(audit[1]).toMatchObject({
        username: DEMO_ACCOUNTS.admin,
        before: { revoked_at: null },
        after: { revoked_at: revoked.json().data.revoked_at },
      });
    });

    it('a key created without a rate gets 600 a minute', async () => {
      const { data } = await create('ERP por defecto', ['stock']);
      expect(data.rate_per_minute).toBe(600);
    });

    it("a key's calls come newest first, 50 a page", async () => {
      const { data } = await create('ERP de paso', ['catalogue']);
      const at = Date.now() - 3_600_000;
      await server.database.db.insert(integrationCalls).values(
        Array.from({ length: 53 }, (_, index) => ({
          keyId: data.id,
          at: new Date(at + index * 1000),
          method: 'PUT',
          path: `/api/v1/integration/call-${index}`,
          status: index % 10 === 0 ? 500 : 200,
          durationMs: index,
          requestId: `req-${index}`,
        })),
      );
      const first = (await admin.request('GET', `${KEYS}/${data.id}/calls`)).json();
      expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 50, total: 53 });
      expect(first.data[0]).toMatchObject({ path: '/api/v1/integration/call-52', duration_ms: 52 });
      const second = (await admin.request('GET', `${KEYS}/${data.id}/calls?page=2`)).json();
      expect(second.data.map((row: { request_id: string }) => row.request_id)).toEqual([
        'req-2',
        'req-1',
        'req-0',
      ]);
      expect(await listed(data.id)).toMatchObject({ calls_24h: 53, failed_24h: 6 });
    });

    it('an unknown key → 404 for its calls and its revocation', async () => {
      refused(await admin.request('GET', `${KEYS}/999999/calls`), 404);
      refused(await admin.request('POST', `${KEYS}/999999/revoke`), 404);
    });

    it('wrong input → 422 in Spanish under its field, and no key', async () => {
      const before = (await server.database.db.select().from(apiKeys)).length;
      const cases: [unknown, string, string][] = [
        [{ name: '   ', scopes: ['orders'] }, 'name', 'Escribe un nombre.'],
        [{ name: 'x'.repeat(101), scopes: ['orders'] }, 'name', 'Máximo 100 caracteres.'],
        [{ scopes: ['orders'] }, 'name', 'Escribe un nombre.'],
        [{ name: 'ERP', scopes: [] }, 'scopes', 'Elige al menos un permiso.'],
        [{ name: 'ERP' }, 'scopes', 'Elige al menos un permiso.'],
        [{ name: 'ERP', scopes: ['orders', 'admin'] }, 'scopes', 'Permiso desconocido'],
        [{ name: 'ERP', scopes: ['orders'], rate_per_minute: 0 }, 'rate_per_minute', 'Entre 1 y 100.000'],
        [{ name: 'ERP', scopes: ['orders'], rate_per_minute: 2.5 }, 'rate_per_minute', 'Entre 1 y 100.000'],
        [
          { name: 'ERP', scopes: ['orders'], rate_per_minute: 100_001 },
          'rate_per_minute',
          'Entre 1 y 100.000',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const response = await admin.request('POST', KEYS, { payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        const body = response.json();
        expect(typeof body.message).toBe('string');
        expect(body.errors?.[field]?.[0], JSON.stringify(payload)).toContain(message);
      }
      expect((await server.database.db.select().from(apiKeys)).length).toBe(before);
    });
  });
}

adminIntegrationSuite(projectEngine());
