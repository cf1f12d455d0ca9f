/**
 * Every endpoint of the back office's area, as defined once in `@botica/api-client/admin`, refuses
 * before it reads anything: anonymous → 401, a change without the CSRF token → 419 (even an admin's),
 * a pharmacy's user → 403, a sales rep → 403 on the admins' endpoints; each refusal is the error body
 * alone. A new endpoint is covered the day it is defined. What a sales rep may see of the `staff`
 * endpoints (his pharmacies, 403 for another rep's) is each area's own suite's.
 */
import { adminEndpoints } from '@botica/api-client/admin';
import { type Endpoint, fillPath, pathParamNames } from '@botica/api-client/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** Every admin endpoint, named `group.name`, with a path whose parameters are filled with 1. */
const ENDPOINTS: { name: string; endpoint: Endpoint; url: string }[] = Object.entries(adminEndpoints).flatMap(
  ([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${group}.${name}`,
      endpoint,
      url: fillPath(
        endpoint.path,
        Object.fromEntries(pathParamNames(endpoint.path).map((param) => [param, 1])),
      ),
    })),
);

function adminGuardsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`every back-office endpoint's guard on ${engine}`, () => {
    let server: TestServer;
    let anonymous: InjectSession;
    let pharmacist: InjectSession;
    let salesRep: InjectSession;
    let admin: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      anonymous = new InjectSession(server.app);
      await anonymous.csrf();
      const loggedIn = async (username: string) => {
        const session = new InjectSession(server.app);
        expect((await session.login(username)).statusCode).toBe(200);
        return session;
      };
      pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
      salesRep = await loggedIn(DEMO_ACCOUNTS.comercial);
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
    });
    afterAll(() => server?.close());

    const call = (session: InjectSession, { endpoint, url }: (typeof ENDPOINTS)[number], csrf = true) =>
      session.request(endpoint.method, url, {
        csrf,
        ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
      });

    /** A refusal: the status and the error body, nothing else. */
    const expectRefused = (response: LightMyRequestResponse, status: number, what: string) =>
      expectRefusal(response, status, { what });

    it('the area has endpoints, every one under /api/v1/admin/ and guarded as staff or admin', () => {
      expect(ENDPOINTS.length).toBeGreaterThanOrEqual(4);
      for (const { name, endpoint } of ENDPOINTS) {
        expect(endpoint.path, name).toMatch(/^\/api\/v1\/admin\//);
        expect(['admin', 'staff'], name).toContain(endpoint.access);
      }
    });

    it('anonymous → 401', async () => {
      for (const each of ENDPOINTS) expectRefused(await call(anonymous, each), 401, each.name);
    });

    it("a change without the CSRF token → 419, even the admin's", async () => {
      for (const each of ENDPOINTS.filter(({ endpoint }) => endpoint.method !== 'GET'))
        expectRefused(await call(admin, each, false), 419, each.name);
    });

    it("a pharmacy's user → 403", async () => {
      for (const each of ENDPOINTS) expectRefused(await call(pharmacist, each), 403, each.name);
    });

    it("a sales rep → 403 on the admins' endpoints", async () => {
      for (const each of ENDPOINTS.filter(({ endpoint }) => endpoint.access === 'admin'))
        expectRefused(await call(salesRep, each), 403, each.name);
    });

    it('the admin gets past the guard on every one (any answer but 401, 403 or 419)', async () => {
      for (const each of ENDPOINTS) {
        const response = await call(admin, each);
        expect([401, 403, 419], `${each.name}: ${response.body}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${each.name}: ${response.body}`).toBeLessThan(500);
      }
    });
  });
}

adminGuardsSuite(projectEngine());
