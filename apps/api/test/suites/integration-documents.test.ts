/**
 * The ERP's documents on a real server, as the pharmacy then sees them: an order's status change in
 * its timeline; a shipment with its lots in the order's detail and one e-mail for it however often it
 * is sent; an invoice that adds up in MIS FACTURAS with a PDF that holds its number; one off by a cent
 * refused with the difference in euros; the ERP's own PDF served instead of Botica's; a refund. The
 * refusals of the key (401/403/429) are the shared integration-access suite's.
 */
import type { InvoicesResponse, OrderDetail, RefundsResponse } from '@botica/api-client/schemas';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { centsToEuros, divideRounded, SURCHARGE_RATES, surchargeCents, type VatRate } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { MailEnvelope } from '../../src/mail/transports.ts';
import { createPdfDocument, pdfBytes } from '../../src/pdf/pdf-document.ts';
import { pdfText } from '../../src/testing/pdf-text.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { integrationKey, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function ok<T>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return JSON.parse(response.body) as T;
}

function refusal(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return ErrorBodySchema.parse(JSON.parse(response.body));
}

/** A text with its no-break spaces made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

interface StoredOrderLine {
  reference: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  net_cents: number;
  vat_rate: VatRate;
}

function integrationDocumentsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the ERP's documents on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let demo: InjectSession;
    let secret: string;
    let orderA: { id: number; number: string };
    let orderB: { id: number; number: string };

    /** A new order of farmacia.demo: one product at each VAT rate, above the minimum. */
    async function newOrder(): Promise<{ id: number; number: string }> {
      const api = await loggedIn(server, 'demo.mostrador');
      const rows = await selectRows<{ id: number; price_cents: number }>(
        server.database.db,
        sql`select distinct on (vat_rate) id, price_cents from products
            where is_active and stock_units > 0 and price_cents <= 3000 order by vat_rate, id`,
      );
      const cart = await api.cart.save({
        products: rows.map((row) => ({ id: row.id, quantity: Math.ceil(6000 / row.price_cents) })),
      });
      const { data } = await api.cart.checkout(ids.demo.clientId, cart.id);
      return { id: data.id, number: data.number };
    }

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 60 });
      ids = await server.demoIds();
      demo = new InjectSession(server.app);
      expect((await demo.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      secret = await integrationKey(server, ['documents'], { name: 'SAP B1' });
      orderA = await newOrder();
      orderB = await newOrder();
    });
    afterAll(() => server?.close());

    const erp = (method: 'POST' | 'PUT', url: string, payload: unknown, type = 'application/json') =>
      server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}`, 'content-type': type },
        payload: type === 'application/json' ? JSON.stringify(payload) : (payload as Buffer),
      });
    const detail = async (orderId: number) =>
      ok<{ data: OrderDetail }>(
        await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/orders/${orderId}`),
      ).data;

    /** The messages of a kind delivered so far, once the outbox has nothing pending. */
    async function delivered(kind: string): Promise<MailEnvelope[]> {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const [pending] = await selectRows<{ count: number | string }>(
          server.database.db,
          sql`select count(*) as count from outbox where status = 'pending'`,
        );
        if (Number(pending?.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return server.mail.delivered.filter((message) => message.kind === kind);
    }

    async function linesOf(orderId: number): Promise<StoredOrderLine[]> {
      return selectRows<StoredOrderLine>(
        server.database.db,
        sql`select reference, quantity, unit_price_cents, price_cents, net_cents, vat_rate
            from order_lines where order_id = ${orderId} order by position`,
      );
    }

    /** The invoice of an order's own amounts (computed by Botica's cart maths: it adds up). */
    async function invoiceOf(orderId: number, series: string, number: string) {
      const [order] = await selectRows<{
        total_cents: number;
        taxes: { rate: VatRate; base_cents: number; amount_cents: number }[] | string;
        surcharges: { vat_rate: VatRate; rate: number; base_cents: number; amount_cents: number }[] | string;
        discounts: { group_name: string; discount_percent: number; amount_cents: number }[] | string;
      }>(
        server.database.db,
        sql`select total_cents, taxes, surcharges, discounts from orders where id = ${orderId}`,
      );
      if (!order) throw new Error('no order');
      const json = <T>(value: T | string): T =>
        typeof value === 'string' ? (JSON.parse(value) as T) : value;
      return {
        kind: 'invoice' as const,
        series,
        number,
        order_id: orderId,
        issued_at: new Date().toISOString(),
        lines: (await linesOf(orderId)).map((line) => ({
          reference: line.reference,
          quantity: line.quantity,
          unit_price: centsToEuros(line.unit_price_cents),
          discount: centsToEuros(line.price_cents - line.net_cents),
          base: centsToEuros(line.net_cents),
          vat_rate: line.vat_rate,
        })),
        discounts: json(order.discounts).map((line) => ({
          group_name: line.group_name,
          discount_percent: Number(line.discount_percent),
          amount: centsToEuros(line.amount_cents),
        })),
        taxes: json(order.taxes).map((tax) => ({
          rate: tax.rate,
          base: centsToEuros(tax.base_cents),
          amount: centsToEuros(tax.amount_cents),
        })),
        surcharges: json(order.surcharges).map((line) => ({
          vat_rate: line.vat_rate,
          rate: Number(line.rate),
          base: centsToEuros(line.base_cents),
          amount: centsToEuros(line.amount_cents),
        })),
        total: centsToEuros(order.total_cents),
      };
    }

    it("the ERP's status change shows in the pharmacy's order at once, audited under the key", async () => {
      const url = `/api/v1/integration/orders/${orderA.id}/status`;
      const moved = ok<{ data: { status: string; changed: boolean } }>(
        await erp('POST', url, { status: 'processing' }),
      );
      expect(moved.data).toMatchObject({
        id: orderA.id,
        number: orderA.number,
        status: 'processing',
        changed: true,
      });
      const seen = await detail(orderA.id);
      expect(seen.status).toBe('processing');
      expect(seen.timeline.filter((event) => event.kind === 'status').map((event) => event.status)).toEqual([
        'processing',
      ]);
      // Asked again (an ERP retries): nothing changes.
      expect(
        ok<{ data: { changed: boolean } }>(await erp('POST', url, { status: 'processing' })).data.changed,
      ).toBe(false);
      // The back office's rules: never back to received; a cancellation needs its reason.
      expect(refusal(await erp('POST', url, { status: 'received' }), 409).message).toMatch(/no puede pasar/);
      expect(refusal(await erp('POST', url, { status: 'cancelled' }), 422).errors).toHaveProperty('reason');
      expect(
        refusal(await erp('POST', url, { status: 'delivered', at: '2099-01-01T00:00:00Z' }), 422).errors,
      ).toHaveProperty('at');
      refusal(await erp('POST', '/api/v1/integration/orders/999999/status', { status: 'processing' }), 404);
      const [audit] = await selectRows<{ username: string; action: string }>(
        server.database.db,
        sql`select username, action from audit_log where object_type = 'order' and object_id = ${String(orderA.id)}
            order by id desc limit 1`,
      );
      expect(audit).toEqual({ username: 'API: SAP B1', action: 'order.status_changed' });
    });

    it('a cancelled order never moves again, nor ships', async () => {
      const url = `/api/v1/integration/orders/${orderB.id}/status`;
      ok(await erp('POST', url, { status: 'cancelled', note: 'Farmacia cerrada por obras' }));
      const seen = await detail(orderB.id);
      expect(seen.status).toBe('cancelled');
      expect(seen.timeline.find((event) => event.kind === 'status')).toMatchObject({
        status: 'cancelled',
        reason: 'Farmacia cerrada por obras',
      });
      expect(refusal(await erp('POST', url, { status: 'processing' }), 409).message).toMatch(/cancelado/);
      const [line] = await linesOf(orderB.id);
      const shipped = await erp('PUT', '/api/v1/integration/shipments', {
        number: 'AL-TEST-CANCELLED',
        order_id: orderB.id,
        carrier: 'SEUR',
        tracking_number: 'SE0001',
        tracking_url: 'https://seur.example/t/SE0001',
        shipped_at: new Date().toISOString(),
        lines: [{ reference: line?.reference, quantity: 1 }],
      });
      expect(refusal(shipped, 409).message).toMatch(/cancelado/);
    });

    it('a shipment with its lots is in the order; the pharmacy gets one e-mail however often it is sent', async () => {
      const lines = await linesOf(orderA.id);
      const [first, second] = lines as [StoredOrderLine, StoredOrderLine];
      const shipment = {
        number: 'AL-TEST-000001',
        order_id: orderA.id,
        carrier: 'SEUR',
        tracking_number: 'SE12345678',
        tracking_url: 'https://seguimiento.seur.example/envios/SE12345678',
        shipped_at: new Date().toISOString(),
        packages: 2,
        lines: [
          { reference: first.reference, quantity: 1, lot: 'L2406A', expires_on: '2028-06-30' },
          {
            reference: first.reference,
            quantity: first.quantity - 1,
            lot: 'L2406B',
            expires_on: '2028-07-31',
          },
          { reference: second.reference, quantity: second.quantity },
        ],
      };
      const before = (await delivered('order_shipped')).length;
      const created = ok<{ data: { result: string; order_status: string } }>(
        await erp('PUT', '/api/v1/integration/shipments', shipment),
        201,
      );
      expect(created.data).toMatchObject({ result: 'created', order_status: 'shipped' });
      const again = ok<{ data: { result: string } }>(
        await erp('PUT', '/api/v1/integration/shipments', shipment),
      );
      expect(again.data.result).toBe('unchanged');

      const seen = await detail(orderA.id);
      expect(seen.status).toBe('shipped');
      expect(seen.shipments).toHaveLength(1);
      expect(seen.shipments[0]?.lines).toEqual([
        expect.objectContaining({
          reference: first.reference,
          quantity: 1,
          lot: 'L2406A',
          expires_on: '2028-06-30',
        }),
        expect.objectContaining({ reference: first.reference, lot: 'L2406B', expires_on: '2028-07-31' }),
        expect.objectContaining({
          reference: second.reference,
          quantity: second.quantity,
          lot: null,
          expires_on: null,
        }),
      ]);
      expect(seen.timeline.map((event) => event.kind)).toContain('shipment');

      const mails = (await delivered('order_shipped')).slice(before);
      expect(mails).toHaveLength(1);
      const text = plain(`${mails[0]?.text}\n${mails[0]?.html}`);
      expect(mails[0]?.subject).toBe(`Tu pedido ${orderA.number} ya está en camino`);
      expect(text).toContain('SEUR');
      expect(text).toContain('SE12345678');
      expect(text).toContain('https://seguimiento.seur.example/envios/SE12345678');
      expect(text).toContain('L2406A (cad. 30/06/2028)');
      expect(mails[0]?.text).toMatch(/: \d+ uds?\., lote L2406A, caduca el 30\/06\/2028/);

      // A second delivery note of the same order: no more units than ordered, only its products.
      const [third] = lines.slice(2);
      const over = await erp('PUT', '/api/v1/integration/shipments', {
        ...shipment,
        number: 'AL-TEST-000002',
        lines: [
          { reference: first.reference, quantity: 1 },
          { reference: 'NO-EXISTE-999', quantity: 1 },
        ],
      });
      const refused = refusal(over, 422);
      expect(refused.errors?.['lines.0.quantity']?.[0]).toMatch(/ya se enviaron/);
      expect(refused.errors?.['lines.1.reference']?.[0]).toMatch(/NO-EXISTE-999/);
      if (third) {
        ok(
          await erp('PUT', '/api/v1/integration/shipments', {
            ...shipment,
            number: 'AL-TEST-000002',
            lines: [{ reference: third.reference, quantity: third.quantity }],
          }),
          201,
        );
      }
      // Still one e-mail: only an order's first shipment announces it.
      expect((await delivered('order_shipped')).slice(before)).toHaveLength(1);
      expect((await detail(orderA.id)).shipments.length).toBe(third ? 2 : 1);
      if (!third) return;

      // The order is delivered once every unit has arrived.
      type Answer = { data: { result: string; order_status: string } };
      const url = '/api/v1/integration/shipments';
      const firstArrived = ok<Answer>(await erp('PUT', url, { ...shipment, status: 'delivered' }));
      expect(firstArrived.data).toMatchObject({ result: 'updated', order_status: 'shipped' });
      const secondArrived = {
        ...shipment,
        number: 'AL-TEST-000002',
        status: 'delivered',
        lines: [{ reference: third.reference, quantity: third.quantity }],
      };
      expect(ok<Answer>(await erp('PUT', url, secondArrived)).data).toMatchObject({
        result: 'updated',
        order_status: 'delivered',
      });
      expect(ok<Answer>(await erp('PUT', url, secondArrived)).data.result).toBe('unchanged');
      const arrived = await detail(orderA.id);
      expect(arrived.status).toBe('delivered');
      expect(arrived.timeline.filter((event) => event.kind === 'delivery')).toHaveLength(2);
      expect((await delivered('order_shipped')).slice(before)).toHaveLength(1);
    });

    it('an invoice that adds up is in MIS FACTURAS with its PDF; the same again changes nothing', async () => {
      const invoice = await invoiceOf(orderA.id, 'FE', 'FE2026-000001');
      const before = (await delivered('invoice_issued')).length;
      const stored = ok<{ data: { result: string; pdf: string } }>(
        await erp('PUT', '/api/v1/integration/invoices', invoice),
        201,
      );
      expect(stored.data).toMatchObject({ result: 'created', pdf: 'botica', number: 'FE2026-000001' });
      const list = ok<InvoicesResponse>(
        await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/invoices?number=FE2026-000001`),
      );
      expect(list.data).toHaveLength(1);
      const [listed] = list.data;
      expect(listed?.total_price).toBe(invoice.total);
      expect(listed?.order).toEqual(orderA);
      const pdf = await demo.request('GET', new URL(listed?.pdf_url ?? '', 'http://localhost').pathname);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('FE2026-000001');
      expect(text).toContain(orderA.number);

      const mails = (await delivered('invoice_issued')).slice(before);
      expect(mails.map((mail) => mail.subject)).toEqual(['Nueva factura FE2026-000001']);

      const again = ok<{ data: { result: string } }>(
        await erp('PUT', '/api/v1/integration/invoices', invoice),
      );
      expect(again.data.result).toBe('unchanged');
      expect((await delivered('invoice_issued')).slice(before)).toHaveLength(1);
      // An issued invoice is corrected by a refund, never rewritten.
      const rewritten = await erp('PUT', '/api/v1/integration/invoices', {
        ...invoice,
        total: centsToEuros(Math.round(invoice.total * 100) + 100),
      });
      expect(refusal(rewritten, 409).message).toMatch(/rectificativa/);
    });

    it('the same invoice sent twice at once is stored once', async () => {
      const invoice = await invoiceOf(orderA.id, 'FE', 'FE2026-000003');
      const answers = await Promise.all([
        erp('PUT', '/api/v1/integration/invoices', invoice),
        erp('PUT', '/api/v1/integration/invoices', invoice),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      const [count] = await selectRows<{ count: number | string }>(
        server.database.db,
        sql`select count(*) as count from invoices where number = 'FE2026-000003'`,
      );
      expect(Number(count?.count)).toBe(1);
    });

    it('an invoice off by a cent is refused, the difference named in euros under its field', async () => {
      const invoice = await invoiceOf(orderA.id, 'FE', 'FE2026-000002');
      const refused = refusal(
        await erp('PUT', '/api/v1/integration/invoices', {
          ...invoice,
          total: centsToEuros(Math.round(invoice.total * 100) + 1),
        }),
        422,
      );
      expect(plain(refused.message)).toMatch(
        /^Los importes de FE2026-000002 no cuadran: el total debería ser .* €/,
      );
      expect(Object.keys(refused.errors ?? {})).toEqual(['total']);
      expect(plain(refused.errors?.total?.[0] ?? '')).toContain('0,01 € de más');

      const lineOff = refusal(
        await erp('PUT', '/api/v1/integration/invoices', {
          ...invoice,
          lines: invoice.lines.map((line, index) =>
            index === 1 ? { ...line, base: centsToEuros(Math.round(line.base * 100) - 1) } : line,
          ),
        }),
        422,
      );
      expect(Object.keys(lineOff.errors ?? {})).toContain('lines.1.base');
      const huge = refusal(
        await erp('PUT', '/api/v1/integration/invoices', {
          ...invoice,
          lines: invoice.lines.map((line, index) =>
            index === 0 ? { ...line, unit_price: 10_000_000.01 } : line,
          ),
        }),
        422,
      );
      expect(Object.keys(huge.errors ?? {})).toEqual(['lines.0.unit_price']);
      const [count] = await selectRows<{ count: number | string }>(
        server.database.db,
        sql`select count(*) as count from invoices where number = 'FE2026-000002'`,
      );
      expect(Number(count?.count)).toBe(0);
    });

    it("the ERP's own PDF is what the pharmacy downloads; a file that is not a PDF is refused", async () => {
      const doc = createPdfDocument({ title: 'Factura del ERP', author: 'ERP', createdAt: new Date() }, 40);
      doc.font('regular').text('FACTURA ERP FE2026-000001 · Documento propio del ERP');
      const own = await pdfBytes(doc);
      const url = '/api/v1/integration/invoices/FE/FE2026-000001/pdf';
      const notPdf = refusal(
        await erp('PUT', url, Buffer.from('%PDF-1.7 not really a pdf at all, only text'), 'application/pdf'),
        422,
      );
      expect(notPdf.errors).toHaveProperty('file');
      refusal(
        await erp('PUT', '/api/v1/integration/invoices/FE/FE2026-999999/pdf', own, 'application/pdf'),
        404,
      );
      const stored = ok<{ data: { pdf: string } }>(await erp('PUT', url, own, 'application/pdf'));
      expect(stored.data.pdf).toBe('erp');

      const list = ok<InvoicesResponse>(
        await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/invoices?number=FE2026-000001`),
      );
      const served = await demo.request(
        'GET',
        new URL(list.data[0]?.pdf_url ?? '', 'http://localhost').pathname,
      );
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, own)).toBe(0);
      expect(await pdfText(served.rawPayload)).toContain('FACTURA ERP FE2026-000001');
    });

    it('a refund corrects its invoice and is in the pharmacy’s refunds', async () => {
      const [line] = await linesOf(orderA.id);
      if (!line) throw new Error('no line');
      const base = line.unit_price_cents;
      const vat = divideRounded(base * line.vat_rate, 100);
      const [client] = await selectRows<{ recargo_equivalencia: boolean }>(
        server.database.db,
        sql`select recargo_equivalencia from clients where id = ${ids.demo.clientId}`,
      );
      const surcharge = client?.recargo_equivalencia ? surchargeCents(base, line.vat_rate) : 0;
      const refund = {
        kind: 'refund',
        series: 'RE',
        number: 'RE2026-000001',
        order_id: orderA.id,
        issued_at: new Date().toISOString(),
        corrects: { series: 'FE', number: 'FE2026-000001' },
        reason: 'Una unidad llegó rota',
        lines: [
          {
            reference: line.reference,
            quantity: 1,
            unit_price: centsToEuros(base),
            base: centsToEuros(base),
            vat_rate: line.vat_rate,
          },
        ],
        taxes: [{ rate: line.vat_rate, base: centsToEuros(base), amount: centsToEuros(vat) }],
        surcharges: client?.recargo_equivalencia
          ? [
              {
                vat_rate: line.vat_rate,
                rate: SURCHARGE_RATES[line.vat_rate],
                base: centsToEuros(base),
                amount: centsToEuros(surcharge),
              },
            ]
          : [],
        total: centsToEuros(base + vat + surcharge),
      };
      const missing = refusal(
        await erp('PUT', '/api/v1/integration/invoices', { ...refund, corrects: undefined }),
        422,
      );
      expect(missing.errors).toHaveProperty('corrects');
      ok(await erp('PUT', '/api/v1/integration/invoices', refund), 201);
      const refunds = ok<RefundsResponse>(
        await demo.request(
          'GET',
          `/api/v1/driver/customers/clients/${ids.demo.clientId}/refunds?number=RE2026-000001`,
        ),
      );
      expect(refunds.data[0]).toMatchObject({
        number: 'RE2026-000001',
        reason: 'Una unidad llegó rota',
        corrects: { number: 'FE2026-000001' },
        total_price: refund.total,
      });
      // The same refund as many ERPs print it, every amount negative: read as positive, as stored.
      const negative = -1;
      const turned = {
        ...refund,
        number: 'RE2026-000002',
        lines: refund.lines.map((each) => ({
          ...each,
          unit_price: negative * each.unit_price,
          base: negative * each.base,
        })),
        taxes: refund.taxes.map((tax) => ({
          ...tax,
          base: negative * tax.base,
          amount: negative * tax.amount,
        })),
        surcharges: refund.surcharges.map((each) => ({
          ...each,
          base: negative * each.base,
          amount: negative * each.amount,
        })),
        total: negative * refund.total,
      };
      expect(
        ok<{ data: { total: number } }>(await erp('PUT', '/api/v1/integration/invoices', turned), 201).data
          .total,
      ).toBe(refund.total);
      // An invoice's amounts are never negative; a refund's are all of one sign.
      const mixed = refusal(
        await erp('PUT', '/api/v1/integration/invoices', {
          ...turned,
          number: 'RE2026-000003',
          total: refund.total,
        }),
        422,
      );
      expect(mixed.message).toMatch(/todos en negativo/);
      const invoice = await invoiceOf(orderA.id, 'FE', 'FE2026-000004');
      const negativeInvoice = refusal(
        await erp('PUT', '/api/v1/integration/invoices', { ...invoice, total: -invoice.total }),
        422,
      );
      expect(negativeInvoice.errors).toHaveProperty('total');

      const mails = await delivered('refund_issued');
      expect(mails.map((mail) => mail.subject)).toContain('Nueva factura rectificativa RE2026-000001');
    });
  });
}

integrationDocumentsSuite(projectEngine());
