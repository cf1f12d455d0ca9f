/**
 * The account's documents: the orders' filters and detail with its timeline, the reorder,
 * the ERP's shipments, the invoices and refunds with their amounts equal to their orders', and the
 * PDFs read back with `pdftotext` for the fields RD 1619/2012 asks for, with and without the recargo
 * de equivalencia; and that one pharmacy never reaches another's documents, by id or by token.
 */
import type {
  Cart,
  ErpShipmentsResponse,
  InvoicesResponse,
  OrderDetail,
  OrdersResponse,
  RefundsResponse,
  ReorderResponse,
} from '@botica/api-client/schemas';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import {
  eurosToCents,
  formatDate,
  formatEuros,
  DEMO_LABORATORY as LABORATORY,
  QUANTITY_MAX,
} from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_SUB_USERS } from '../../src/demo-data/index.ts';
import { pdfPages, pdfText } from '../../src/testing/pdf-text.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function body<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
  return JSON.parse(response.body) as T;
}

function expectError(response: LightMyRequestResponse, status: number): Record<string, string[]> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  const parsed = ErrorBodySchema.parse(JSON.parse(response.body));
  return parsed.errors ?? {};
}

/** The path of a PDF address (the test server's public URL is its own origin). */
function pathOf(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

/** Cents of a euro amount on the wire. */
const c = (euros: number) => eurosToCents(euros);
/** An amount as `pdfText` reads it back: its no-break space made plain. */
const plainEuros = (cents: number) => formatEuros(cents).replace(/\u00a0/g, ' ');

function documentsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`account documents on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let demo: InjectSession;
    let norte: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 80 });
      ids = await server.demoIds();
      demo = new InjectSession(server.app);
      expect((await demo.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      norte = new InjectSession(server.app);
      expect((await norte.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
    });
    afterAll(() => server?.close());

    const base = () => `/api/v1/clients/${ids.demo.clientId}`;

    describe('PEDIDOS WEB', () => {
      it('filters the orders by status and by a range of Madrid days, newest first', async () => {
        const all = body<OrdersResponse>(await demo.request('GET', `${base()}/orders?per_page=50`));
        expect(all.meta.total).toBeGreaterThan(10);
        const times = all.data.map((order) => order.created_at);
        expect([...times].sort().reverse()).toEqual(times);

        const delivered = body<OrdersResponse>(
          await demo.request('GET', `${base()}/orders?status=delivered&per_page=50`),
        );
        expect(delivered.meta.total).toBeGreaterThan(0);
        expect(delivered.data.every((order) => order.status === 'delivered')).toBe(true);

        const middle = all.data[Math.floor(all.data.length / 2)];
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
          new Date(middle?.created_at ?? 0),
        );
        const oneDay = body<OrdersResponse>(
          await demo.request('GET', `${base()}/orders?from=${day}&to=${day}`),
        );
        expect(oneDay.data.map((order) => order.id)).toContain(middle?.id);
        for (const order of oneDay.data) {
          expect(
            new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
              new Date(order.created_at),
            ),
          ).toBe(day);
        }
        const none = body<OrdersResponse>(
          await demo.request('GET', `${base()}/orders?from=2001-01-01&to=2001-12-31`),
        );
        expect(none).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
      });

      it('refuses a bad filter with 422 and the message under its field', async () => {
        expect(expectError(await demo.request('GET', `${base()}/orders?status=lost`), 422)).toHaveProperty(
          'status',
        );
        expect(
          expectError(await demo.request('GET', `${base()}/orders?from=2026-13-01`), 422),
        ).toHaveProperty('from');
        expect(
          expectError(await demo.request('GET', `${base()}/orders?from=2026-05-02&to=2026-05-01`), 422),
        ).toEqual({
          to: ['La fecha final no puede ser anterior a la inicial.'],
        });
        expect(expectError(await demo.request('GET', `${base()}/erp_shipments?page=0`), 422)).toHaveProperty(
          'page',
        );
        expect(expectError(await demo.request('GET', `${base()}/invoices?per_page=51`), 422)).toHaveProperty(
          'per_page',
        );
      });

      it('answers an order with its shipments, invoices and refunds, and one timeline linking them', async () => {
        const [refunded] = await selectRows<{ order_id: number }>(
          server.database.db,
          sql`select order_id from invoices where kind = 'refund' and client_id = ${ids.demo.clientId} order by id limit 1`,
        );
        expect(refunded).toBeDefined();
        const detail = body<{ data: OrderDetail }>(
          await demo.request('GET', `${base()}/orders/${refunded?.order_id}`),
        ).data;
        expect(detail.shipments.length).toBeGreaterThan(0);
        expect(detail.invoices).toHaveLength(1);
        expect(detail.refunds.length).toBeGreaterThan(0);
        const kinds = detail.timeline.map((event) => event.kind);
        expect(kinds[0]).toBe('order');
        expect(kinds).toEqual(expect.arrayContaining(['shipment', 'delivery', 'invoice', 'refund']));
        const times = detail.timeline.map((event) => event.at);
        expect([...times].sort()).toEqual(times);
        const invoice = detail.invoices[0];
        expect(detail.timeline.find((event) => event.kind === 'invoice')).toMatchObject({
          number: invoice?.number,
          pdf_url: invoice?.pdf_url,
        });
        expect(detail.timeline.find((event) => event.kind === 'shipment')?.tracking_url).toMatch(
          /^https:\/\//,
        );
        for (const refund of detail.refunds) expect(refund.corrects.number).toBe(invoice?.number);
        // The invoice bills the order: the same amounts.
        expect(invoice).toMatchObject({
          price: detail.price,
          price_discount_line: detail.price_discount_line,
          taxes: detail.taxes,
          surcharges: detail.surcharges,
          price_tax: detail.price_tax,
          total_price: detail.total_price,
        });
        expect(
          invoice?.lines.map((line) => [line.product_id, line.quantity, line.price_include_discount]),
        ).toEqual(detail.lines.map((line) => [line.product_id, line.quantity, line.price_include_discount]));
      });

      it("answers 404 for another client's order under one's own id, 403 under the other's", async () => {
        const [other] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select id from orders where client_id = ${ids.norte.clientId} limit 1`,
        );
        expectError(await demo.request('GET', `${base()}/orders/${other?.id}`), 404);
        expectError(
          await demo.request('GET', `/api/v1/clients/${ids.norte.clientId}/orders/${other?.id}`),
          403,
        );
        expectError(
          await demo.request('POST', `${base()}/orders/${other?.id}/reorder`, { payload: {} }),
          404,
        );
      });
    });

    describe('reorder', () => {
      /** An order of the client whose every product is still sold, and one of its lines. */
      async function orderOf(clientId: number) {
        const [row] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select o.id from orders o where o.client_id = ${clientId} and o.status = 'delivered'
                and not exists (select 1 from order_lines l join products p on p.id = l.product_id
                                where l.order_id = o.id and not p.is_active)
                and (select count(*) from order_lines l where l.order_id = o.id) >= 3
              order by o.price_cents limit 1`,
        );
        const lines = await selectRows<{ product_id: number; quantity: number; name: string }>(
          server.database.db,
          sql`select product_id, quantity, name from order_lines where order_id = ${row?.id} order by position`,
        );
        return { id: row?.id ?? 0, lines };
      }

      it('adds the order to the cart, merging quantities and skipping a withdrawn product', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.demo);
        await session.request('POST', '/api/v1/cart', { payload: { products: [] } });
        const order = await orderOf(ids.demo.clientId);
        const [first, second, third] = order.lines;
        await server.database.db.execute(
          sql`update products set is_active = false where id = ${third?.product_id}`,
        );
        try {
          const fits = body<Cart>(
            await session.request('POST', '/api/v1/cart', {
              payload: { products: [{ id: first?.product_id, quantity: 2 }] },
            }),
          );
          const result = body<ReorderResponse>(
            await session.request('POST', `${base()}/orders/${order.id}/reorder`, { payload: {} }),
          );
          expect(result.data.version).toBeGreaterThan(fits.version);
          const quantities = new Map(result.data.items.map((item) => [item.product.id, item.quantity]));
          expect(quantities.get(first?.product_id ?? 0)).toBe(2 + (first?.quantity ?? 0));
          expect(quantities.get(second?.product_id ?? 0)).toBe(second?.quantity);
          expect(quantities.has(third?.product_id ?? 0)).toBe(false);
          expect(result.skipped).toEqual([
            expect.objectContaining({
              product_id: third?.product_id,
              quantity: third?.quantity,
              name: third?.name,
            }),
          ]);
          expect(result.adjusted).toEqual([]);
          // The first product stays first: a merged line keeps its place.
          expect(result.data.items[0]?.product.id).toBe(first?.product_id);
          expect(body<Cart>(await session.request('GET', '/api/v1/cart'))).toEqual(result.data);
        } finally {
          await server.database.db.execute(
            sql`update products set is_active = true where id = ${third?.product_id}`,
          );
          await session.request('POST', '/api/v1/cart', { payload: { products: [] } });
        }
      });

      it('cuts a merged line at the most one line holds and says so', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.norte);
        const order = await orderOf(ids.norte.clientId);
        const [first] = order.lines;
        const [cheap] = await selectRows<{ price_cents: number }>(
          server.database.db,
          sql`select price_cents from products where id = ${first?.product_id}`,
        );
        // The product's price for a moment a cent, so the most a line holds stays under the cap.
        await server.database.db.execute(
          sql`update products set price_cents = 1 where id = ${first?.product_id}`,
        );
        try {
          await session.request('POST', '/api/v1/cart', {
            // The line already at the most: whatever quantity the order had, the merge passes it.
            payload: { products: [{ id: first?.product_id, quantity: QUANTITY_MAX }] },
          });
          const result = body<ReorderResponse>(
            await session.request(
              'POST',
              `/api/v1/clients/${ids.norte.clientId}/orders/${order.id}/reorder`,
              {
                payload: {},
              },
            ),
          );
          expect(result.adjusted).toEqual([
            expect.objectContaining({
              product_id: first?.product_id,
              requested: QUANTITY_MAX + (first?.quantity ?? 0),
              quantity: QUANTITY_MAX,
            }),
          ]);
          expect(result.data.items[0]).toMatchObject({ quantity: QUANTITY_MAX });
        } finally {
          await server.database.db.execute(
            sql`update products set price_cents = ${cheap?.price_cents} where id = ${first?.product_id}`,
          );
          await session.request('POST', '/api/v1/cart', { payload: { products: [] } });
        }
      });

      it('refuses a reorder over the monthly cap (farmacia.limite) with 406 and writes nothing', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.limite);
        const order = await orderOf(ids.limite.clientId);
        const response = await session.request(
          'POST',
          `/api/v1/clients/${ids.limite.clientId}/orders/${order.id}/reorder`,
          {
            payload: {},
          },
        );
        expectError(response, 406);
        expect((await session.request('GET', '/api/v1/cart')).statusCode).toBe(204);
      });

      it('refuses unknown fields with 422', async () => {
        const order = await orderOf(ids.demo.clientId);
        const errors = expectError(
          await demo.request('POST', `${base()}/orders/${order.id}/reorder`, { payload: { lines: [] } }),
          422,
        );
        expect(Object.keys(errors).length).toBeGreaterThan(0);
      });
    });

    describe('ENVIOS', () => {
      it('lists the ERP shipments newest first, with carrier, tracking, packages, lines and their order', async () => {
        const first = body<ErpShipmentsResponse>(await demo.request('GET', `${base()}/erp_shipments`));
        expect(first.meta).toMatchObject({ current_page: 1, per_page: 10 });
        expect(first.meta.total).toBeGreaterThan(10);
        const second = body<ErpShipmentsResponse>(
          await demo.request('GET', `${base()}/erp_shipments?page=2`),
        );
        const all = [...first.data, ...second.data];
        const times = all.map((shipment) => shipment.shipped_at);
        expect([...times].sort().reverse()).toEqual(times);
        expect(new Set(all.map((shipment) => shipment.id)).size).toBe(all.length);
        for (const shipment of all) {
          expect(shipment.delivery_note).toMatch(/^AL-\d{4}-\d{6}$/);
          expect(shipment.tracking_url).toContain(shipment.tracking_number);
          expect(shipment.lines.length).toBeGreaterThan(0);
          if (shipment.status === 'delivered') expect(shipment.delivered_at).not.toBeNull();
        }
        // Every shipment's lines are lines of its order, never more units than ordered.
        const shipment = all[0];
        const order = body<{ data: OrderDetail }>(
          await demo.request('GET', `${base()}/orders/${shipment?.order.id}`),
        ).data;
        expect(order.number).toBe(shipment?.order.number);
        for (const line of shipment?.lines ?? []) {
          const ordered = order.lines.find((item) => item.product_id === line.product_id);
          expect(line.quantity).toBeLessThanOrEqual(ordered?.quantity ?? 0);
        }
      });
    });

    describe('MIS FACTURAS', () => {
      it('lists invoices whose amounts are their orders’, and refunds that correct part of an invoice', async () => {
        const invoices = body<InvoicesResponse>(await demo.request('GET', `${base()}/invoices?per_page=50`));
        expect(invoices.meta.total).toBeGreaterThan(10);
        const orders = await selectRows<{
          id: number;
          total_cents: number;
          tax_cents: number;
          price_cents: number;
        }>(
          server.database.db,
          sql`select id, total_cents, tax_cents, price_cents from orders where client_id = ${ids.demo.clientId}`,
        );
        const byId = new Map(orders.map((order) => [order.id, order]));
        for (const invoice of invoices.data) {
          expect(invoice.number).toMatch(/^F\d{4}-\d{6}$/);
          expect(invoice.pdf_url).toMatch(/\/api\/v1\/documents\/[0-9a-f]{32}\d{4}\.pdf$/);
          const order = byId.get(invoice.order.id);
          expect(c(invoice.total_price)).toBe(order?.total_cents);
          expect(c(invoice.price_tax)).toBe(order?.tax_cents);
          expect(c(invoice.price)).toBe(order?.price_cents);
          expect(invoice.recargo_equivalencia).toBe(true);
          expect(invoice.surcharges.length).toBe(invoice.taxes.length);
        }
        const refunds = body<RefundsResponse>(
          await demo.request('GET', `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds?page=1`),
        );
        expect(refunds.meta.total).toBeGreaterThan(0);
        for (const refund of refunds.data) {
          expect(refund.number).toMatch(/^R\d{4}-\d{6}$/);
          expect(refund.reason.length).toBeGreaterThan(5);
          const [corrected] = await selectRows<{ total_cents: number; issued_at: Date | string }>(
            server.database.db,
            sql`select total_cents, issued_at from invoices where id = ${refund.corrects.id} and kind = 'invoice'`,
          );
          expect(c(refund.total_price)).toBeLessThan(corrected?.total_cents ?? 0);
          expect(refund.issued_at > new Date(corrected?.issued_at ?? 0).toISOString()).toBe(true);
          expect(c(refund.total_price)).toBe(
            c(refund.price) - c(refund.price_discount_line) + c(refund.price_tax),
          );
        }
      });

      it('finds invoices and refunds by a range of Madrid days and by a part of their number', async () => {
        const refundsPath = `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds`;
        const all = body<InvoicesResponse>(await demo.request('GET', `${base()}/invoices?per_page=50`));
        const madridDay = (at: string) =>
          new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(at));
        const middle = all.data[Math.floor(all.data.length / 2)];
        const day = madridDay(middle?.issued_at ?? '');
        const oneDay = body<InvoicesResponse>(
          await demo.request('GET', `${base()}/invoices?from=${day}&to=${day}`),
        );
        expect(oneDay.data.map((invoice) => invoice.id)).toContain(middle?.id);
        expect(oneDay.meta.total).toBe(
          all.data.filter((invoice) => madridDay(invoice.issued_at) === day).length,
        );
        for (const invoice of oneDay.data) expect(madridDay(invoice.issued_at)).toBe(day);
        const since = body<InvoicesResponse>(
          await demo.request('GET', `${base()}/invoices?from=${day}&per_page=50`),
        );
        expect(since.meta.total).toBe(
          all.data.filter((invoice) => madridDay(invoice.issued_at) >= day).length,
        );
        expect(since.meta.total).toBeLessThan(all.meta.total);

        // The number: whole, in lower case with spaces, or only its sequence's digits.
        const wanted = middle?.number ?? '';
        for (const typed of [wanted, ` ${wanted.toLowerCase()} `, wanted.slice(-6)]) {
          const found = body<InvoicesResponse>(
            await demo.request('GET', `${base()}/invoices?number=${encodeURIComponent(typed)}`),
          );
          expect(found.data.map((invoice) => invoice.number)).toContain(wanted);
          for (const invoice of found.data) expect(invoice.number).toContain(wanted.slice(-6));
        }
        const exact = body<InvoicesResponse>(
          await demo.request('GET', `${base()}/invoices?number=${wanted}`),
        );
        expect(exact).toMatchObject({ meta: { total: 1 }, data: [{ number: wanted }] });
        // An invoice number finds no refund; the refunds' own numbers and days filter them as well.
        expect(
          body<RefundsResponse>(await demo.request('GET', `${refundsPath}?number=${wanted}`)).meta.total,
        ).toBe(0);
        const refunds = body<RefundsResponse>(await demo.request('GET', `${refundsPath}?per_page=50`));
        const refund = refunds.data[0];
        const refundDay = madridDay(refund?.issued_at ?? '');
        const byNumber = body<RefundsResponse>(
          await demo.request(
            'GET',
            `${refundsPath}?number=${refund?.number}&from=${refundDay}&to=${refundDay}`,
          ),
        );
        expect(byNumber.data.map((found) => found.id)).toEqual([refund?.id]);
        expect(
          body<RefundsResponse>(await demo.request('GET', `${refundsPath}?from=2001-01-01&to=2001-12-31`)),
        ).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
        // What is typed is matched as it is: a LIKE wildcard matches nothing.
        expect(
          body<InvoicesResponse>(await demo.request('GET', `${base()}/invoices?number=%25`)).meta.total,
        ).toBe(0);
        expect(
          body<InvoicesResponse>(await demo.request('GET', `${base()}/invoices?number=_`)).meta.total,
        ).toBe(0);
      });

      it('refuses a bad invoices filter with 422 and the message under its field', async () => {
        expect(
          expectError(await demo.request('GET', `${base()}/invoices?from=2026-05-02&to=2026-05-01`), 422),
        ).toEqual({ to: ['La fecha final no puede ser anterior a la inicial.'] });
        expect(
          expectError(
            await demo.request(
              'GET',
              `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds?from=ayer`,
            ),
            422,
          ),
        ).toHaveProperty('from');
        expect(
          expectError(await demo.request('GET', `${base()}/invoices?number=${'1'.repeat(31)}`), 422),
        ).toHaveProperty('number');
      });

      it("never lists another client's invoices or refunds", async () => {
        expectError(await demo.request('GET', `/api/v1/clients/${ids.norte.clientId}/invoices`), 403);
        expectError(
          await demo.request('GET', `/api/v1/driver/customers/clients/${ids.norte.clientId}/refunds`),
          403,
        );
        expectError(await demo.request('GET', `/api/v1/clients/${ids.norte.clientId}/erp_shipments`), 403);
      });
    });

    describe('a sub-user without permission to see invoices', () => {
      it('is refused the invoices, the refunds and their PDFs (403), and sees orders and shipments without them', async () => {
        const invoice = body<InvoicesResponse>(await demo.request('GET', `${base()}/invoices`)).data[0];
        const [sub] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select id from users where username = ${DEMO_SUB_USERS[0]}`,
        );
        await server.database.db.execute(
          sql`update users set can_view_invoices = false where id = ${sub?.id}`,
        );
        try {
          const session = new InjectSession(server.app);
          expect((await session.login(DEMO_SUB_USERS[0])).statusCode).toBe(200);
          for (const path of [
            `${base()}/invoices`,
            `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds`,
            pathOf(invoice?.pdf_url ?? ''),
          ]) {
            expectError(await session.request('GET', path), 403);
          }
          // Another client's id is refused as such, whatever the permission.
          expectError(await session.request('GET', `/api/v1/clients/${ids.norte.clientId}/invoices`), 403);
          expect((await session.request('GET', `${base()}/erp_shipments`)).statusCode).toBe(200);
          const detail = body<{ data: OrderDetail }>(
            await session.request('GET', `${base()}/orders/${invoice?.order.id}`),
          ).data;
          expect(detail.shipments.length).toBeGreaterThan(0);
          expect(detail.invoices).toEqual([]);
          expect(detail.refunds).toEqual([]);
          expect(detail.timeline.map((event) => event.kind)).not.toContain('invoice');
        } finally {
          await server.database.db.execute(
            sql`update users set can_view_invoices = true where id = ${sub?.id}`,
          );
        }
      });
    });

    describe('PDFs', () => {
      async function firstInvoice(session: InjectSession, clientId: number) {
        return body<InvoicesResponse>(await session.request('GET', `/api/v1/clients/${clientId}/invoices`))
          .data[0];
      }

      it('serves a complete Spanish invoice with the recargo de equivalencia, as a PDF that is not cached', async () => {
        const invoice = await firstInvoice(demo, ids.demo.clientId);
        const response = await demo.request('GET', pathOf(invoice?.pdf_url ?? ''));
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toBe(
          `inline; filename="factura-${invoice?.number}.pdf"`,
        );
        expect(response.headers['cache-control']).toContain('no-store');
        const pdf = response.rawPayload;
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(1);
        const text = await pdfText(pdf);
        const [client] = await selectRows<{ name: string; tax_id: string; address: string; city: string }>(
          server.database.db,
          sql`select name, tax_id, address, city from clients where id = ${ids.demo.clientId}`,
        );
        for (const field of [
          'FACTURA',
          invoice?.number,
          formatDate(invoice?.issued_at ?? ''),
          invoice?.order.number,
          LABORATORY.legalName,
          LABORATORY.taxId,
          LABORATORY.address.street,
          client?.name,
          client?.tax_id,
          client?.address,
          client?.city,
          'Base imponible',
          'Cuota de IVA',
          'Recargo de equivalencia',
          'TOTAL FACTURA',
          plainEuros(c(invoice?.total_price ?? 0)),
        ]) {
          expect(text).toContain(field);
        }
        for (const line of invoice?.lines ?? []) expect(text).toContain(line.reference);
        for (const tax of invoice?.taxes ?? []) {
          expect(text).toMatch(
            new RegExp(
              `${tax.rate} %\\s+${plainEuros(c(tax.base)).replace('.', '\\.')}\\s+${plainEuros(c(tax.amount)).replace('.', '\\.')}`,
            ),
          );
        }
        for (const surcharge of invoice?.surcharges ?? []) {
          expect(text).toContain(`${String(surcharge.rate).replace('.', ',')} %`);
          expect(text).toContain(plainEuros(c(surcharge.amount)));
        }
        expect(text).toContain('régimen especial del recargo de equivalencia');
      });

      it('leaves the recargo out for a pharmacy outside the regime (farmacia.limite)', async () => {
        const session = new InjectSession(server.app);
        await session.login(DEMO_ACCOUNTS.limite);
        const invoice = await firstInvoice(session, ids.limite.clientId);
        expect(invoice?.recargo_equivalencia).toBe(false);
        const text = await pdfText((await session.request('GET', pathOf(invoice?.pdf_url ?? ''))).rawPayload);
        expect(text).toContain(invoice?.number);
        expect(text).toContain(plainEuros(c(invoice?.total_price ?? 0)));
        expect(text).not.toMatch(/recargo/i);
      });

      it('serves a refund that names the invoice it corrects and why, its amounts negative', async () => {
        const refund = body<RefundsResponse>(
          await demo.request('GET', `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds`),
        ).data[0];
        const response = await demo.request('GET', pathOf(refund?.pdf_url ?? ''));
        expect(response.headers['content-disposition']).toBe(
          `inline; filename="factura-rectificativa-${refund?.number}.pdf"`,
        );
        const text = await pdfText(response.rawPayload);
        for (const field of [
          'FACTURA RECTIFICATIVA',
          refund?.number,
          refund?.corrects.number,
          formatDate(refund?.corrects.issued_at ?? ''),
          'artículo 15 del Real Decreto 1619/2012',
          `-${plainEuros(c(refund?.total_price ?? 0))}`,
        ]) {
          expect(text).toContain(field);
        }
        // The reason is a paragraph that may wrap: read in reading order, whatever the line breaks.
        const flowing = (await pdfText(response.rawPayload, { layout: false })).replace(/\s+/g, ' ');
        expect(flowing).toContain((refund?.reason ?? '').replace(/\s+/g, ' '));
      });

      it("refuses another client's token, a wrong year and a made-up token with the same 404; anonymous 401", async () => {
        const invoice = await firstInvoice(demo, ids.demo.clientId);
        const path = pathOf(invoice?.pdf_url ?? '');
        const theirs = await norte.request('GET', path);
        expectError(theirs, 404);
        const year = Number(/(\d{4})\.pdf$/.exec(path)?.[1]);
        const wrongYear = await demo.request('GET', path.replace(/\d{4}\.pdf$/, `${year - 1}.pdf`));
        const madeUp = await demo.request('GET', path.replace(/[0-9a-f]{32}/, 'f'.repeat(32)));
        for (const response of [wrongYear, madeUp]) {
          expectError(response, 404);
          expect(response.body).toBe(theirs.body);
        }
        expectError(await demo.request('GET', '/api/v1/documents/nothing.pdf'), 404);
        expectError(await new InjectSession(server.app).request('GET', path), 401);
        const rep = new InjectSession(server.app);
        await rep.login(DEMO_ACCOUNTS.comercial);
        expectError(await rep.request('GET', path), 403);
      });
    });
  });
}

documentsSuite(projectEngine());
