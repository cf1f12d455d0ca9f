/**
 * Where an order goes, on a real database: the cart's choices (the pharmacy's shops, the user's last
 * shop, its wholesalers), an order sent to a chosen shop as a transfer order through a wholesaler and
 * kept as sent (its detail, e-mail, the ERP's feed and webhook say the same, and a later edit of the
 * shop changes none of them), the Spanish 422s for another pharmacy's shop or a wholesaler not on the
 * pharmacy's list, and the back office's wholesalers: who may read and change them, each change audited.
 */
import type { ApiClient } from '@botica/api-client';
import { WHOLESALER_MESSAGES } from '@botica/api-client/admin';
import type { IntegrationOrder } from '@botica/api-client/integration';
import { DELIVERY_MESSAGES } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { MailEnvelope } from '../../src/mail/transports.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import {
  client,
  expectRefusal,
  failure,
  integrationKey,
  isUnavailable,
  loggedIn,
  postgresUrl,
} from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** A text with its no-break spaces made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function orderDeliverySuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`where an order goes on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let pharmacist: ApiClient;
    let admin: InjectSession;
    let comercial: InjectSession;
    let shops: { id: number; name: string; address: string; is_main: boolean }[];
    let cofares: { id: number };
    let hefame: { id: number };
    let bidafarma: { id: number };

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 60 });
      ids = await server.demoIds();
      pharmacist = await loggedIn(server, DEMO_ACCOUNTS.demo);
      admin = await session(DEMO_ACCOUNTS.admin);
      comercial = await session(DEMO_ACCOUNTS.comercial);
      shops = await selectRows(
        server.database.db,
        sql`select id, name, address, is_main from shops where client_id = ${ids.demo.clientId}
            order by is_main desc, id`,
      );
      const byCode = async (code: string) => {
        const [row] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select id from wholesalers where code = ${code}`,
        );
        if (!row) throw new Error(`demo wholesaler ${code} missing`);
        return row;
      };
      cofares = await byCode('COFARES');
      hefame = await byCode('HEFAME');
      bidafarma = await byCode('BIDAFARMA');
    });
    afterAll(() => server?.close());

    async function session(username: string): Promise<InjectSession> {
      const made = new InjectSession(server.app);
      expect((await made.login(username)).statusCode).toBe(200);
      return made;
    }

    /** A cart above the minimum, saved for farmacia.demo. */
    async function fullCart() {
      const rows = await selectRows<{ id: number; price_cents: number }>(
        server.database.db,
        sql`select distinct on (vat_rate) id, price_cents from products
            where is_active and stock_units > 0 and price_cents <= 3000 order by vat_rate, id`,
      );
      return pharmacist.cart.save({
        products: rows.map((row) => ({ id: row.id, quantity: Math.ceil(6000 / row.price_cents) })),
      });
    }

    async function orderCount(): Promise<number> {
      const [row] = await selectRows<{ count: number | string }>(
        server.database.db,
        sql`select count(*) as count from orders where client_id = ${ids.demo.clientId}`,
      );
      return Number(row?.count);
    }

    async function confirmationOf(number: string): Promise<string> {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const found = server.mail.delivered.find(
          (message: MailEnvelope) =>
            message.kind === 'order_confirmation' && message.subject.includes(number),
        );
        if (found) return plain(`${found.text}\n${found.html}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no confirmation of ${number}`);
    }

    it("offers the pharmacy's shops, the main one first and by default, and its wholesalers", async () => {
      expect(shops.length).toBeGreaterThan(1);
      const { data } = await pharmacist.delivery.options(ids.demo.clientId);
      expect(data.shops.map((shop) => shop.id)).toEqual(shops.map((shop) => shop.id));
      expect(data.shops[0]?.is_main).toBe(true);
      expect(data.default_shop_id).toBe(shops[0]?.id);
      expect(data.wholesalers).toEqual([
        { id: cofares.id, code: 'COFARES', name: 'Cofares', customer_number: '458812' },
        { id: hefame.id, code: 'HEFAME', name: 'Hefame', customer_number: null },
      ]);
    });

    it("refuses another pharmacy's options: 401 without a session, 403 for another's id", async () => {
      expect((await failure(client(server).delivery.options(ids.demo.clientId))).status).toBe(401);
      expect((await failure(pharmacist.delivery.options(ids.norte.clientId))).status).toBe(403);
    });

    it("refuses another pharmacy's shop and a wholesaler not on its list, in Spanish, and sends nothing", async () => {
      const [foreign] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from shops where client_id = ${ids.norte.clientId} limit 1`,
      );
      const cart = await fullCart();
      const before = await orderCount();
      const shop = await failure(
        pharmacist.cart.checkout(ids.demo.clientId, cart.id, { shop_id: foreign?.id }),
      );
      expect(shop.status).toBe(422);
      expect(shop.message).toBe(DELIVERY_MESSAGES.shopNotOwn);
      expect(shop.fieldErrors).toEqual({ shop_id: [DELIVERY_MESSAGES.shopNotOwn] });
      const wholesaler = await failure(
        pharmacist.cart.checkout(ids.demo.clientId, cart.id, { wholesaler_id: bidafarma.id }),
      );
      expect(wholesaler.status).toBe(422);
      expect(wholesaler.fieldErrors).toEqual({ wholesaler_id: [DELIVERY_MESSAGES.wholesalerNotOwn] });
      expect(await orderCount()).toBe(before);
      expect((await pharmacist.cart.get())?.id).toBe(cart.id);
    });

    it('sends to the chosen shop through the wholesaler, and every reader says so as it was sent', async () => {
      const second = shops[1];
      if (!second) throw new Error('a second shop is needed');
      const endpoint = await admin.request('POST', '/api/v1/admin/webhooks', {
        payload: { url: 'http://127.0.0.1:9/erp', description: 'ERP', events: ['order.placed'] },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);

      const cart = await fullCart();
      const { data: order } = await pharmacist.cart.checkout(ids.demo.clientId, cart.id, {
        shop_id: second.id,
        wholesaler_id: cofares.id,
      });
      const transfer = { code: 'COFARES', name: 'Cofares', customer_number: '458812' };
      expect(order.delivery).toMatchObject({
        shop_id: second.id,
        name: second.name,
        address: second.address,
      });
      expect(order.transfer).toEqual(transfer);

      // The pharmacist's detail and the back office's.
      const detail = await pharmacist.orders.get(ids.demo.clientId, order.id);
      expect(detail.delivery).toEqual(order.delivery);
      expect(detail.transfer).toEqual(transfer);
      const staff = await admin.request('GET', `/api/v1/admin/orders/${order.id}`);
      expect(staff.json().data).toMatchObject({ delivery: order.delivery, transfer });
      const listed = await admin.request('GET', `/api/v1/admin/orders?q=${order.number}`);
      expect(listed.json().data.find((row: { id: number }) => row.id === order.id)?.transfer).toEqual(
        transfer,
      );

      // The e-mail names the shop and the wholesaler.
      const text = await confirmationOf(order.number);
      expect(text).toContain(`${second.name}, ${second.address}`);
      expect(text).toContain('Transfer a través de Cofares (nº cliente 458812)');

      // The ERP's feed and webhook carry the same destination.
      const secret = await integrationKey(server, ['orders']);
      const fed = await server.app.inject({
        method: 'GET',
        url: `/api/v1/integration/orders/${order.id}`,
        headers: { authorization: `Bearer ${secret}` },
      });
      const booked = fed.json().data as IntegrationOrder;
      expect(booked.delivery).toEqual(order.delivery);
      expect(booked.transfer).toEqual(transfer);
      const [event] = await selectRows<{ payload: { data: Record<string, unknown> } | string }>(
        server.database.db,
        sql`select payload from webhook_deliveries where event_type = 'order.placed' order by id desc limit 1`,
      );
      const payload = typeof event?.payload === 'string' ? JSON.parse(event.payload) : event?.payload;
      expect(payload?.data).toMatchObject({ id: order.id, delivery: order.delivery, transfer });

      // The cart proposes that shop next time.
      expect((await pharmacist.delivery.options(ids.demo.clientId)).data.default_shop_id).toBe(second.id);

      // A later edit of the shop and of the wholesaler rewrites nothing of the order.
      await server.database.db.execute(
        sql`update shops set address = 'Calle Nueva, 1' where id = ${second.id}`,
      );
      await server.database.db.execute(
        sql`update wholesalers set name = 'Cofares Grupo' where id = ${cofares.id}`,
      );
      const again = await pharmacist.orders.get(ids.demo.clientId, order.id);
      expect(again.delivery.address).toBe(second.address);
      expect(again.transfer?.name).toBe('Cofares');
      await server.database.db.execute(
        sql`update shops set address = ${second.address} where id = ${second.id}`,
      );
      await server.database.db.execute(sql`update wholesalers set name = 'Cofares' where id = ${cofares.id}`);
    });

    it('sends to the main shop directly when nothing is chosen, as before', async () => {
      const cart = await fullCart();
      const { data: order } = await pharmacist.cart.checkout(ids.demo.clientId, cart.id);
      expect(order.delivery.shop_id).toBe(shops[0]?.id);
      expect(order.transfer).toBeNull();
      expect(await confirmationOf(order.number)).not.toContain('Transfer a través de');
    });

    it("lists the laboratory's wholesalers for the staff; only an admin adds and removes, audited", async () => {
      const listed = await comercial.request('GET', '/api/v1/admin/wholesalers');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((row: { code: string }) => row.code)).toEqual([
        'ALLIANCE',
        'BIDAFARMA',
        'COFARES',
        'HEFAME',
      ]);
      expectRefusal(await new InjectSession(server.app).request('GET', '/api/v1/admin/wholesalers'), 401);
      expectRefusal(
        await comercial.request('POST', '/api/v1/admin/wholesalers', { payload: { code: 'X', name: 'X' } }),
        403,
      );

      const made = await admin.request('POST', '/api/v1/admin/wholesalers', {
        payload: { code: 'centro-1', name: 'Distribuidora Centro' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data).toMatchObject({
        code: 'CENTRO-1',
        name: 'Distribuidora Centro',
        pharmacies: 0,
      });
      const taken = await admin.request('POST', '/api/v1/admin/wholesalers', {
        payload: { code: 'Centro-1', name: 'Otra' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ code: [WHOLESALER_MESSAGES.codeTaken] });
      const empty = await admin.request('POST', '/api/v1/admin/wholesalers', {
        payload: { code: '', name: '' },
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toMatchObject({
        code: [WHOLESALER_MESSAGES.codeRequired],
        name: [WHOLESALER_MESSAGES.nameRequired],
      });

      const id = made.json().data.id as number;
      expect((await admin.request('DELETE', `/api/v1/admin/wholesalers/${id}`)).statusCode).toBe(204);
      expect((await admin.request('DELETE', `/api/v1/admin/wholesalers/${id}`)).statusCode).toBe(404);
      const audited = await selectRows<{ action: string }>(
        server.database.db,
        sql`select action from audit_log where object_type = 'wholesaler' and object_id = ${String(id)} order by id`,
      );
      expect(audited.map((row) => row.action)).toEqual(['wholesaler.created', 'wholesaler.deleted']);
    });

    it("manages a pharmacy's wholesalers: add with a customer number, change it, remove; reps read their own", async () => {
      const base = `/api/v1/admin/pharmacies/${ids.norte.clientId}/wholesalers`;
      const added = await admin.request('PUT', `${base}/${bidafarma.id}`, {
        payload: { customer_number: ' 77-1200 ' },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toContainEqual({
        wholesaler_id: bidafarma.id,
        code: 'BIDAFARMA',
        name: 'Bidafarma',
        customer_number: '77-1200',
      });
      const changed = await admin.request('PUT', `${base}/${bidafarma.id}`, {
        payload: { customer_number: '' },
      });
      expect(
        changed.json().data.find((row: { wholesaler_id: number }) => row.wholesaler_id === bidafarma.id),
      ).toMatchObject({ customer_number: null });

      // The pharmacist of that pharmacy now may send through it.
      const norte = await loggedIn(server, DEMO_ACCOUNTS.norte);
      const { data } = await norte.delivery.options(ids.norte.clientId);
      expect(data.wholesalers.map((row) => row.code)).toContain('BIDAFARMA');

      expect((await admin.request('PUT', `${base}/999999`, { payload: {} })).statusCode).toBe(404);
      const tooLong = await admin.request('PUT', `${base}/${bidafarma.id}`, {
        payload: { customer_number: '9'.repeat(41) },
      });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().errors).toEqual({ customer_number: [WHOLESALER_MESSAGES.customerNumberTooLong] });
      expectRefusal(await comercial.request('PUT', `${base}/${bidafarma.id}`, { payload: {} }), 403);

      const removed = await admin.request('DELETE', `${base}/${bidafarma.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.map((row: { code: string }) => row.code)).not.toContain('BIDAFARMA');
      expect((await admin.request('DELETE', `${base}/${bidafarma.id}`)).statusCode).toBe(404);
      const audited = await selectRows<{ action: string }>(
        server.database.db,
        sql`select action from audit_log where object_type = 'client' and object_id = ${String(ids.norte.clientId)}
            and action like 'pharmacy.wholesaler%' order by id`,
      );
      expect(audited.map((row) => row.action)).toEqual([
        'pharmacy.wholesaler_added',
        'pharmacy.wholesaler_updated',
        'pharmacy.wholesaler_removed',
      ]);

      // A sales rep reads his own pharmacies' lists, and no other's.
      const [rep] = await selectRows<{ sales_rep_id: number | null }>(
        server.database.db,
        sql`select sales_rep_id from users where username = ${DEMO_ACCOUNTS.comercial}`,
      );
      const [mine] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from clients where sales_rep_id = ${rep?.sales_rep_id ?? 0} order by id limit 1`,
      );
      const [other] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from clients where sales_rep_id is distinct from ${rep?.sales_rep_id ?? 0} order by id limit 1`,
      );
      expect(
        (await comercial.request('GET', `/api/v1/admin/pharmacies/${mine?.id}/wholesalers`)).statusCode,
      ).toBe(200);
      expectRefusal(await comercial.request('GET', `/api/v1/admin/pharmacies/${other?.id}/wholesalers`), 403);
    });
  });
}

orderDeliverySuite(projectEngine());
