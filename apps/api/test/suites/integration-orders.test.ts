/**
 * The ERP's orders (`/api/v1/integration/orders…`, scope `orders`): one order carries what the
 * pharmacy's own order detail says, amounts included; the feed pages with `limit`, a cursor replayed
 * answers the same page, a bad cursor is a 422; an order whose transaction is still open is not
 * answered, nor anything after it, until it commits; and orders placed by 20 pharmacies at once while
 * the ERP polls are each read exactly once.
 */
import {
  BAD_FEED_CURSOR,
  type IntegrationOrder,
  type OrderFeedResponse,
} from '@botica/api-client/integration';
import type { Order } from '@botica/api-client/schemas';
import { eurosToCents } from '@botica/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCart } from '../../src/cart/cart-service.ts';
import type { AppContext, CoreContext } from '../../src/context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { encodeCursor } from '../../src/orders/order-feed.ts';
import { checkout } from '../../src/orders/orders-service.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/**
 * Orders placed at once in the concurrency case: on PostgreSQL by 20 pharmacies in parallel; PGlite
 * runs one transaction at a time, so fewer there (the poller still reads between them).
 */
const PARALLEL_ORDERS: Record<Engine, number> = { postgres: 1000, pglite: 60 };
const PHARMACIES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function integrationOrdersSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the ERP's orders on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let secret: string;
    let context: AppContext;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      // The poller of the concurrency case calls far more often than an ERP's minute.
      secret = await integrationKey(server, ['orders'], { name: 'ERP pedidos', ratePerMinute: 100_000 });
      const core: CoreContext = { db: server.database.db, settings: testSettings(), now: () => new Date() };
      context = { ...core, mail: { nudge: () => {} }, limiter: new RateLimiter(core) };
      // Orders of any size, as many as the case needs, in any month.
      await server.database.db.execute(
        sql`update configurations set value = case key when 'order_minimum_amount' then '0' else '10000000' end
            where key in ('order_minimum_amount', 'maximum_purchase_per_month')`,
      );
    });
    afterAll(() => server?.close());

    const call = (url: string) =>
      server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

    async function feed(after?: string, limit?: number): Promise<OrderFeedResponse> {
      const query = new URLSearchParams();
      if (after !== undefined) query.set('after', after);
      if (limit !== undefined) query.set('limit', String(limit));
      const response = await call(`/api/v1/integration/orders?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    /** Every order ready after `after`, page by page, and the cursor to poll from next. */
    async function drain(
      after?: string,
      limit = 500,
    ): Promise<{ orders: IntegrationOrder[]; cursor: string }> {
      const orders: IntegrationOrder[] = [];
      let cursor = after;
      for (;;) {
        const page = await feed(cursor, limit);
        orders.push(...page.data);
        expect(page.data.length).toBeLessThanOrEqual(limit);
        cursor = page.next_cursor;
        if (!page.has_more) return { orders, cursor };
        expect(page.data.length).toBe(limit);
      }
    }

    const orderCount = async () => {
      const [row] = await selectRows<{ n: number | string }>(
        server.database.db,
        sql`select count(*) as n from orders`,
      );
      return Number(row?.n);
    };

    /** Lines of a few of the catalogue's active products. */
    const productIds = async (count: number) =>
      (
        await selectRows<{ id: number }>(
          server.database.db,
          sql`select id from products where is_active and price_cents > 0 order by id limit ${count}`,
        )
      ).map((row) => row.id);

    async function pharmacist(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    it('an order carries what the pharmacy sees in its own order detail, amounts included', async () => {
      const demo = await pharmacist(DEMO_ACCOUNTS.demo);
      const products = await productIds(4);
      const saved = await demo.request('POST', '/api/v1/cart', {
        payload: { products: products.map((id, index) => ({ id, quantity: index + 2 })) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sent = await demo.request(
        'POST',
        `/api/v1/clients/${ids.demo.clientId}/cart/${saved.json().id}/checkout`,
        { payload: { notes: 'Entregar por la mañana, por la puerta de atrás' } },
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const fresh: Order = sent.json().data;

      const compared: { session: InjectSession; clientId: number; orderIds: number[] }[] = [];
      for (const [username, clientId] of [
        [DEMO_ACCOUNTS.demo, ids.demo.clientId],
        [DEMO_ACCOUNTS.limite, ids.limite.clientId],
      ] as const) {
        const session = username === DEMO_ACCOUNTS.demo ? demo : await pharmacist(username);
        const listed = await session.request('GET', `/api/v1/clients/${clientId}/orders?per_page=50`);
        expect(listed.statusCode).toBe(200);
        const orderIds = (listed.json().data as Order[]).map((order) => order.id);
        expect(orderIds.length).toBeGreaterThan(0);
        compared.push({ session, clientId, orderIds });
      }
      const regimes = new Set<boolean>();
      const { orders: all } = await drain();
      const inFeed = new Map(all.map((order) => [order.id, order]));
      for (const { session, clientId, orderIds } of compared) {
        const [client] = await selectRows<{ tax_id: string; erp_code: string; name: string }>(
          server.database.db,
          sql`select tax_id, erp_code, name from clients where id = ${clientId}`,
        );
        for (const orderId of orderIds) {
          const detail = await session.request('GET', `/api/v1/clients/${clientId}/orders/${orderId}`);
          expect(detail.statusCode).toBe(200);
          const mine: Order = detail.json().data;
          const answer = await call(`/api/v1/integration/orders/${orderId}`);
          expect(answer.statusCode, answer.body).toBe(200);
          const erp: IntegrationOrder = answer.json().data;
          regimes.add(erp.recargo_equivalencia);

          expect(erp).toMatchObject({
            id: mine.id,
            number: mine.number,
            status: mine.status,
            placed_at: mine.created_at,
            notes: mine.notes,
            recargo_equivalencia: mine.recargo_equivalencia,
            pharmacy: {
              id: clientId,
              tax_id: client?.tax_id,
              erp_code: client?.erp_code,
              name: client?.name,
            },
            // Where the pharmacy chose to have it delivered (its main shop unless it chose another).
            delivery: mine.delivery,
            transfer: mine.transfer,
          });
          expect(
            erp.lines.map(({ reference, name, format, quantity, unit_price, amount, base, vat_rate }) => ({
              reference,
              name,
              format,
              quantity,
              unit_price,
              amount,
              base,
              vat_rate,
            })),
          ).toEqual(
            mine.lines.map((line) => ({
              reference: line.reference,
              name: line.name,
              format: line.format,
              quantity: line.quantity,
              unit_price: line.unit_price,
              amount: line.price,
              base: line.price_include_discount,
              vat_rate: line.vat_rate,
            })),
          );
          expect(erp.lines.map((line) => line.position)).toEqual(mine.lines.map((_, index) => index + 1));
          expect(erp.discounts).toEqual(mine.discounts);
          expect(erp.totals).toMatchObject({
            gross: mine.price,
            discount: mine.price_discount_line,
            total: mine.total_price,
          });
          expect(eurosToCents(erp.totals.vat) + eurosToCents(erp.totals.recargo)).toBe(
            eurosToCents(mine.price_tax),
          );
          expect(erp.totals.by_vat_rate).toEqual(
            mine.taxes.map((tax) => {
              const surcharge = mine.surcharges.find((line) => line.vat_rate === tax.rate);
              return {
                vat_rate: tax.rate,
                base: tax.base,
                vat: tax.amount,
                recargo_rate: surcharge?.rate ?? null,
                recargo: surcharge?.amount ?? 0,
              };
            }),
          );
          // The lines add up to the totals: the ERP can book either.
          const cents = (values: number[]) => values.reduce((sum, value) => sum + eurosToCents(value), 0);
          expect(cents(erp.lines.map((line) => line.discount))).toBe(eurosToCents(erp.totals.discount));
          expect(cents(erp.lines.map((line) => line.base))).toBe(eurosToCents(erp.totals.base));
          for (const line of erp.lines) expect(line.recargo_rate === null).toBe(!erp.recargo_equivalencia);
          // The feed's items are the same shape, the same content.
          expect(inFeed.get(orderId)).toEqual(erp);
        }
      }
      expect(regimes).toEqual(new Set([true, false]));

      const ordered = (await call(`/api/v1/integration/orders/${fresh.id}`)).json().data as IntegrationOrder;
      expect(ordered.notes).toBe('Entregar por la mañana, por la puerta de atrás');
      const codes = await selectRows<{ reference: string; national_code: string | null; ean: string | null }>(
        server.database.db,
        sql`select reference, national_code, ean from products where id in (${sql.join(
          products.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(
        ordered.lines
          .map(({ reference, national_code, ean }) => ({ reference, national_code, ean }))
          .sort((a, b) => a.reference.localeCompare(b.reference)),
      ).toEqual(codes.sort((a, b) => a.reference.localeCompare(b.reference)));

      const unknown = await call('/api/v1/integration/orders/2000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('El pedido no existe.');
    });

    it('pages with limit, every order once in the feed, and a cursor replayed answers the same page', async () => {
      const whole = await drain(undefined, 500);
      expect(whole.orders.length).toBe(await orderCount());
      expect(new Set(whole.orders.map((order) => order.id)).size).toBe(whole.orders.length);

      const paged = await drain(undefined, 7);
      expect(paged.orders.map((order) => order.id)).toEqual(whole.orders.map((order) => order.id));
      expect(paged.cursor).toBe(whole.cursor);

      const first = await feed(undefined, 7);
      expect(first.has_more).toBe(true);
      const second = await feed(first.next_cursor, 7);
      const again = await feed(first.next_cursor, 7);
      expect(again).toEqual(second);
      expect(second.data.map((order) => order.id)).toEqual(
        paged.orders.slice(7, 14).map((order) => order.id),
      );
      expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);

      // At the end: nothing, the same cursor back, nothing more.
      const end = await feed(whole.cursor);
      expect(end).toEqual({ data: [], next_cursor: whole.cursor, has_more: false });
      expect((await feed(undefined, 1)).data).toHaveLength(1);
    });

    it('a cursor it did not answer, or a limit out of 1..500 → 422 in Spanish', async () => {
      const refused = async (query: string, field: string) => {
        const response = await call(`/api/v1/integration/orders?${query}`);
        expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
        const body = response.json();
        expect(body.errors?.[field], query).toBeDefined();
        return body;
      };
      const { cursor } = await drain();
      for (const after of [
        'no-es-un-cursor',
        Buffer.from('12:abc').toString('base64url'),
        Buffer.from('-1:5').toString('base64url'),
        `${cursor}=`,
        'x'.repeat(200),
        // From a transaction this database has not reached: not one of its cursors.
        encodeCursor({ xid: '9223372036854775807', id: 1 }),
      ]) {
        const body = await refused(`after=${encodeURIComponent(after)}`, 'after');
        expect(body.errors.after).toEqual([BAD_FEED_CURSOR]);
      }
      for (const limit of ['0', '501', 'cien', '2.5']) await refused(`limit=${limit}`, 'limit');
    });

    it.skipIf(engine === 'pglite')(
      'an order whose transaction is still open is not answered, nor any after it, until it commits',
      async () => {
        const { cursor } = await drain();
        const [product] = await productIds(1);
        const held = new pg.Client({ connectionString: server.database.url });
        await held.connect();
        try {
          await held.query('begin');
          const inserted = await held.query<{ id: number }>(
            `insert into orders (number, client_id, status, notes, price_cents, discount_cents, tax_cents,
                                 total_cents, discounts, taxes, surcharges, recargo_equivalencia)
             values ('PW-RETENIDO-1', $1, 'received', 'pedido en una transacción abierta', 1000, 0, 210, 1210,
                     '[]', '[{"rate":21,"base_cents":1000,"amount_cents":210}]', '[]', false)
             returning id`,
            [ids.limite.clientId],
          );
          const heldId = inserted.rows[0]?.id as number;
          await held.query(
            `insert into order_lines (order_id, product_id, position, reference, name, format, quantity,
                                      unit_price_cents, price_cents, net_cents, vat_rate)
             select $1, id, 0, reference, name, format, 1, 1000, 1000, 1000, 21 from products where id = $2`,
            [heldId, product],
          );

          // An order placed (and committed) after the held one began.
          const cart = await saveCart(context, {
            clientId: ids.demo.clientId,
            lines: [{ id: product as number, quantity: 3 }],
          });
          const later = await checkout(context, {
            clientId: ids.demo.clientId,
            userId: ids.demo.userId,
            cartId: cart.id,
            notes: undefined,
            portalOrigin: 'https://portal.example',
          });
          expect(later.created).toBe(true);
          expect(later.order.id).toBeGreaterThan(heldId);
          // It is committed and the pharmacy sees it; the feed holds it back behind the open one.
          for (let poll = 0; poll < 3; poll += 1) {
            expect(await feed(cursor)).toEqual({ data: [], next_cursor: cursor, has_more: false });
            const detail = await call(`/api/v1/integration/orders/${later.order.id}`);
            expect(detail.statusCode).toBe(200);
          }

          await held.query('commit');
          const after = await drain(cursor);
          expect(after.orders.map((order) => order.id)).toEqual([heldId, later.order.id]);
          expect(after.orders[0]).toMatchObject({
            number: 'PW-RETENIDO-1',
            totals: { gross: 10, base: 10, vat: 2.1, recargo: 0, total: 12.1 },
          });
          expect((await drain(after.cursor)).orders).toEqual([]);
        } finally {
          await held.end();
        }
      },
    );

    it('orders placed by 20 pharmacies at once while the ERP polls: each read exactly once, none missing', async () => {
      const total = PARALLEL_ORDERS[engine];
      // The demo's pharmacies, and more like them up to 20, each with a user who sends.
      const [template] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from clients order by id limit 1`,
      );
      const existing = await selectRows<{ id: number }>(server.database.db, sql`select id from clients`);
      const missing = Math.max(0, PHARMACIES - existing.length);
      await server.database.db.execute(sql`
        insert into clients (name, tax_id, erp_code, address, postal_code, city, province, phone, email,
                             discount_group_id, sales_rep_id, recargo_equivalencia)
        select 'Farmacia en paralelo ' || n, 'PARALELO' || n, 'ERP-PARALELO-' || n, address, postal_code,
               city, province, phone, email, discount_group_id, sales_rep_id, recargo_equivalencia
        from clients, generate_series(1, ${missing}) n where id = ${template?.id}`);
      await server.database.db.execute(sql`
        insert into users (username, password_hash, name, role, client_id)
        select 'paralelo.' || c.id, 'scrypt$unused', c.name, 'client', c.id from clients c
        where not exists (select 1 from users u where u.client_id = c.id)`);
      const senders = await selectRows<{ client_id: number; user_id: number }>(
        server.database.db,
        sql`select client_id, min(id) as user_id from users where client_id is not null
            group by client_id order by client_id limit ${PHARMACIES}`,
      );
      expect(senders).toHaveLength(PHARMACIES);
      const products = await productIds(12);

      const { cursor: start } = await drain();
      const before = await orderCount();

      let placing = true;
      const read: number[] = [];
      let busyPolls = 0;
      const poller = (async () => {
        let cursor = start;
        while (placing) {
          const page = await feed(cursor, 100);
          read.push(...page.data.map((order) => order.id));
          if (page.data.length > 0) busyPolls += 1;
          cursor = page.next_cursor;
          if (!page.has_more) await sleep(engine === 'postgres' ? 2 : 10);
        }
        return cursor;
      })();

      const placed: number[] = [];
      const started = Date.now();
      let next = 0;
      await Promise.all(
        senders.map(async ({ client_id: clientId, user_id: userId }, pharmacy) => {
          for (let index = next++; index < total; index = next++) {
            const lines = [0, 1, 2].slice(0, 1 + ((index + pharmacy) % 3)).map((offset) => ({
              id: products[(index + offset) % products.length] as number,
              quantity: 1 + offset,
            }));
            const cart = await saveCart(context, { clientId, lines });
            const { order, created } = await checkout(context, {
              clientId,
              userId,
              cartId: cart.id,
              notes: undefined,
              portalOrigin: 'https://portal.example',
            });
            expect(created).toBe(true);
            placed.push(order.id);
            // PGlite queues every statement behind the open transactions: let the poller's through.
            if (engine === 'pglite') await sleep(50);
          }
        }),
      );
      const placingMs = Date.now() - started;
      placing = false;
      let cursor = await poller;
      // Every order's transaction has ended, but an order is ready only once every transaction that
      // began before it has too, the app's own included (the mail and webhook senders' claims, a
      // session's touch): on a loaded machine one of them may still run. The next polls read them.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const rest = await drain(cursor, 100);
        read.push(...rest.orders.map((order) => order.id));
        cursor = rest.cursor;
        if (read.length >= placed.length || Date.now() > deadline) break;
        await sleep(20);
      }

      expect(placed).toHaveLength(total);
      expect(await orderCount()).toBe(before + total);
      const counts = new Map<number, number>();
      for (const id of read) counts.set(id, (counts.get(id) ?? 0) + 1);
      expect([...counts].filter(([, times]) => times > 1)).toEqual([]);
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...placed].sort((a, b) => a - b));
      // The poller read while the orders were being placed, not only at the end.
      expect(busyPolls).toBeGreaterThan(1);
      console.log(`${engine}: ${total} orders placed in ${placingMs} ms, ${busyPolls} polls with orders`);
    }, 120_000);
  });
}

integrationOrdersSuite(projectEngine());
