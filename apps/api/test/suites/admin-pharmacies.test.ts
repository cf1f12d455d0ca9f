/**
 * The back office's pharmacies on a real database: who may read and change them (401, 419, 403
 * without a word of the data; a sales rep reads his own pharmacies only), the search by every field
 * with and without accents, one pharmacy whole, each change with its audit row (and the pharmacy's
 * next cart save priced by the new conditions), a deactivation that ends the user's sessions at once,
 * a new password link that works, the PDF the pharmacist downloads, and the Spanish 422s.
 */
import { ADMIN_PHARMACY_MESSAGES } from '@botica/api-client/admin';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearch } from '../../src/accounts/admin-pharmacies-service.ts';
import { hashPassword } from '../../src/accounts/password.ts';
import {
  auditLog,
  clients,
  discountGroups,
  outbox,
  products,
  salesReps,
  users,
} from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo-data/index.ts';
import { cifFor } from '../../src/demo-data/tax-ids.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';
import { mailFor, secretIn } from './reset-mail.ts';

const PORTAL = 'https://portal.botica.example';
const BASE = '/api/v1/admin/pharmacies';

/** The suite's own pharmacy: accents in its name and city, a dashed ERP code, its own users. */
const OWN = {
  name: 'Farmacia Íñiguez Mañé',
  city: 'Ávila',
  province: 'Ávila',
  taxId: cifFor('B', 8_300_001),
  erpCode: 'ZQ-778899',
  main: 'iñiguez.titular',
  sub: 'iniguez.mostrador',
  mainEmail: 'titular@farmacia-iniguez.example',
  subEmail: 'mostrador@farmacia-iniguez.example',
};

interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: unknown;
}

type Row = { id: number; name: string; sales_rep: { id: number } | null };

function adminPharmaciesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's pharmacies on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let admin: InjectSession;
    let adminId: number;
    let comercial: InjectSession;
    let repId: number;
    let otherRepId: number;
    let own: { clientId: number; mainId: number; subId: number };
    let demoUsers: Map<string, number>;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalUrl: PORTAL },
      });
      ids = await server.demoIds();
      const db = server.database.db;
      const [rep] = await db
        .select({ salesRepId: users.salesRepId })
        .from(users)
        .where(eq(users.username, DEMO_ACCOUNTS.comercial));
      repId = rep?.salesRepId ?? 0;
      const [norte] = await db.select().from(clients).where(eq(clients.id, ids.norte.clientId));
      otherRepId = norte?.salesRepId ?? 0;
      expect(repId).toBeGreaterThan(0);
      expect(otherRepId).toBeGreaterThan(0);
      expect(otherRepId).not.toBe(repId);

      const [client] = await db
        .insert(clients)
        .values({
          name: OWN.name,
          taxId: OWN.taxId,
          erpCode: OWN.erpCode,
          address: 'Calle Reyes Católicos, 3',
          postalCode: '05001',
          city: OWN.city,
          province: OWN.province,
          phone: '920000000',
          email: 'farmacia@farmacia-iniguez.example',
          salesRepId: otherRepId,
        })
        .returning({ id: clients.id });
      const clientId = client?.id ?? 0;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const [main] = await db
        .insert(users)
        .values({
          username: OWN.main,
          passwordHash,
          name: 'Pilar Íñiguez',
          email: OWN.mainEmail,
          role: 'client',
          clientId,
        })
        .returning({ id: users.id });
      const [sub] = await db
        .insert(users)
        .values({
          username: OWN.sub,
          passwordHash,
          name: 'Ana Mostrador',
          email: OWN.subEmail,
          role: 'client',
          clientId,
          parentUserId: main?.id ?? null,
          canViewInvoices: false,
        })
        .returning({ id: users.id });
      own = { clientId, mainId: main?.id ?? 0, subId: sub?.id ?? 0 };

      const demoRows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.clientId, ids.demo.clientId));
      demoUsers = new Map(demoRows.map((row) => [row.username, row.id]));

      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
      comercial = await loggedIn(DEMO_ACCOUNTS.comercial);
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    /** A refusal: the status and a message, nothing of the pharmacy's data. */
    const expectRefused = (response: LightMyRequestResponse, status: number, what: string) =>
      expectRefusal(response, status, { what, hidden: [/Farmacia [A-ZÁÉÍÓÚ]|[Ii]ñ?niguez|@/] });

    /** The audit rows of one object, oldest first. */
    async function auditOf(objectType: string, objectId: number) {
      const response = await admin.request(
        'GET',
        `/api/v1/admin/audit?object_type=${objectType}&object_id=${objectId}`,
      );
      expect(response.statusCode).toBe(200);
      return (response.json().data as Record<string, unknown>[]).reverse();
    }

    async function list(
      session: InjectSession,
      query = '',
    ): Promise<{ data: Row[]; meta: { total: number } }> {
      const response = await session.request('GET', `${BASE}${query ? `?${query}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    async function firstInvoiceOf(session: InjectSession, clientId: number) {
      const response = await session.request('GET', `/api/v1/clients/${clientId}/invoices?per_page=1`);
      expect(response.statusCode, response.body).toBe(200);
      const [invoice] = response.json().data as { id: number; number: string; pdf_url: string }[];
      if (!invoice) throw new Error('the demo pharmacy has no invoice');
      return invoice;
    }

    describe('who may call it', () => {
      let adminOnly: Call[];
      let staff: Call[];
      let norteInvoiceId: number;
      let demoInvoiceId: number;

      beforeAll(async () => {
        const norte = await loggedIn(DEMO_ACCOUNTS.norte);
        norteInvoiceId = (await firstInvoiceOf(norte, ids.norte.clientId)).id;
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        demoInvoiceId = (await firstInvoiceOf(demo, ids.demo.clientId)).id;
        const subId = demoUsers.get('demo.almacen') ?? 0;
        adminOnly = [
          { method: 'PATCH', url: `${BASE}/${ids.demo.clientId}`, payload: { recargo_equivalencia: true } },
          {
            method: 'PATCH',
            url: `${BASE}/${ids.demo.clientId}/users/${subId}`,
            payload: { is_active: true },
          },
          { method: 'POST', url: `${BASE}/${ids.demo.clientId}/users/${subId}/invitation` },
          { method: 'POST', url: `${BASE}/${ids.demo.clientId}/users/${subId}/sessions/end` },
        ];
        staff = [
          { method: 'GET', url: BASE },
          { method: 'GET', url: `${BASE}/${ids.demo.clientId}` },
          { method: 'GET', url: `/api/v1/admin/documents/${demoInvoiceId}/pdf` },
          { method: 'GET', url: '/api/v1/admin/sales-reps' },
          { method: 'GET', url: '/api/v1/admin/discount-groups' },
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of [...adminOnly, ...staff])
          expectRefused(await send(anonymous, call), 401, `${call.method} ${call.url}`);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of adminOnly)
          expectRefused(await send(admin, call, false), 419, `${call.method} ${call.url}`);
      });

      it('a pharmacy’s user → 403 everywhere', async () => {
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        for (const call of [...adminOnly, ...staff])
          expectRefused(await send(demo, call), 403, `${call.method} ${call.url}`);
      });

      it('a sales rep → 403 on every change, and on another rep’s pharmacy (farmacia.norte)', async () => {
        for (const call of adminOnly)
          expectRefused(await send(comercial, call), 403, `${call.method} ${call.url}`);
        expectRefused(await comercial.request('GET', `${BASE}/${ids.norte.clientId}`), 403, 'norte');
        expectRefused(await comercial.request('GET', `${BASE}/${own.clientId}`), 403, 'own');
        expectRefused(
          await comercial.request('GET', `/api/v1/admin/documents/${norteInvoiceId}/pdf`),
          403,
          'norte’s PDF',
        );
        // His own pharmacy he reads.
        for (const call of staff) {
          const response = await send(comercial, call);
          expect(response.statusCode, `${call.url}: ${response.body}`).toBe(200);
        }
      });

      it('unknown pharmacies, users and documents → 404', async () => {
        expectRefused(await admin.request('GET', `${BASE}/999999`), 404, 'pharmacy');
        expectRefused(
          await admin.request('PATCH', `${BASE}/999999`, { payload: { recargo_equivalencia: true } }),
          404,
          'change',
        );
        expectRefused(await admin.request('GET', '/api/v1/admin/documents/999999/pdf'), 404, 'PDF');
        // A user of another pharmacy is not this one's.
        const demoMain = demoUsers.get(DEMO_ACCOUNTS.demo) ?? 0;
        for (const call of [
          {
            method: 'PATCH',
            url: `${BASE}/${own.clientId}/users/${demoMain}`,
            payload: { is_active: false },
          },
          { method: 'POST', url: `${BASE}/${own.clientId}/users/${demoMain}/invitation` },
          { method: 'POST', url: `${BASE}/${own.clientId}/users/${demoMain}/sessions/end` },
        ] as Call[]) {
          const response = await send(admin, call);
          expectRefused(response, 404, call.url);
          expect(response.json().message).toBe(ADMIN_PHARMACY_MESSAGES.userNotFound);
        }
        const [demoMainRow] = await server.database.db.select().from(users).where(eq(users.id, demoMain));
        expect(demoMainRow?.isActive).toBe(true);
      });
    });

    describe('the list', () => {
      it('finds a pharmacy by each field, with and without accents, in any case', async () => {
        const queries = [
          'Íñiguez',
          'iniguez',
          'INIGUEZ MAÑE',
          'avila',
          'ÁVILA',
          OWN.taxId.toLowerCase(),
          OWN.taxId.slice(2, 7),
          'zq-778899',
          'ZQ778899',
          'ZQ 778 899',
          'iñiguez.titular',
          'INIGUEZ.TIT',
          'niguez.mostr',
        ];
        for (const q of queries) {
          const found = await list(admin, `q=${encodeURIComponent(q)}`);
          expect(
            found.data.map((row) => row.id),
            q,
          ).toContain(own.clientId);
        }
        expect((await list(admin, 'q=zzzz-ninguna-farmacia')).data).toEqual([]);
        // '%' and '_' are what they are, not patterns.
        expect((await list(admin, 'q=%25')).data).toEqual([]);
      });

      it('answers the row: rep, group, recargo, users and last order', async () => {
        const found = await list(admin, `q=${encodeURIComponent(OWN.erpCode)}`);
        const [rep] = await server.database.db.select().from(salesReps).where(eq(salesReps.id, otherRepId));
        expect(found.data).toEqual([
          {
            id: own.clientId,
            name: OWN.name,
            tax_id: OWN.taxId,
            erp_code: OWN.erpCode,
            city: OWN.city,
            province: OWN.province,
            sales_rep: { id: otherRepId, name: rep?.name },
            discount_group: null,
            recargo_equivalencia: true,
            users_count: 2,
            last_order_at: null,
          },
        ]);
        const demo = (await list(admin, `q=${encodeURIComponent(DEMO_ACCOUNTS.demo)}`)).data.find(
          (row) => row.id === ids.demo.clientId,
        ) as Record<string, unknown> | undefined;
        expect(demo).toMatchObject({
          discount_group: { name: 'Farmacias Oro', discount_percent: 5 },
          users_count: 4,
          last_order_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      });

      it('narrows by rep and by group, 50 a page by name', async () => {
        const all = await list(admin);
        expect(all.data.length).toBeLessThanOrEqual(50);
        const names = all.data.map((row) => foldSearch(row.name));
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        const byRep = await list(admin, `sales_rep_id=${otherRepId}`);
        expect(byRep.data.length).toBeGreaterThan(0);
        expect(byRep.data.every((row) => row.sales_rep?.id === otherRepId)).toBe(true);
        expect(byRep.data.map((row) => row.id)).toContain(own.clientId);
        const [oro] = await server.database.db
          .select()
          .from(discountGroups)
          .where(eq(discountGroups.name, 'Farmacias Oro'));
        const byGroup = (await list(admin, `discount_group_id=${oro?.id}`)) as unknown as {
          data: { id: number; discount_group: { id: number } | null }[];
        };
        expect(byGroup.data.map((row) => row.id)).toContain(ids.demo.clientId);
        expect(byGroup.data.every((row) => row.discount_group?.id === oro?.id)).toBe(true);
        const beyond = await admin.request('GET', `${BASE}?page=999`);
        expect(beyond.json()).toMatchObject({ data: [], meta: { current_page: 999 } });
      });

      it('a sales rep lists only his pharmacies, and the lookups narrow to him', async () => {
        const his = await list(comercial);
        const everyone = await list(admin);
        expect(his.meta.total).toBeGreaterThan(0);
        expect(his.meta.total).toBeLessThan(everyone.meta.total);
        expect(his.data.every((row) => row.sales_rep?.id === repId)).toBe(true);
        expect(his.data.map((row) => row.id)).toContain(ids.demo.clientId);
        expect(his.data.map((row) => row.id)).not.toContain(ids.norte.clientId);
        // Asking for another rep's pharmacies gives none, not theirs.
        expect((await list(comercial, `sales_rep_id=${otherRepId}`)).data).toEqual([]);
        expect((await list(comercial, 'q=iniguez')).data).toEqual([]);

        const reps = (await comercial.request('GET', '/api/v1/admin/sales-reps')).json().data;
        expect(reps).toEqual([expect.objectContaining({ id: repId, pharmacies_count: his.meta.total })]);
        const allReps = (await admin.request('GET', '/api/v1/admin/sales-reps')).json().data as {
          id: number;
          pharmacies_count: number;
        }[];
        expect(allReps.map((rep) => rep.id)).toEqual(expect.arrayContaining([repId, otherRepId]));
        const groups = (await comercial.request('GET', '/api/v1/admin/discount-groups')).json().data;
        expect(groups).toEqual(
          expect.arrayContaining([{ id: expect.any(Number), name: 'Farmacias Oro', discount_percent: 5 }]),
        );
      });
    });

    it('reads one pharmacy whole: data, shops, users, latest orders, invoices and refunds', async () => {
      const response = await comercial.request('GET', `${BASE}/${ids.demo.clientId}`);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      const [client] = await server.database.db
        .select()
        .from(clients)
        .where(eq(clients.id, ids.demo.clientId));
      expect(data).toMatchObject({
        id: ids.demo.clientId,
        name: client?.name,
        address: client?.address,
        postal_code: client?.postalCode,
        phone: client?.phone,
        email: client?.email,
        sales_rep: { id: repId },
        discount_group: { name: 'Farmacias Oro', discount_percent: 5 },
      });
      expect(data.shops.length).toBeGreaterThanOrEqual(1);
      // The main user first, then the sub-users.
      const usernames = (data.users as { username: string }[]).map((user) => user.username);
      expect(usernames[0]).toBe(DEMO_ACCOUNTS.demo);
      expect([...usernames.slice(1)].sort()).toEqual(['demo.almacen', 'demo.mostrador', 'demo.tarde']);
      const byName = new Map(
        (data.users as { username: string }[]).map((user) => [
          user.username,
          user as Record<string, unknown>,
        ]),
      );
      expect(byName.get(DEMO_ACCOUNTS.demo)).toMatchObject({
        is_main_user: true,
        is_active: true,
        permissions: { can_send_orders: true, can_view_invoices: true },
      });
      expect(byName.get('demo.almacen')).toMatchObject({
        is_main_user: false,
        permissions: { can_send_orders: false, can_view_invoices: true },
      });
      expect(byName.get('demo.tarde')).toMatchObject({ permissions: { can_view_invoices: false } });

      // The orders and documents are the pharmacist's own, newest first.
      const demo = await loggedIn(DEMO_ACCOUNTS.demo);
      const orders = (
        await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/orders?per_page=10`)
      ).json().data as {
        id: number;
        number: string;
        status: string;
        total_price: number;
        created_at: string;
      }[];
      expect(data.latest_orders).toEqual(
        orders.slice(0, 10).map(({ id, number, status, total_price, created_at }) => ({
          id,
          number,
          status,
          total_price,
          created_at,
        })),
      );
      expect(data.last_order_at).toBe(orders[0]?.created_at);
      const invoices = (
        await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/invoices?per_page=20`)
      ).json().data as { id: number; number: string; total_price: number }[];
      expect(data.invoices.length).toBe(Math.min(20, invoices.length));
      expect(data.invoices[0]).toEqual({
        id: invoices[0]?.id,
        number: invoices[0]?.number,
        issued_at: expect.any(String),
        total_price: invoices[0]?.total_price,
        pdf_url: expect.stringMatching(new RegExp(`/api/v1/admin/documents/${invoices[0]?.id}/pdf$`)),
      });
      expect(Array.isArray(data.refunds)).toBe(true);
    });

    it('serves the same PDF bytes the pharmacist downloads', async () => {
      const demo = await loggedIn(DEMO_ACCOUNTS.demo);
      const invoice = await firstInvoiceOf(demo, ids.demo.clientId);
      const pharmacist = await demo.request('GET', new URL(invoice.pdf_url, 'http://localhost').pathname);
      expect(pharmacist.statusCode).toBe(200);
      for (const session of [admin, comercial]) {
        const staffs = await session.request('GET', `/api/v1/admin/documents/${invoice.id}/pdf`);
        expect(staffs.statusCode, staffs.body).toBe(200);
        expect(staffs.headers['content-type']).toBe('application/pdf');
        expect(staffs.headers['content-disposition']).toBe(pharmacist.headers['content-disposition']);
        expect(staffs.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(staffs.rawPayload.equals(pharmacist.rawPayload)).toBe(true);
      }
    });

    describe('changes', () => {
      it('changes the group, the rep and the recargo, audited; the next cart save is priced by them', async () => {
        const [platino] = await server.database.db
          .select()
          .from(discountGroups)
          .where(eq(discountGroups.name, 'Farmacias Platino'));
        const [product] = await server.database.db.select({ id: products.id }).from(products).limit(1);
        const pharmacist = await loggedIn(OWN.main);
        const save = async () => {
          const response = await pharmacist.request('POST', '/api/v1/cart', {
            payload: { products: [{ id: product?.id, quantity: 2 }] },
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json() as {
            recargo_equivalencia: boolean;
            surcharges: unknown[];
            discounts: { discount_percent?: number }[];
          };
        };
        const before = await save();
        expect(before.recargo_equivalencia).toBe(true);
        expect(before.surcharges.length).toBeGreaterThan(0);
        expect(before.discounts).toEqual([]);

        const response = await admin.request('PATCH', `${BASE}/${own.clientId}`, {
          payload: { discount_group_id: platino?.id, sales_rep_id: repId, recargo_equivalencia: false },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data).toMatchObject({
          id: own.clientId,
          discount_group: { id: platino?.id, name: 'Farmacias Platino', discount_percent: 8 },
          sales_rep: { id: repId },
          recargo_equivalencia: false,
          users: expect.any(Array),
        });
        const after = await save();
        expect(after.recargo_equivalencia).toBe(false);
        expect(after.surcharges).toEqual([]);
        expect(after.discounts).toEqual([expect.objectContaining({ discount_percent: 8 })]);

        // The rep now sees it, and its PDF-less detail.
        expect((await comercial.request('GET', `${BASE}/${own.clientId}`)).statusCode).toBe(200);

        // null clears; the same values again change (and audit) nothing.
        const cleared = await admin.request('PATCH', `${BASE}/${own.clientId}`, {
          payload: { discount_group_id: null, sales_rep_id: null },
        });
        expect(cleared.json().data).toMatchObject({
          discount_group: null,
          sales_rep: null,
          recargo_equivalencia: false,
        });
        const same = await admin.request('PATCH', `${BASE}/${own.clientId}`, {
          payload: { sales_rep_id: null },
        });
        expect(same.statusCode).toBe(200);
        await admin.request('PATCH', `${BASE}/${own.clientId}`, {
          payload: { sales_rep_id: otherRepId, recargo_equivalencia: true },
        });

        expect(await auditOf('client', own.clientId)).toEqual([
          expect.objectContaining({
            user: { id: adminId, username: DEMO_ACCOUNTS.admin },
            action: 'client.conditions_changed',
            before: { discount_group_id: null, sales_rep_id: otherRepId, recargo_equivalencia: true },
            after: { discount_group_id: platino?.id, sales_rep_id: repId, recargo_equivalencia: false },
          }),
          expect.objectContaining({
            before: { discount_group_id: platino?.id, sales_rep_id: repId, recargo_equivalencia: false },
            after: { discount_group_id: null, sales_rep_id: null, recargo_equivalencia: false },
          }),
          expect.objectContaining({
            before: { discount_group_id: null, sales_rep_id: null, recargo_equivalencia: false },
            after: { discount_group_id: null, sales_rep_id: otherRepId, recargo_equivalencia: true },
          }),
        ]);
      });

      it('refuses unknown ids and wrong values under their fields, in Spanish, changing nothing', async () => {
        const url = `${BASE}/${own.clientId}`;
        const unknown = await admin.request('PATCH', url, {
          payload: { discount_group_id: 999_999, sales_rep_id: 999_999, recargo_equivalencia: false },
        });
        expect(unknown.statusCode).toBe(422);
        expect(unknown.json()).toEqual({
          message: expect.any(String),
          errors: {
            discount_group_id: [ADMIN_PHARMACY_MESSAGES.discountGroupUnknown],
            sales_rep_id: [ADMIN_PHARMACY_MESSAGES.salesRepUnknown],
          },
        });
        for (const [payload, field, message] of [
          [{ recargo_equivalencia: 'sí' }, 'recargo_equivalencia', ADMIN_PHARMACY_MESSAGES.recargoInvalid],
          [{ discount_group_id: 'abc' }, 'discount_group_id', ADMIN_PHARMACY_MESSAGES.idInvalid],
          [{ sales_rep_id: -1 }, 'sales_rep_id', ADMIN_PHARMACY_MESSAGES.idInvalid],
          [{ sales_rep_id: 1.5 }, 'sales_rep_id', ADMIN_PHARMACY_MESSAGES.idInvalid],
        ] as const) {
          const response = await admin.request('PATCH', url, { payload });
          expect(response.statusCode, JSON.stringify(payload)).toBe(422);
          expect(response.json().errors, JSON.stringify(payload)).toEqual({ [field]: [message] });
        }
        for (const payload of [{}, { is_active: 'no' }]) {
          const response = await admin.request('PATCH', `${url}/users/${own.subId}`, { payload });
          expect(response.statusCode).toBe(422);
          expect(response.json().errors).toEqual({ is_active: [ADMIN_PHARMACY_MESSAGES.isActiveRequired] });
        }
        for (const [query, field, message] of [
          ['sales_rep_id=abc', 'sales_rep_id', ADMIN_PHARMACY_MESSAGES.idInvalid],
          ['discount_group_id=0', 'discount_group_id', ADMIN_PHARMACY_MESSAGES.idInvalid],
          [`q=${'x'.repeat(101)}`, 'q', ADMIN_PHARMACY_MESSAGES.searchTooLong],
          ['page=abc', 'page', ADMIN_PHARMACY_MESSAGES.pageInvalid],
        ] as const) {
          const response = await admin.request('GET', `${BASE}?${query}`);
          expect(response.statusCode, query).toBe(422);
          expect(response.json().errors, query).toEqual({ [field]: [message] });
        }
        const [client] = await server.database.db.select().from(clients).where(eq(clients.id, own.clientId));
        expect(client).toMatchObject({
          discountGroupId: null,
          salesRepId: otherRepId,
          recargoEquivalencia: true,
        });
        expect(await auditOf('client', own.clientId)).toHaveLength(3);
      });

      it('deactivating a user ends his live session at once and refuses his login; activating lets him in', async () => {
        const sub = await loggedIn(OWN.sub);
        expect((await sub.request('GET', '/api/v1/user')).statusCode).toBe(200);
        const response = await admin.request('PATCH', `${BASE}/${own.clientId}/users/${own.subId}`, {
          payload: { is_active: false },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data).toMatchObject({ id: own.subId, username: OWN.sub, is_active: false });
        expect((await sub.request('GET', '/api/v1/user')).statusCode).toBe(401);
        expect((await new InjectSession(server.app).login(OWN.sub)).statusCode).toBe(422);

        // The main user too.
        const main = await loggedIn(OWN.main);
        await admin.request('PATCH', `${BASE}/${own.clientId}/users/${own.mainId}`, {
          payload: { is_active: false },
        });
        expect((await main.request('GET', '/api/v1/user')).statusCode).toBe(401);

        for (const id of [own.subId, own.mainId]) {
          const activated = await admin.request('PATCH', `${BASE}/${own.clientId}/users/${id}`, {
            payload: { is_active: true },
          });
          expect(activated.json().data.is_active).toBe(true);
        }
        expect((await new InjectSession(server.app).login(OWN.sub)).statusCode).toBe(200);
        expect(await auditOf('user', own.subId)).toEqual([
          expect.objectContaining({
            user: { id: adminId, username: DEMO_ACCOUNTS.admin },
            action: 'user.deactivated',
            before: expect.objectContaining({ is_active: true, client_id: own.clientId }),
            after: expect.objectContaining({ is_active: false }),
          }),
          expect.objectContaining({
            action: 'user.activated',
            before: expect.objectContaining({ is_active: false }),
            after: expect.objectContaining({ is_active: true }),
          }),
        ]);
      });

      it('ends a user’s sessions on demand (204): his next call is a 401, he may log in again', async () => {
        const sub = await loggedIn(OWN.sub);
        const response = await admin.request(
          'POST',
          `${BASE}/${own.clientId}/users/${own.subId}/sessions/end`,
        );
        expect(response.statusCode, response.body).toBe(204);
        expect(response.body).toBe('');
        expect((await sub.request('GET', '/api/v1/user')).statusCode).toBe(401);
        expect((await new InjectSession(server.app).login(OWN.sub)).statusCode).toBe(200);
        const rows = await auditOf('user', own.subId);
        expect(rows.at(-1)).toMatchObject({ action: 'user.sessions_ended', after: { username: OWN.sub } });
      });

      it('e-mails a working "set your password" link; the earlier one dies', async () => {
        const url = `${BASE}/${own.clientId}/users/${own.subId}/invitation`;
        const first = await admin.request('POST', url);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().data).toMatchObject({ id: own.subId, password_link_pending: true });
        const firstMail = await mailFor(server, OWN.subEmail);
        expect(firstMail.kind).toBe('user_password_link');
        expect(firstMail.subject).toBe('Tu farmacia ya tiene acceso al portal de pedidos');
        expect(firstMail.text).toContain(`${PORTAL}/login/reset_password?secret=`);
        expect(firstMail.text).toContain(`Tu usuario es «${OWN.sub}»`);
        const firstSecret = secretIn(firstMail.text);

        expect((await admin.request('POST', url)).statusCode).toBe(200);
        const secret = secretIn((await mailFor(server, OWN.subEmail, 1)).text);
        expect(secret).not.toBe(firstSecret);

        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        const check = (value: string) =>
          anonymous.request('POST', '/api/v1/password/check_reset', { payload: { secret: value } });
        expect((await check(firstSecret)).json()).toEqual({ valid: false });
        expect((await check(secret)).json()).toMatchObject({ valid: true, username: OWN.sub });
        const password = 'Ñandú-Ámbar-2026!';
        const reset = await anonymous.request('POST', '/api/v1/password/reset', {
          payload: { secret, password, password_confirmation: password },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        expect((await new InjectSession(server.app).login(OWN.sub, password)).statusCode).toBe(200);

        const queued = await server.database.db
          .select({ kind: outbox.kind })
          .from(outbox)
          .where(and(eq(outbox.recipient, OWN.subEmail), eq(outbox.kind, 'user_password_link')));
        expect(queued).toHaveLength(2);
        const sent = (await auditOf('user', own.subId)).filter(
          (row) => row.action === 'user.password_link_sent',
        );
        expect(sent).toEqual([
          expect.objectContaining({ user: { id: adminId, username: DEMO_ACCOUNTS.admin }, before: null }),
          expect.objectContaining({
            after: expect.objectContaining({ to: OWN.subEmail, username: OWN.sub }),
          }),
        ]);

        // A deactivated user could not use one: refused, nothing sent.
        await admin.request('PATCH', `${BASE}/${own.clientId}/users/${own.subId}`, {
          payload: { is_active: false },
        });
        const refused = await admin.request('POST', url);
        expect(refused.statusCode).toBe(409);
        expect(Object.keys(refused.json())).toEqual(['message']);
        await admin.request('PATCH', `${BASE}/${own.clientId}/users/${own.subId}`, {
          payload: { is_active: true },
        });
        const log = await server.database.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.objectId, String(own.subId)), eq(auditLog.action, 'user.password_link_sent')),
          );
        expect(log).toHaveLength(2);
      });
    });
  });
}

adminPharmaciesSuite(projectEngine());
