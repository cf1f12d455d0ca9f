/**
 * The back office's orders on a real database: the list, one order, the CSV export and the status
 * change are the laboratory's staff's (401, 419, 403 without a word of the data; the status change an
 * admin's alone); a sales rep reads his own pharmacies' orders only; each filter narrows the list and
 * the export alike; every allowed move is recorded in the order's history and the audit log with the
 * status before and after, and shows at once in the pharmacist's timeline; a refused move is a 409 or
 * 422 that changes nothing; the export reads back as a Spanish spreadsheet with the stored amounts.
 */
import { ADMIN_ORDER_MESSAGES } from '@botica/api-client/admin';
import { madridDay } from '@botica/domain';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clients,
  invoices,
  orderLines,
  orderStatusChanges,
  orders,
  products,
} from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { exportAdminOrders } from '../../src/orders/admin-orders-service.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const MARTIN = 'Farmacia Ldo. Martín Ruiz';
/** farmacia.norte's name, made to look like a formula, and its city holding the separator. */
const NORTE_NAME = '=HIPERVINCULO("x") Farmacia Norte';
const NORTE_CITY = 'Soria; centro';

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

/** An order the suite writes: its number, pharmacy, status, instant and cents. */
interface Given {
  number: string;
  client: 'demo' | 'norte';
  status: 'received' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  at: string;
  priceCents: number;
  discountCents: number;
  taxCents: number;
  lines: number;
}

const total = (given: Given) => given.priceCents - given.discountCents + given.taxCents;

/** The 2021 orders the filters are checked on (no demo order is that old). */
const YEAR_2021: Given[] = [
  {
    number: 'PW-2021-900001',
    client: 'demo',
    status: 'received',
    at: '2021-03-10T10:00:00Z',
    priceCents: 120_000,
    discountCents: 6_000,
    taxCents: 9_450,
    lines: 2,
  },
  {
    number: 'PW-2021-900002',
    client: 'demo',
    status: 'processing',
    at: '2021-03-11T10:00:00Z',
    priceCents: 4_800,
    discountCents: 0,
    taxCents: 200,
    lines: 1,
  },
  // 00:30 on the 1st of July in Madrid.
  {
    number: 'PW-2021-900003',
    client: 'norte',
    status: 'shipped',
    at: '2021-06-30T22:30:00Z',
    priceCents: 95_000,
    discountCents: 4_750,
    taxCents: 14_499,
    lines: 3,
  },
  // Already 2022 in Madrid.
  {
    number: 'PW-2021-900004',
    client: 'norte',
    status: 'received',
    at: '2021-12-31T23:30:00Z',
    priceCents: 20_000,
    discountCents: 0,
    taxCents: 0,
    lines: 1,
  },
];

/**
 * Reads records back as a spreadsheet does, with csv-parse (not the writer's own logic): `;` fields,
 * CRLF records, quoted fields with "" inside; the file must end with CRLF.
 */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  return parse(text, { delimiter: ';', record_delimiter: '\r\n', relax_column_count: true });
}

/** Cents from a Spanish spreadsheet's amount: decimal comma, no thousands separator. */
function centsOf(text: string): number {
  expect(text).toMatch(/^\d+,\d{2}$/);
  return Number(text.replace(',', ''));
}

function adminOrdersSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's orders on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let admin: InjectSession;
    let rep: InjectSession;
    let pharmacist: InjectSession;
    let adminId: number;
    let demoRepId: number;
    let norteRepId: number;
    let productId: number;
    const orderIds = new Map<string, number>();

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    async function insertOrder(given: Given): Promise<number> {
      const { db } = server.database;
      const clientId = ids[given.client].clientId;
      const [row] = await db
        .insert(orders)
        .values({
          number: given.number,
          clientId,
          userId: ids[given.client].userId,
          status: given.status,
          notes: null,
          priceCents: given.priceCents,
          discountCents: given.discountCents,
          taxCents: given.taxCents,
          totalCents: total(given),
          discounts: [],
          taxes: [],
          createdAt: new Date(given.at),
        })
        .returning({ id: orders.id });
      const id = row?.id ?? 0;
      await db.insert(orderLines).values(
        Array.from({ length: given.lines }, (_, position) => ({
          orderId: id,
          productId,
          position,
          reference: `REF-${position}`,
          name: `Producto ${position}`,
          format: '30 ml',
          quantity: 1,
          unitPriceCents: 100,
          priceCents: 100,
          netCents: 100,
          vatRate: 21,
        })),
      );
      orderIds.set(given.number, id);
      return id;
    }

    const idOf = (number: string) => {
      const id = orderIds.get(number);
      if (id === undefined) throw new Error(`order ${number} not written`);
      return id;
    };

    /** A fresh order of the suite's own, for the moves (2022, outside the filters' year). */
    let fresh = 0;
    async function freshOrder(status: Given['status'], client: Given['client'] = 'demo'): Promise<number> {
      fresh++;
      return insertOrder({
        number: `PW-2022-8${String(fresh).padStart(5, '0')}`,
        client,
        status,
        at: `2022-02-${String(Math.min(fresh, 28)).padStart(2, '0')}T09:00:00Z`,
        priceCents: 1_000,
        discountCents: 0,
        taxCents: 210,
        lines: 1,
      });
    }

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      const { db } = server.database;
      const [product] = await db.select({ id: products.id }).from(products).limit(1);
      productId = product?.id ?? 0;
      await db.update(clients).set({ name: MARTIN }).where(eq(clients.id, ids.demo.clientId));
      await db
        .update(clients)
        .set({ name: NORTE_NAME, city: NORTE_CITY })
        .where(eq(clients.id, ids.norte.clientId));
      const reps = await db
        .select({ id: clients.id, rep: clients.salesRepId })
        .from(clients)
        .where(eq(clients.id, ids.demo.clientId));
      demoRepId = reps[0]?.rep ?? 0;
      const norte = await db
        .select({ rep: clients.salesRepId })
        .from(clients)
        .where(eq(clients.id, ids.norte.clientId));
      norteRepId = norte[0]?.rep ?? 0;
      expect(demoRepId).toBeGreaterThan(0);
      expect(norteRepId).toBeGreaterThan(0);
      expect(norteRepId).not.toBe(demoRepId);
      for (const given of YEAR_2021) await insertOrder(given);
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
    });
    afterAll(() => server?.close());

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    /** A refusal: the status, the error body and nothing of the orders' data. */
    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['PW-20', 'Farmacia'] });

    /** The 2021 list's numbers for a query (added to the year's days). */
    async function numbers(session: InjectSession, query = ''): Promise<string[]> {
      const response = await session.request(
        'GET',
        `/api/v1/admin/orders?from=2021-01-01&to=2021-12-31${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { number: string }[]).map((row) => row.number);
    }

    /** A 422 under `field` with `message`. */
    function expectInvalid(response: LightMyRequestResponse, field: string, message: string): void {
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors?.[field]).toContain(message);
    }

    const move = (id: number, payload: unknown, session = admin) =>
      session.request('POST', `/api/v1/admin/orders/${id}/status`, { payload });

    describe('who may call it', () => {
      let calls: Call[];
      let target: number;
      beforeAll(async () => {
        target = await freshOrder('received');
        calls = [
          { method: 'GET', url: '/api/v1/admin/orders' },
          { method: 'GET', url: '/api/v1/admin/orders/export.csv' },
          { method: 'GET', url: `/api/v1/admin/orders/${target}` },
          { method: 'POST', url: `/api/v1/admin/orders/${target}/status`, payload: { status: 'processing' } },
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of calls) expectRefused(await send(anonymous, call), 401);
      });

      it('a status change without the CSRF token → 419, even for an admin', async () => {
        expectRefused(await send(admin, calls[3] as Call, false), 419);
      });

      it('a pharmacy’s user → 403 everywhere, with nothing of the data', async () => {
        for (const call of calls) expectRefused(await send(pharmacist, call), 403);
      });

      it('a sales rep → 403 on the status change, even of his own pharmacy’s order', async () => {
        expectRefused(await send(rep, calls[3] as Call), 403);
        const [row] = await server.database.db.select().from(orders).where(eq(orders.id, target));
        expect(row?.status).toBe('received');
      });

      it('a sales rep → 403 on another rep’s pharmacy: its order, and the list or export of it', async () => {
        const norteOrder = idOf('PW-2021-900003');
        expectRefused(await rep.request('GET', `/api/v1/admin/orders/${norteOrder}`), 403);
        expectRefused(await rep.request('GET', `/api/v1/admin/orders?client_id=${ids.norte.clientId}`), 403);
        expectRefused(
          await rep.request('GET', `/api/v1/admin/orders/export.csv?client_id=${ids.norte.clientId}`),
          403,
        );
      });

      it('unknown orders and pharmacies → 404', async () => {
        expectRefused(await admin.request('GET', '/api/v1/admin/orders/2147483647'), 404);
        expectRefused(await move(2_147_483_647, { status: 'processing' }), 404);
        expectRefused(await admin.request('GET', '/api/v1/admin/orders?client_id=2147483647'), 404);
      });
    });

    describe('the list', () => {
      it('gives each order with its pharmacy, sales rep, lines and amounts in euros, newest first', async () => {
        const response = await admin.request('GET', '/api/v1/admin/orders?from=2021-01-01&to=2021-12-31');
        expect(response.statusCode, response.body).toBe(200);
        const { data, meta } = response.json();
        expect(data.map((row: { number: string }) => row.number)).toEqual([
          'PW-2021-900003',
          'PW-2021-900002',
          'PW-2021-900001',
        ]);
        expect(meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3 });
        expect(data[2]).toEqual({
          id: idOf('PW-2021-900001'),
          number: 'PW-2021-900001',
          created_at: '2021-03-10T10:00:00.000Z',
          status: 'received',
          pharmacy: {
            id: ids.demo.clientId,
            name: MARTIN,
            erp_code: expect.any(String),
            city: expect.any(String),
          },
          sales_rep: { id: demoRepId, name: expect.any(String) },
          lines: 2,
          price: 1200,
          price_discount_line: 60,
          price_tax: 94.5,
          total_price: 1234.5,
          transfer: null,
        });
      });

      it('pages by 50, newest first over every pharmacy', async () => {
        const first = (await admin.request('GET', '/api/v1/admin/orders')).json();
        const second = (await admin.request('GET', '/api/v1/admin/orders?page=2')).json();
        expect(first.meta.per_page).toBe(50);
        expect(first.meta.total).toBeGreaterThan(50);
        expect(first.data).toHaveLength(50);
        expect(second.meta.current_page).toBe(2);
        const instants = [...first.data, ...second.data].map((row: { created_at: string }) => row.created_at);
        expect(instants).toEqual([...instants].sort().reverse());
        const seen = new Set([...first.data, ...second.data].map((row: { id: number }) => row.id));
        expect(seen.size).toBe(first.data.length + second.data.length);
      });

      it('narrows by each filter', async () => {
        expect(await numbers(admin, `&client_id=${ids.norte.clientId}`)).toEqual(['PW-2021-900003']);
        expect(await numbers(admin, '&status=processing')).toEqual(['PW-2021-900002']);
        expect(await numbers(admin, `&sales_rep_id=${norteRepId}`)).toEqual(['PW-2021-900003']);
        // The order's number, the pharmacy's name (any case) and its CIF/NIF.
        expect(await numbers(admin, '&q=900002')).toEqual(['PW-2021-900002']);
        expect(await numbers(admin, `&q=${encodeURIComponent('martín ruiz')}`)).toEqual([
          'PW-2021-900002',
          'PW-2021-900001',
        ]);
        const [norte] = await server.database.db
          .select({ taxId: clients.taxId })
          .from(clients)
          .where(eq(clients.id, ids.norte.clientId));
        expect(await numbers(admin, `&q=${norte?.taxId.toLowerCase()}`)).toEqual(['PW-2021-900003']);
        // A wildcard is a character, not a pattern.
        expect(await numbers(admin, '&q=%25')).toEqual([]);
        // Totals in euros as typed, both included: 1234,50 · 50,00 · 1.047,49.
        expect(await numbers(admin, '&min_total=1234,50')).toEqual(['PW-2021-900001']);
        expect(await numbers(admin, '&min_total=1.000')).toEqual(['PW-2021-900003', 'PW-2021-900001']);
        expect(await numbers(admin, '&max_total=50')).toEqual(['PW-2021-900002']);
        expect(await numbers(admin, '&min_total=50.01&max_total=1047,49')).toEqual(['PW-2021-900003']);
      });

      it('takes Madrid days: 00:30 of July 1 is July 1, 00:30 of January 1 next year', async () => {
        const july = await admin.request('GET', '/api/v1/admin/orders?from=2021-07-01&to=2021-07-01');
        expect(july.json().data.map((row: { number: string }) => row.number)).toEqual(['PW-2021-900003']);
        const june = await admin.request('GET', '/api/v1/admin/orders?from=2021-06-30&to=2021-06-30');
        expect(june.json().data).toEqual([]);
        const newYear = await admin.request('GET', '/api/v1/admin/orders?from=2022-01-01&to=2022-01-01');
        expect(newYear.json().data.map((row: { number: string }) => row.number)).toEqual(['PW-2021-900004']);
      });

      it('combines the filters', async () => {
        expect(
          await numbers(admin, `&client_id=${ids.demo.clientId}&status=received&min_total=100&q=PW-2021`),
        ).toEqual(['PW-2021-900001']);
        expect(await numbers(admin, `&sales_rep_id=${demoRepId}&status=shipped`)).toEqual([]);
      });

      it('narrows a sales rep to his pharmacies, whatever he asks', async () => {
        expect(await numbers(rep)).toEqual(['PW-2021-900002', 'PW-2021-900001']);
        expect(await numbers(rep, `&sales_rep_id=${norteRepId}`)).toEqual([]);
        expect(await numbers(rep, `&q=900003`)).toEqual([]);
        expect(await numbers(rep, `&client_id=${ids.demo.clientId}&status=processing`)).toEqual([
          'PW-2021-900002',
        ]);
        const all = (await rep.request('GET', '/api/v1/admin/orders?page=1')).json();
        const everyone = (await admin.request('GET', '/api/v1/admin/orders')).json();
        expect(all.meta.total).toBeLessThan(everyone.meta.total);
        expect(all.data.length).toBeGreaterThan(0);
        for (const row of all.data) expect(row.sales_rep?.id).toBe(demoRepId);
      });

      it('refuses bad filters with a 422 under the field, in Spanish', async () => {
        expectInvalid(
          await admin.request('GET', '/api/v1/admin/orders?from=2021-12-31&to=2021-01-01'),
          'to',
          ADMIN_ORDER_MESSAGES.dateOrder,
        );
        expectInvalid(
          await admin.request('GET', '/api/v1/admin/orders?min_total=doce'),
          'min_total',
          ADMIN_ORDER_MESSAGES.badAmount,
        );
        expectInvalid(
          await admin.request('GET', '/api/v1/admin/orders?max_total=12,345'),
          'max_total',
          ADMIN_ORDER_MESSAGES.badAmount,
        );
        expectInvalid(
          await admin.request('GET', '/api/v1/admin/orders?min_total=100&max_total=99,99'),
          'max_total',
          ADMIN_ORDER_MESSAGES.minAboveMax,
        );
        const status = await admin.request('GET', '/api/v1/admin/orders?status=lost');
        expect(status.statusCode).toBe(422);
        expect(Object.keys(status.json().errors)).toEqual(['status']);
        expectInvalid(
          await admin.request('GET', '/api/v1/admin/orders/export.csv?from=2021-12-31&to=2021-01-01'),
          'to',
          ADMIN_ORDER_MESSAGES.dateOrder,
        );
      });
    });

    describe('one order', () => {
      it('gives the order as sent, who sent it, its pharmacy, history, timeline and next statuses', async () => {
        const id = idOf('PW-2021-900001');
        const response = await admin.request('GET', `/api/v1/admin/orders/${id}`);
        expect(response.statusCode, response.body).toBe(200);
        const { data } = response.json();
        expect(data).toMatchObject({
          id,
          number: 'PW-2021-900001',
          client_id: ids.demo.clientId,
          status: 'received',
          notes: null,
          price: 1200,
          price_discount_line: 60,
          price_tax: 94.5,
          total_price: 1234.5,
          sent_by: { id: ids.demo.userId, username: DEMO_ACCOUNTS.demo },
          pharmacy: { id: ids.demo.clientId, name: MARTIN, tax_id: expect.any(String) },
          sales_rep: { id: demoRepId },
          status_changes: [],
          timeline: [
            { kind: 'order', at: '2021-03-10T10:00:00.000Z', number: 'PW-2021-900001', document_id: id },
          ],
          next_statuses: ['processing', 'cancelled'],
        });
        expect(data.lines).toHaveLength(2);
        expect(data.lines[0]).toMatchObject({ reference: 'REF-0', quantity: 1, unit_price: 1, vat_rate: 21 });
      });

      it('links an invoiced order’s PDF at the staff’s address, not the pharmacist’s', async () => {
        const [invoice] = await server.database.db
          .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number })
          .from(invoices)
          .where(and(eq(invoices.clientId, ids.demo.clientId), eq(invoices.kind, 'invoice')))
          .limit(1);
        if (!invoice?.orderId) throw new Error('the demo pharmacy has no invoiced order');
        const { data } = (await admin.request('GET', `/api/v1/admin/orders/${invoice.orderId}`)).json();
        const event = data.timeline.find((entry: { number: string }) => entry.number === invoice.number);
        expect(event.pdf_url).toMatch(new RegExp(`/api/v1/admin/documents/${invoice.id}/pdf$`));
        const pdf = await rep.request('GET', new URL(event.pdf_url, 'http://localhost').pathname);
        expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
      });

      it('shows a sales rep his pharmacy’s order, with nothing he may move it to', async () => {
        const response = await rep.request('GET', `/api/v1/admin/orders/${idOf('PW-2021-900002')}`);
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({ status: 'processing', next_statuses: [] });
      });

      it('gives a delivered or cancelled order nowhere to go', async () => {
        const id = await freshOrder('delivered', 'norte');
        expect((await admin.request('GET', `/api/v1/admin/orders/${id}`)).json().data.next_statuses).toEqual(
          [],
        );
      });
    });

    describe('the status change', () => {
      it('moves received → processing → shipped → delivered, each recorded, audited and on the pharmacist’s timeline', async () => {
        const id = await freshOrder('received');
        let seen = 'received';
        for (const [status, next] of [
          ['processing', ['shipped', 'cancelled']],
          ['shipped', ['delivered']],
          ['delivered', []],
        ] as const) {
          const response = await move(id, { status, from_status: seen });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().data).toMatchObject({ id, status, next_statuses: next });
          seen = status;

          // The pharmacist sees it at once.
          const portal = await pharmacist.request('GET', `/api/v1/clients/${ids.demo.clientId}/orders/${id}`);
          expect(portal.statusCode).toBe(200);
          expect(portal.json().data.status).toBe(status);
          const events = portal
            .json()
            .data.timeline.filter((event: { kind: string }) => event.kind === 'status');
          expect(events.at(-1)).toMatchObject({ kind: 'status', status, document_id: id });
          expect(events.at(-1)).not.toHaveProperty('reason');
        }
        const detail = (await admin.request('GET', `/api/v1/admin/orders/${id}`)).json().data;
        expect(detail.status_changes.map((change: { status: string }) => change.status)).toEqual([
          'processing',
          'shipped',
          'delivered',
        ]);
        for (const change of detail.status_changes) {
          expect(change.by).toEqual({ id: adminId, username: DEMO_ACCOUNTS.admin });
          expect(change.reason).toBeNull();
          expect(Date.now() - Date.parse(change.at)).toBeLessThan(60_000);
        }
        const audit = await server.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id))))
          .orderBy(auditLog.id);
        expect(
          audit.map((row) => ({
            action: row.action,
            user: row.userId,
            before: row.before,
            after: row.after,
          })),
        ).toEqual([
          {
            action: 'order.status_changed',
            user: adminId,
            before: { status: 'received' },
            after: { status: 'processing' },
          },
          {
            action: 'order.status_changed',
            user: adminId,
            before: { status: 'processing' },
            after: { status: 'shipped' },
          },
          {
            action: 'order.status_changed',
            user: adminId,
            before: { status: 'shipped' },
            after: { status: 'delivered' },
          },
        ]);
        // The audit log's own endpoint lists them too.
        const listed = await admin.request('GET', `/api/v1/admin/audit?object_type=order&object_id=${id}`);
        expect(listed.json().data).toHaveLength(3);
      });

      it('cancels a received or processing order with a reason, shown to the pharmacist', async () => {
        for (const from of ['received', 'processing'] as const) {
          const id = await freshOrder(from);
          const reason = 'Sin existencias del producto; avisad al comercial.';
          const response = await move(id, { status: 'cancelled', reason: `  ${reason} ` });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().data).toMatchObject({
            status: 'cancelled',
            next_statuses: [],
            status_changes: [{ status: 'cancelled', reason, by: { id: adminId } }],
          });
          const portal = await pharmacist.request('GET', `/api/v1/clients/${ids.demo.clientId}/orders/${id}`);
          expect(portal.json().data.timeline.at(-1)).toMatchObject({
            kind: 'status',
            status: 'cancelled',
            reason,
          });
          const [audited] = await server.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id))));
          expect(audited).toMatchObject({
            action: 'order.cancelled',
            before: { status: from },
            after: { status: 'cancelled', reason },
          });
        }
      });

      it('refuses a cancellation without a reason (422 under reason), changing nothing', async () => {
        const id = await freshOrder('received');
        for (const payload of [{ status: 'cancelled' }, { status: 'cancelled', reason: '   ' }]) {
          expectInvalid(await move(id, payload), 'reason', ADMIN_ORDER_MESSAGES.reasonRequired);
        }
        expectInvalid(
          await move(id, { status: 'cancelled', reason: 'x'.repeat(501) }),
          'reason',
          ADMIN_ORDER_MESSAGES.reasonTooLong,
        );
        const bad = await move(id, { status: 'lost' });
        expect(bad.statusCode).toBe(422);
        expect(Object.keys(bad.json().errors)).toEqual(['status']);
        const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
        expect(row?.status).toBe('received');
      });

      it('refuses every other move with a 409 and its message, changing nothing', async () => {
        const cases: [Given['status'], Given['status'], string][] = [
          ['shipped', 'cancelled', 'El pedido ya está enviado: no puede cancelarse.'],
          ['delivered', 'cancelled', 'El pedido ya está entregado: no puede cambiar de estado.'],
          ['cancelled', 'processing', 'El pedido está cancelado: no puede cambiar de estado.'],
          ['received', 'shipped', 'Un pedido en estado «Recibido» no puede pasar a «Enviado».'],
          ['received', 'delivered', 'Un pedido en estado «Recibido» no puede pasar a «Entregado».'],
          ['processing', 'received', 'Un pedido en estado «En preparación» no puede pasar a «Recibido».'],
          ['shipped', 'processing', 'Un pedido en estado «Enviado» no puede pasar a «En preparación».'],
          ['processing', 'processing', 'El pedido ya está en estado «En preparación».'],
        ];
        for (const [from, to, message] of cases) {
          const id = await freshOrder(from);
          const response = await move(id, { status: to, reason: 'Porque sí.' });
          expect(response.statusCode, `${from} → ${to}`).toBe(409);
          expect(response.json()).toEqual({ message });
          const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
          expect(row?.status).toBe(from);
          const history = await server.database.db
            .select()
            .from(orderStatusChanges)
            .where(eq(orderStatusChanges.orderId, id));
          expect(history).toEqual([]);
        }
      });

      it('refuses a change from a stale screen (409) when the order has moved since', async () => {
        const id = await freshOrder('received');
        expect((await move(id, { status: 'processing', from_status: 'received' })).statusCode).toBe(200);
        // Another admin, still looking at it as received, cancels it.
        const stale = await move(id, { status: 'cancelled', reason: 'Duplicado.', from_status: 'received' });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toEqual({ message: ADMIN_ORDER_MESSAGES.stale });
        const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
        expect(row?.status).toBe('processing');
      });

      it('lets one of two admins moving the same order at once win, the other gets a 409', async () => {
        const id = await freshOrder('received');
        const second = await loggedIn(DEMO_ACCOUNTS.admin);
        const answers = await Promise.all([
          move(id, { status: 'processing', from_status: 'received' }),
          move(id, { status: 'cancelled', reason: 'Duplicado.', from_status: 'received' }, second),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const history = await server.database.db
          .select()
          .from(orderStatusChanges)
          .where(eq(orderStatusChanges.orderId, id));
        expect(history).toHaveLength(1);
        const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
        expect(row?.status).toBe(history[0]?.status);
      });
    });

    describe('the CSV export', () => {
      async function exported(session: InjectSession, query: string) {
        const response = await session.request('GET', `/api/v1/admin/orders/export.csv?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response;
      }

      it('is a Spanish spreadsheet of the filtered orders with the stored amounts', async () => {
        const response = await exported(admin, 'from=2021-01-01&to=2021-12-31');
        const { year, month, day } = madridDay(new Date());
        const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe(`attachment; filename="pedidos-${today}.csv"`);
        const bytes = response.rawPayload;
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = bytes.toString('utf8').slice(1);
        expect(text).toContain('\r\n');
        expect(text.replaceAll('\r\n', '')).not.toMatch(/\n(?!.*")/);
        const [header, ...rows] = parseCsv(text);
        expect(header).toEqual([
          'Número',
          'Fecha',
          'Farmacia',
          'Código cliente',
          'CIF/NIF',
          'Ciudad',
          'Comercial',
          'Estado',
          'Líneas',
          'Importe',
          'Descuento',
          'Impuestos',
          'Total',
        ]);
        expect(rows.map((row) => row[0])).toEqual(['PW-2021-900003', 'PW-2021-900002', 'PW-2021-900001']);
        const stored = await server.database.db.select().from(orders);
        const [demo] = await server.database.db
          .select()
          .from(clients)
          .where(eq(clients.id, ids.demo.clientId));
        for (const row of rows) {
          const order = stored.find((each) => each.number === row[0]);
          expect(row).toHaveLength(13);
          expect(centsOf(row[9] ?? '')).toBe(order?.priceCents);
          expect(centsOf(row[10] ?? '')).toBe(order?.discountCents);
          expect(centsOf(row[11] ?? '')).toBe(order?.taxCents);
          expect(centsOf(row[12] ?? '')).toBe(order?.totalCents);
        }
        const byNumber = new Map(rows.map((row) => [row[0], row]));
        expect(byNumber.get('PW-2021-900001')).toEqual([
          'PW-2021-900001',
          '10/03/2021',
          MARTIN,
          demo?.erpCode,
          demo?.taxId,
          demo?.city,
          expect.any(String),
          'Recibido',
          '2',
          '1200,00',
          '60,00',
          '94,50',
          '1234,50',
        ]);
        // Madrid's day; the formula guard; the separator inside a quoted field.
        expect(byNumber.get('PW-2021-900003')?.slice(1, 3)).toEqual(['01/07/2021', `'${NORTE_NAME}`]);
        expect(byNumber.get('PW-2021-900003')?.[5]).toBe(NORTE_CITY);
        expect(byNumber.get('PW-2021-900003')?.[7]).toBe('Enviado');
        expect(byNumber.get('PW-2021-900002')?.[7]).toBe('En preparación');
      });

      it('narrows as the list does: q, filters and the sales rep’s scope', async () => {
        const rowsOf = async (session: InjectSession, query: string) =>
          parseCsv((await exported(session, query)).rawPayload.toString('utf8').slice(1))
            .slice(1)
            .map((row) => row[0]);
        expect(await rowsOf(admin, 'from=2021-01-01&to=2021-12-31&q=900001')).toEqual(['PW-2021-900001']);
        expect(await rowsOf(admin, 'from=2021-01-01&to=2021-12-31&min_total=1.000&status=shipped')).toEqual([
          'PW-2021-900003',
        ]);
        expect(await rowsOf(rep, 'from=2021-01-01&to=2021-12-31')).toEqual([
          'PW-2021-900002',
          'PW-2021-900001',
        ]);
        expect(await rowsOf(admin, 'from=2030-01-01')).toEqual([]);
      });

      it('exports every order of the list, in the list’s order, across its batches', async () => {
        const listed: string[] = [];
        for (let page = 1; ; page++) {
          const body = (await admin.request('GET', `/api/v1/admin/orders?page=${page}`)).json();
          listed.push(...body.data.map((row: { number: string }) => row.number));
          if (page >= body.meta.last_page) break;
        }
        const rows = parseCsv((await exported(admin, '')).rawPayload.toString('utf8').slice(1)).slice(1);
        expect(listed.length).toBeGreaterThan(100);
        expect(rows.map((row) => row[0])).toEqual(listed);
      });

      it('reads in batches after the last order read, skipping and repeating none on equal instants', async () => {
        // Three orders of the same instant, to the microsecond (a JavaScript date would drop it).
        const same = [
          await freshOrder('received'),
          await freshOrder('received'),
          await freshOrder('received'),
        ];
        await server.database.db.execute(
          sql`update orders set created_at = '2023-05-05 10:00:00.123456+00' where id in (${sql.join(
            same.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        const context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
        const text = async (batchSize?: number) => {
          let all = '';
          const records = await exportAdminOrders(context, {
            scope: { everyClient: true },
            filter: {},
            ...(batchSize === undefined ? {} : { batchSize }),
          });
          for await (const chunk of records) all += chunk;
          return all;
        };
        const whole = await text();
        for (const size of [1, 2, 7]) expect(await text(size)).toBe(whole);
        const rows = parseCsv(whole.slice(1)).slice(1);
        expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
        const numbersOf = (await server.database.db.select().from(orders))
          .filter((order) => same.includes(order.id))
          .map((order) => order.number)
          .sort()
          .reverse();
        const at = rows.findIndex((row) => row[0] === numbersOf[0]);
        expect(rows.slice(at, at + 3).map((row) => row[0])).toEqual(numbersOf);
      });
    });
  });
}

adminOrdersSuite(projectEngine());
