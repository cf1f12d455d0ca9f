/**
 * The back office's configuration on a real database: reading and changing the order rules and the
 * maintenance switch are the admins' alone (401, 419, 403 without a word of the data); amounts are
 * read as the staff type them, refused in Spanish under their field; each change leaves an audit row
 * with the state before and after. In maintenance a pharmacy gets the 503 on every call and page, its
 * login included (no session starts), while the staff's back office, its calls and the health checks
 * keep working.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIGURATION_MESSAGES } from '@botica/api-client/admin';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SHOW = '/api/v1/admin/configuration';
const ORDER_RULES = '/api/v1/admin/configuration/order-rules';
const MAINTENANCE = '/api/v1/admin/configuration/maintenance';
const MAINTENANCE_MESSAGE = 'Servicio en mantenimiento. Volveremos a estar disponibles en breve.';

interface Call {
  method: 'GET' | 'PUT';
  url: string;
  payload?: unknown;
}

function configurationSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's configuration on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let adminId: number;
    /** The demo's order rules, as seeded (restored by the test that changes them). */
    let seeded: { order_minimum_amount: number; maximum_purchase_per_month: number; maintenance: boolean };
    const dists: string[] = [];

    /** A build folder with its index page, as the server serves a frontend from it. */
    function dist(title: string): string {
      const folder = mkdtempSync(join(tmpdir(), 'admin-configuration-'));
      writeFileSync(
        join(folder, 'index.html'),
        `<!doctype html><html lang="es"><head><title>${title}</title></head><div id="root"></div></html>`,
      );
      dists.push(folder);
      return folder;
    }

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalDist: dist('Portal'), backofficeDist: dist('Back office') },
      });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
      seeded = (await admin.request('GET', SHOW)).json().data;
      expect(seeded.maintenance).toBe(false);
    });
    afterAll(async () => {
      await server?.close();
      for (const folder of dists) rmSync(folder, { recursive: true, force: true });
    });

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['order_minimum_amount', 'maintenance'] });

    async function lastAudit(objectId: string) {
      const [row] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'configuration'), eq(auditLog.objectId, objectId)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    }

    const rules = (minimum: string, cap: string) => ({
      order_minimum_amount: minimum,
      maximum_purchase_per_month: cap,
    });

    describe('who may call it', () => {
      const calls: Call[] = [
        { method: 'GET', url: SHOW },
        { method: 'PUT', url: ORDER_RULES, payload: rules('5', '10000') },
        { method: 'PUT', url: MAINTENANCE, payload: { on: true } },
      ];

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of calls) expectRefused(await send(anonymous, call), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of calls.filter((each) => each.method === 'PUT'))
          expectRefused(await send(admin, call, false), 419);
      });

      it('a pharmacy’s user and a sales rep → 403, with nothing of the data, and nothing changed', async () => {
        for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.comercial]) {
          const session = await loggedIn(username);
          for (const call of calls) expectRefused(await send(session, call), 403);
        }
        expect((await admin.request('GET', SHOW)).json().data).toEqual(seeded);
      });
    });

    it('an admin changes the order rules as he types them; the portal reads them, the audit keeps before and after', async () => {
      const saved = await admin.request('PUT', ORDER_RULES, { payload: rules('1.500,00', '10.000') });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({
        data: { order_minimum_amount: 1500, maximum_purchase_per_month: 10_000, maintenance: false },
      });
      const pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
      const listed = (await pharmacist.request('GET', '/api/v1/configurations?per_page=500')).json().data;
      expect(listed).toContainEqual({ key: 'order_minimum_amount', value: '1500' });
      expect(await lastAudit('order_rules')).toMatchObject({
        userId: adminId,
        username: DEMO_ACCOUNTS.admin,
        action: 'configuration.order_rules_changed',
        before: {
          order_minimum_amount: seeded.order_minimum_amount,
          maximum_purchase_per_month: seeded.maximum_purchase_per_month,
        },
        after: { order_minimum_amount: 1500, maximum_purchase_per_month: 10_000 },
      });

      const cents = await admin.request('PUT', ORDER_RULES, { payload: rules('150,50', '3000') });
      expect(cents.json().data).toMatchObject({
        order_minimum_amount: 150.5,
        maximum_purchase_per_month: 3000,
      });
      expect(await lastAudit('order_rules')).toMatchObject({
        before: { order_minimum_amount: 1500, maximum_purchase_per_month: 10_000 },
        after: { order_minimum_amount: 150.5, maximum_purchase_per_month: 3000 },
      });
      const back = await admin.request('PUT', ORDER_RULES, {
        payload: rules(String(seeded.order_minimum_amount), String(seeded.maximum_purchase_per_month)),
      });
      expect(back.json().data).toEqual(seeded);
    });

    it('refuses a wrong amount with 422 and the Spanish message under its field, changing nothing', async () => {
      const before = (await admin.request('GET', SHOW)).json();
      const cases: [Record<string, unknown>, string, string][] = [
        [rules('', '10000'), 'order_minimum_amount', CONFIGURATION_MESSAGES.amountRequired],
        [rules('0', '-5'), 'maximum_purchase_per_month', CONFIGURATION_MESSAGES.amountNegative],
        [rules('abc', '10000'), 'order_minimum_amount', CONFIGURATION_MESSAGES.amountInvalid],
        [rules('12,345', '10000'), 'order_minimum_amount', CONFIGURATION_MESSAGES.amountInvalid],
        [rules('10.000,01', '10.000'), 'order_minimum_amount', CONFIGURATION_MESSAGES.minimumAboveCap],
        [{ order_minimum_amount: '5' }, 'maximum_purchase_per_month', CONFIGURATION_MESSAGES.amountRequired],
      ];
      for (const [payload, field, message] of cases) {
        const response = await admin.request('PUT', ORDER_RULES, { payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        const body = response.json();
        expect(body.message).toBe(message);
        expect(body.errors[field]).toEqual([message]);
      }
      expect((await admin.request('GET', SHOW)).json()).toEqual(before);
      const badSwitch = await admin.request('PUT', MAINTENANCE, { payload: { on: 'yes' } });
      expect(badSwitch.statusCode).toBe(422);
      expect(badSwitch.json().errors.on).toEqual([CONFIGURATION_MESSAGES.maintenanceRequired]);
    });

    describe('in maintenance', () => {
      let pharmacist: InjectSession;
      let salesRep: InjectSession;

      beforeAll(async () => {
        pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
        salesRep = await loggedIn(DEMO_ACCOUNTS.comercial);
        const on = await admin.request('PUT', MAINTENANCE, { payload: { on: true } });
        expect(on.statusCode, on.body).toBe(200);
        expect(on.json().data.maintenance).toBe(true);
      });
      afterAll(async () => {
        await admin.request('PUT', MAINTENANCE, { payload: { on: false } });
      });

      it('is audited with the state before and after', async () => {
        expect(await lastAudit('maintenance')).toMatchObject({
          userId: adminId,
          action: 'configuration.maintenance_on',
          before: { maintenance: false },
          after: { maintenance: true },
        });
      });

      it('answers a pharmacy’s user 503 on every call and the portal’s pages 503', async () => {
        for (const url of ['/api/v1/user', '/api/v1/cart', '/api/v1/configurations', '/api/v1/laboratory']) {
          const response = await pharmacist.request('GET', url);
          expect(response.statusCode, url).toBe(503);
          expect(response.json()).toEqual({ message: MAINTENANCE_MESSAGE });
          expect(response.headers['retry-after']).toBe('120');
        }
        expect((await pharmacist.request('GET', SHOW)).statusCode).toBe(503);
        for (const url of ['/', '/catalogo']) {
          const page = await pharmacist.request('GET', url);
          expect(page.statusCode, url).toBe(503);
          expect(page.body).toContain('La página esta en mantenimiento.');
        }
      });

      it('refuses a pharmacist’s login with the 503 after the password check, and starts no session', async () => {
        const attempt = new InjectSession(server.app);
        const refused = await attempt.login(DEMO_ACCOUNTS.norte);
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.json()).toEqual({ message: MAINTENANCE_MESSAGE });
        expect(refused.cookies.map((cookie: { name: string }) => cookie.name)).not.toContain(
          'botica_session',
        );
        // A wrong password reads as any wrong password: the 503 tells nothing to who lacks it.
        const guess = new InjectSession(server.app);
        const wrong = await guess.login(DEMO_ACCOUNTS.norte, 'not-the-password');
        expect(wrong.statusCode).toBe(422);
        const unknown = await new InjectSession(server.app).login('nobody.at.all', 'not-the-password');
        expect(unknown.statusCode).toBe(422);
        expect(wrong.json()).toEqual(unknown.json());
        // The refused attempt holds no session: the back office's first call answers it 401.
        expect((await attempt.request('GET', '/api/v1/user')).statusCode).toBe(401);
      });

      it('keeps the back office working for the staff: its pages, its calls, login and logout', async () => {
        for (const url of [SHOW, '/api/v1/admin/registrations', '/api/v1/admin/audit', '/api/v1/user']) {
          const response = await admin.request('GET', url);
          expect(response.statusCode, url).toBe(200);
        }
        const saved = await admin.request('PUT', MAINTENANCE, { payload: { on: true } });
        expect(saved.statusCode, saved.body).toBe(200);
        for (const url of ['/backoffice/', '/backoffice/registrations', '/backoffice/configuration']) {
          const page = await admin.request('GET', url);
          expect(page.statusCode, url).toBe(200);
          expect(page.body).toContain('Back office');
        }
        // A new staff session starts and ends.
        const another = await loggedIn(DEMO_ACCOUNTS.admin);
        expect((await another.request('GET', SHOW)).statusCode).toBe(200);
        expect((await another.request('GET', '/api/v1/auth/logout')).statusCode).toBe(204);
        expect((await another.request('GET', SHOW)).statusCode).toBe(401);
        // A sales rep reads his back office (and is still refused what is the admins').
        expect((await salesRep.request('GET', '/api/v1/user')).statusCode).toBe(200);
        expect((await salesRep.request('GET', SHOW)).statusCode).toBe(403);
        const repLogin = await new InjectSession(server.app).login(DEMO_ACCOUNTS.comercial);
        expect(repLogin.statusCode).toBe(200);
      });

      it('keeps the health checks and an anonymous visitor’s 401 on the back office’s calls', async () => {
        for (const url of ['/healthz', '/readyz'])
          expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expect(anonymous.csrfToken).toBeDefined();
        expect((await anonymous.request('GET', '/api/v1/user')).statusCode).toBe(401);
        expect((await anonymous.request('GET', SHOW)).statusCode).toBe(401);
        expect((await anonymous.request('GET', '/api/v1/catalogue')).statusCode).toBe(503);
      });

      it('ends when the admin turns it off: the pharmacy works again, the audit says so', async () => {
        const off = await admin.request('PUT', MAINTENANCE, { payload: { on: false } });
        expect(off.json().data.maintenance).toBe(false);
        expect((await pharmacist.request('GET', '/api/v1/user')).statusCode).toBe(200);
        expect((await new InjectSession(server.app).login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
        expect((await pharmacist.request('GET', '/')).statusCode).toBe(200);
        expect(await lastAudit('maintenance')).toMatchObject({
          action: 'configuration.maintenance_off',
          before: { maintenance: true },
          after: { maintenance: false },
        });
      });
    });
  });
}

configurationSuite(projectEngine());
