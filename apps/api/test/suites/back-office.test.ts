/**
 * The back office's decisions on a real database: approving and rejecting a registration request and
 * reading the audit log are the laboratory's staff's alone (401, 419, 403 without a word of the data);
 * approving creates the pharmacy (or links the existing one of the same CIF/NIF) and its main user and
 * queues the invitation; rejecting keeps the reason and mails it; each decision leaves one audit row
 * with the request before and after, and the log is narrowed by person, object and days.
 */
import { REGISTRATION_DECISION_MESSAGES, REJECTION_REASON_MAX } from '@botica/api-client/admin';
import { isValidSpanishTaxId } from '@botica/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRegistration,
  rejectRegistration,
  storeRegistration,
} from '../../src/access/registrations-service.ts';
import { recordAudit } from '../../src/audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../../src/context.ts';
import { auditLog, clients, outbox, users } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { cifFor } from '../../src/demo-data/tax-ids.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';
import { mailFor } from './reset-mail.ts';

const PORTAL = 'https://portal.botica.example';

function fields(index: number, overrides: Partial<Record<string, string>> = {}) {
  return {
    username: `alta.backoffice${index}`,
    cif: cifFor('B', 8_100_000 + index),
    pharmacy_name: `Farmacia Trastienda ${index}`,
    email: `alta${index}@farmacia-trastienda.example`,
    phone: '+34 912 345 678',
    postal_code: '28013',
    ...overrides,
  };
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

function backOfficeSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's decisions on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let ids: DemoIds;
    let adminId: number;
    let admin: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalUrl: PORTAL },
      });
      context = {
        db: server.database.db,
        settings: testSettings({ portalUrl: PORTAL }),
        now: () => new Date(),
      };
      ids = await server.demoIds();
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    /** A pending request, stored as the web form stores it (without its acknowledgements). */
    async function pendingRequest(index: number, overrides: Partial<Record<string, string>> = {}) {
      const given = fields(index, overrides);
      await storeRegistration(context, given, '127.0.0.1', { sendMail: false });
      const listed = (await admin.request('GET', '/api/v1/admin/registrations')).json().data as {
        id: number;
        username: string;
      }[];
      const found = listed.find((row) => row.username === given.username);
      if (!found) throw new Error(`request ${given.username} not stored`);
      return found.id;
    }

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    /** A refusal: the status, the error body and nothing of the request's data. */
    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Trastienda', 'backoffice'] });

    describe('who may call it', () => {
      let id: number;
      let calls: Call[];
      beforeAll(async () => {
        id = await pendingRequest(1);
        await inTransaction(context, (tx) =>
          recordAudit(tx, {
            actor: { id: adminId, username: DEMO_ACCOUNTS.admin },
            action: 'registration.noted',
            objectType: 'registration',
            objectId: id,
            before: null,
            after: { pharmacy_name: 'Farmacia Trastienda 1', username: 'alta.backoffice1' },
          }),
        );
        calls = [
          { method: 'POST', url: `/api/v1/admin/registrations/${id}/approve` },
          { method: 'POST', url: `/api/v1/admin/registrations/${id}/reject`, payload: { reason: 'No.' } },
          { method: 'GET', url: '/api/v1/admin/audit?object_type=registration' },
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of calls) expectRefused(await send(anonymous, call), 401);
      });

      it('a decision without the CSRF token → 419, even for the staff', async () => {
        for (const call of calls.filter((each) => each.method === 'POST'))
          expectRefused(await send(admin, call, false), 419);
      });

      it('a pharmacy’s user and a sales rep → 403, with nothing of the data', async () => {
        for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.comercial]) {
          const session = await loggedIn(username);
          for (const call of calls) expectRefused(await send(session, call), 403);
        }
        // Nothing was decided by the refused calls.
        expect((await findRegistration(context, id))?.status).toBe('pending');
      });

      it('the laboratory’s staff → 2xx', async () => {
        const audit = await send(admin, calls[2] as Call);
        expect(audit.statusCode).toBe(200);
        expect(audit.json().data.length).toBeGreaterThanOrEqual(1);
        const approved = await send(admin, calls[0] as Call);
        expect(approved.statusCode, approved.body).toBe(200);
        expect(approved.json().data).toMatchObject({ id, status: 'approved' });
        // Decided, a rejection is refused, with the message.
        const rejected = await send(admin, calls[1] as Call);
        expect(rejected.statusCode).toBe(409);
        expect(rejected.json()).toEqual({ message: REGISTRATION_DECISION_MESSAGES.alreadyDecided });
      });
    });

    it('lists each request with whether its CIF/NIF is valid and the pharmacy that already has it', async () => {
      const [demo] = await server.database.db.select().from(clients).where(eq(clients.id, ids.demo.clientId));
      const valid = cifFor('B', 8_150_000);
      const invalid = `${valid.slice(0, -1)}${valid.endsWith('0') ? '1' : '0'}`;
      expect(isValidSpanishTaxId(invalid)).toBe(false);
      const known = await pendingRequest(2, { cif: demo?.taxId ?? '' });
      const wrong = await pendingRequest(3, { cif: invalid });
      const fresh = await pendingRequest(4);
      const rows = (await admin.request('GET', '/api/v1/admin/registrations')).json().data as {
        id: number;
        tax_id_valid: boolean;
        matching_client: unknown;
      }[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(known)).toMatchObject({
        tax_id_valid: true,
        matching_client: { id: ids.demo.clientId, name: demo?.name },
      });
      expect(byId.get(wrong)).toMatchObject({ tax_id_valid: false, matching_client: null });
      expect(byId.get(fresh)).toMatchObject({ tax_id_valid: true, matching_client: null });

      // The pharmacy of that CIF/NIF already has its main user: approving is refused, nothing written.
      const refused = await admin.request('POST', `/api/v1/admin/registrations/${known}/approve`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: REGISTRATION_DECISION_MESSAGES.clientHasMainUser });
      expect((await findRegistration(context, known))?.status).toBe('pending');
      const logged = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.objectId, String(known)));
      expect(logged).toEqual([]);
    });

    it('approves: creates the pharmacy and its main user, queues the invitation, audits before and after', async () => {
      const id = await pendingRequest(5);
      const response = await admin.request('POST', `/api/v1/admin/registrations/${id}/approve`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      const [client] = await server.database.db
        .select()
        .from(clients)
        .where(eq(clients.taxId, fields(5).cif));
      const [user] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.username, 'alta.backoffice5'));
      expect(client).toMatchObject({
        name: 'Farmacia Trastienda 5',
        erpCode: `WEB${String(id).padStart(6, '0')}`,
      });
      expect(user).toMatchObject({ role: 'client', clientId: client?.id, parentUserId: null });
      expect(answer).toEqual({
        data: expect.objectContaining({
          id,
          status: 'approved',
          client_id: client?.id,
          rejection_reason: null,
        }),
        client: { id: client?.id, name: 'Farmacia Trastienda 5', code: client?.erpCode, created: true },
        user: { id: user?.id, username: 'alta.backoffice5' },
      });
      const invitation = await mailFor(server, 'alta5@farmacia-trastienda.example');
      expect(invitation.kind).toBe('registration_approved');
      expect(invitation.text).toContain(`${PORTAL}/login/reset_password?secret=`);

      const audit = await admin.request(
        'GET',
        `/api/v1/admin/audit?object_type=registration&object_id=${id}`,
      );
      expect(audit.json().data).toEqual([
        expect.objectContaining({
          user: { id: adminId, username: DEMO_ACCOUNTS.admin },
          action: 'registration.approved',
          object_type: 'registration',
          object_id: String(id),
          before: expect.objectContaining({ status: 'pending', client_id: null, decided_at: null }),
          after: expect.objectContaining({
            status: 'approved',
            client_id: client?.id,
            user_id: user?.id,
            client_created: true,
          }),
        }),
      ]);

      const again = await admin.request('POST', `/api/v1/admin/registrations/${id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: REGISTRATION_DECISION_MESSAGES.alreadyDecided });
      const unknown = await admin.request('POST', '/api/v1/admin/registrations/999999/approve');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: REGISTRATION_DECISION_MESSAGES.notFound });
    });

    it('approves by linking the pharmacy of the same CIF/NIF that has no main user yet', async () => {
      const taxId = cifFor('B', 8_199_999);
      const [existing] = await server.database.db
        .insert(clients)
        .values({
          name: 'Farmacia del ERP',
          taxId,
          erpCode: '43990001',
          address: 'Calle Mayor, 1',
          postalCode: '28013',
          city: 'Madrid',
          province: 'Madrid',
          phone: '912345670',
          email: 'erp@farmacia.example',
        })
        .returning({ id: clients.id });
      const id = await pendingRequest(6, { cif: taxId });
      const response = await admin.request('POST', `/api/v1/admin/registrations/${id}/approve`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        data: { status: 'approved', client_id: existing?.id },
        client: { id: existing?.id, name: 'Farmacia del ERP', code: '43990001', created: false },
        user: { username: 'alta.backoffice6' },
      });
      const created = await server.database.db.select().from(clients).where(eq(clients.taxId, taxId));
      expect(created).toHaveLength(1);
      const [user] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.username, 'alta.backoffice6'));
      expect(user).toMatchObject({ clientId: existing?.id, role: 'client', parentUserId: null });
      expect((await mailFor(server, 'alta6@farmacia-trastienda.example')).kind).toBe('registration_approved');
    });

    it('rejects: the reason is required, kept, mailed in Spanish and audited', async () => {
      const id = await pendingRequest(7);
      const url = `/api/v1/admin/registrations/${id}/reject`;
      for (const payload of [{}, { reason: '   ' }]) {
        const missing = await admin.request('POST', url, { payload });
        expect(missing.statusCode).toBe(422);
        expect(missing.json().errors).toEqual({ reason: [REGISTRATION_DECISION_MESSAGES.reasonRequired] });
      }
      const long = await admin.request('POST', url, {
        payload: { reason: 'x'.repeat(REJECTION_REASON_MAX + 1) },
      });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual({ reason: [REGISTRATION_DECISION_MESSAGES.reasonTooLong] });
      expect((await findRegistration(context, id))?.status).toBe('pending');

      const reason = 'El CIF no corresponde a una oficina de farmacia.';
      const response = await admin.request('POST', url, { payload: { reason: ` ${reason} ` } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        data: expect.objectContaining({ id, status: 'rejected', rejection_reason: reason, client_id: null }),
        client: null,
        user: null,
      });
      const mail = await mailFor(server, 'alta7@farmacia-trastienda.example');
      expect(mail.kind).toBe('registration_rejected');
      expect(mail.text).toContain('no hemos podido aprobarla');
      expect(mail.text).toContain(`Motivo: ${reason}`);
      const queued = await server.database.db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(eq(outbox.recipient, 'alta7@farmacia-trastienda.example'));
      expect(queued).toEqual([{ kind: 'registration_rejected' }]);

      const audit = await admin.request(
        'GET',
        `/api/v1/admin/audit?object_type=registration&object_id=${id}`,
      );
      expect(audit.json().data).toEqual([
        expect.objectContaining({
          action: 'registration.rejected',
          before: expect.objectContaining({ status: 'pending', rejection_reason: null }),
          after: expect.objectContaining({ status: 'rejected', rejection_reason: reason }),
        }),
      ]);
      const again = await admin.request('POST', url, { payload: { reason } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: REGISTRATION_DECISION_MESSAGES.alreadyDecided });
      const unknown = await admin.request('POST', '/api/v1/admin/registrations/999999/reject', {
        payload: { reason },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('narrows the audit log by person, object and days, newest first, a page at a time', async () => {
      const first = await pendingRequest(8);
      const second = await pendingRequest(9);
      await admin.request('POST', `/api/v1/admin/registrations/${first}/reject`, {
        payload: { reason: 'Duplicada.' },
      });
      await admin.request('POST', `/api/v1/admin/registrations/${second}/reject`, {
        payload: { reason: 'Duplicada.' },
      });
      await inTransaction(context, (tx) =>
        recordAudit(tx, {
          actor: { id: 2_000_000, username: 'otra.persona' },
          action: 'registration.noted',
          objectType: 'registration',
          objectId: first,
          before: null,
          after: { note: 'revisada' },
        }),
      );
      const read = async (query: string) => {
        const response = await admin.request('GET', `/api/v1/admin/audit?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as {
          data: { id: number; object_id: string; user: { id: number } | null; action: string }[];
          meta: { total: number; current_page: number; last_page: number };
        };
      };
      const ofFirst = await read(`object_type=registration&object_id=${first}`);
      expect(ofFirst.data.map((row) => row.action)).toEqual(['registration.noted', 'registration.rejected']);
      const byAdmin = await read(`user_id=${adminId}&object_id=${first}`);
      expect(byAdmin.data.map((row) => row.action)).toEqual(['registration.rejected']);
      const byOther = await read('user_id=2000000');
      expect(byOther.data.map((row) => row.object_id)).toEqual([String(first)]);
      // The person filter's choices: everyone in the log, by name; a pharmacy's user may not read them.
      const actors = await admin.request('GET', '/api/v1/admin/audit/actors');
      const names = (actors.json().data as { id: number; username: string }[]).map((actor) => actor.username);
      expect(names).toEqual(expect.arrayContaining(['admin.demo', 'otra.persona']));
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
      const all = await read('');
      expect(all.data.map((row) => row.id)).toEqual([...all.data.map((row) => row.id)].sort((a, b) => b - a));
      expect(all.meta).toMatchObject({ current_page: 1, total: all.data.length });

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      expect((await read(`from=${today}&to=${today}&object_id=${second}`)).data).toHaveLength(1);
      expect((await read(`from=2999-01-01&object_id=${second}`)).data).toEqual([]);
      expect((await read(`to=2000-01-01`)).data).toEqual([]);
      expect((await read('object_type=client')).data).toEqual([]);
      const beyond = await read('page=99');
      expect(beyond).toMatchObject({ data: [], meta: { current_page: 99, last_page: 1 } });

      const backwards = await admin.request('GET', '/api/v1/admin/audit?from=2026-02-02&to=2026-02-01');
      expect(backwards.statusCode).toBe(422);
      expect(Object.keys(backwards.json().errors)).toEqual(['to']);
    });

    it('answers malformed input from the staff with a 404 or a 422, never a 5xx', async () => {
      const id = await pendingRequest(11);
      for (const path of ['abc', '0', '01', '99999999999']) {
        const response = await admin.request('POST', `/api/v1/admin/registrations/${path}/approve`);
        expect(response.statusCode, path).toBe(404);
      }
      for (const reason of ['a\u0000b', 42, ['x']]) {
        const response = await admin.request('POST', `/api/v1/admin/registrations/${id}/reject`, {
          payload: { reason },
        });
        expect(response.statusCode, JSON.stringify(reason)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['reason']);
      }
      for (const query of [
        'user_id=abc',
        'user_id=0',
        `object_id=${'x'.repeat(65)}`,
        'object_type=Client;',
        'page=0',
        'from=2026-13-01',
        'object_id=a%00b',
      ]) {
        const response = await admin.request('GET', `/api/v1/admin/audit?${query}`);
        expect(response.statusCode, query).toBe(422);
      }
      expect((await findRegistration(context, id))?.status).toBe('pending');
    });

    it('writes the audit row in the decision’s transaction: a failed decision leaves neither', async () => {
      const id = await pendingRequest(10);
      // The decision's own work runs, then its transaction fails to commit.
      const { db } = context;
      const failingDb: typeof db = Object.create(db);
      failingDb.transaction = ((work: (tx: unknown) => Promise<unknown>) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('the commit fails');
        })) as typeof db.transaction;
      const failing: CoreContext = { ...context, db: failingDb };
      await expect(rejectRegistration(failing, id, { reason: 'No.' })).rejects.toThrow('the commit fails');
      expect((await findRegistration(context, id))?.status).toBe('pending');
      expect(
        await server.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.objectId, String(id))),
      ).toEqual([]);
    });
  });
}

backOfficeSuite(projectEngine());
