/**
 * The pharmacy's buying habits: 'Mis habituales' (the products its orders of the last 12 months carry
 * most, with the last quantity and date, the price and stock now, withdrawn ones marked) and the
 * purchases of the last 12 Madrid months as the monthly cap counts them; each pharmacy its own only.
 */
import type {
  MonthlyPurchasesResponse,
  PurchasesByMonthResponse,
  UsualProductsResponse,
} from '@botica/api-client/schemas';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { centsToEuros, madridMonth } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthSpentCents } from '../../src/cart/cart-service.ts';
import type { CoreContext } from '../../src/context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_SUB_USERS } from '../../src/demo-data/index.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function body<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return JSON.parse(response.body) as T;
}

function expectRefusal(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  const parsed = ErrorBodySchema.parse(JSON.parse(response.body));
  expect(parsed.message).toMatch(/[a-záéíóúñ]/i);
}

function purchasesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`buying habits on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let demo: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 80 });
      ids = await server.demoIds();
      demo = new InjectSession(server.app);
      expect((await demo.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
    });
    afterAll(() => server?.close());

    const usualPath = (clientId: number) => `/api/v1/clients/${clientId}/usual-products`;
    const monthsPath = (clientId: number) => `/api/v1/clients/${clientId}/purchases-by-month`;

    describe('Mis habituales', () => {
      it('lists the products most ordered in 12 months, ties by the latest, with the last quantity and date', async () => {
        const { data } = body<UsualProductsResponse>(await demo.request('GET', usualPath(ids.demo.clientId)));
        expect(data.length).toBeGreaterThan(3);
        expect(data.length).toBeLessThanOrEqual(30);
        for (const [index, entry] of data.entries()) {
          const next = data[index + 1];
          if (!next) break;
          expect(
            entry.orders_count > next.orders_count ||
              (entry.orders_count === next.orders_count && entry.last_ordered_at >= next.last_ordered_at),
          ).toBe(true);
        }
        // The oracle: the pharmacy's order lines as stored, newest order first.
        const year = new Date();
        year.setUTCFullYear(year.getUTCFullYear() - 1);
        const since = year.toISOString();
        const lines = await selectRows<{
          product_id: number;
          quantity: number;
          order_id: number;
          created_at: Date | string;
        }>(
          server.database.db,
          sql`select l.product_id, l.quantity, o.id as order_id, o.created_at from orders o
              join order_lines l on l.order_id = o.id
              where o.client_id = ${ids.demo.clientId} and o.status <> 'cancelled' and o.created_at >= ${since}
              order by o.created_at desc, o.id desc`,
        );
        for (const entry of data.slice(0, 5)) {
          const own = lines.filter((line) => line.product_id === entry.product.id);
          expect(new Set(own.map((line) => line.order_id)).size).toBe(entry.orders_count);
          expect(entry.last_quantity).toBe(own[0]?.quantity);
          expect(new Date(entry.last_ordered_at).getTime()).toBe(new Date(own[0]?.created_at ?? 0).getTime());
          expect(entry.is_withdrawn).toBe(false);
        }
        const top = data[0];
        const counts = new Map<number, Set<number>>();
        for (const line of lines)
          counts.set(line.product_id, (counts.get(line.product_id) ?? new Set()).add(line.order_id));
        expect(top?.orders_count).toBe(Math.max(...[...counts.values()].map((orders) => orders.size)));
      });

      it('leaves cancelled orders out and marks a withdrawn product, still listed', async () => {
        const before = body<UsualProductsResponse>(
          await demo.request('GET', usualPath(ids.demo.clientId)),
        ).data;
        const top = before[0];
        if (!top) throw new Error('farmacia.demo has no usual products');
        const [latest] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select o.id from orders o join order_lines l on l.order_id = o.id
              where o.client_id = ${ids.demo.clientId} and l.product_id = ${top.product.id} and o.status <> 'cancelled'
              order by o.created_at desc, o.id desc limit 1`,
        );
        await server.database.db.execute(
          sql`update orders set status = 'cancelled' where id = ${latest?.id ?? 0}`,
        );
        await server.database.db.execute(
          sql`update products set is_active = false where id = ${top.product.id}`,
        );
        try {
          const after = body<UsualProductsResponse>(
            await demo.request('GET', usualPath(ids.demo.clientId)),
          ).data;
          const entry = after.find((candidate) => candidate.product.id === top.product.id);
          expect(entry?.orders_count).toBe(top.orders_count - 1);
          expect(entry?.is_withdrawn).toBe(true);
          expect(entry && entry.last_ordered_at < top.last_ordered_at).toBe(true);
        } finally {
          await server.database.db.execute(
            sql`update orders set status = 'delivered' where id = ${latest?.id ?? 0}`,
          );
          await server.database.db.execute(
            sql`update products set is_active = true where id = ${top.product.id}`,
          );
        }
      });

      it('is empty for a pharmacy without orders in 12 months', async () => {
        // Three years on, in a session of its own: the shared one would expire meanwhile.
        server.setNow(new Date(Date.now() + 3 * 365 * 86_400_000));
        try {
          const later = new InjectSession(server.app);
          expect((await later.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
          const { data } = body<UsualProductsResponse>(
            await later.request('GET', usualPath(ids.demo.clientId)),
          );
          expect(data).toEqual([]);
        } finally {
          server.setNow(null);
        }
      });
    });

    describe('purchases per month', () => {
      it('gives the last 12 Madrid months, the current one last and as the monthly cap counts it, and the cap', async () => {
        const { data } = body<PurchasesByMonthResponse>(
          await demo.request('GET', monthsPath(ids.demo.clientId)),
        );
        expect(data.months).toHaveLength(12);
        expect(data.months.at(-1)?.month).toBe(madridMonth(new Date()).key);
        for (const [index, entry] of data.months.entries()) {
          if (index === 0) continue;
          const [year, month] = (data.months[index - 1]?.month ?? '').split('-').map(Number) as [
            number,
            number,
          ];
          const expected = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
          expect(entry.month).toBe(expected);
        }
        const now = body<MonthlyPurchasesResponse>(
          await demo.request('GET', `/api/v1/clients/${ids.demo.clientId}/monthly-purchases`),
        ).data;
        expect(data.months.at(-1)?.spent).toBe(now.spent);
        const [cap] = await selectRows<{ value: string }>(
          server.database.db,
          sql`select value from configurations where key = 'maximum_purchase_per_month'`,
        );
        expect(data.cap).toBe(Number(cap?.value));
        // Every month by the stored orders' prices, cancelled ones excluded, on Madrid's calendar.
        const sums = await selectRows<{ month: string; cents: number | string }>(
          server.database.db,
          sql`select to_char(created_at at time zone 'Europe/Madrid', 'YYYY-MM') as month, sum(price_cents) as cents
              from orders where client_id = ${ids.demo.clientId} and status <> 'cancelled' group by 1`,
        );
        for (const entry of data.months) {
          const found = sums.find((sum) => sum.month === entry.month);
          expect(entry.spent, entry.month).toBe(centsToEuros(Number(found?.cents ?? 0)));
        }
        expect(data.months.some((entry) => entry.spent > 0)).toBe(true);
      });

      it("sums each of the 12 months as the monthly cap's own reading of that month does, at Madrid's month edges", async () => {
        const now = new Date('2026-11-15T12:00:00Z');
        const clientId = ids.norte.clientId;
        const context: CoreContext = { db: server.database.db, settings: testSettings(), now: () => now };
        const capReading = async (): Promise<Map<string, number>> => {
          const readings = new Map<string, number>();
          for (let month = madridMonth(now), count = 0; count < 12; count += 1) {
            readings.set(month.key, await monthSpentCents(context, { clientId, now: month.start }));
            month = madridMonth(new Date(month.start.getTime() - 1));
          }
          return readings;
        };
        const before = await capReading();
        // Instants on both sides of Madrid's midnight (UTC+1 in winter, UTC+2 in summer), a cancelled
        // order, and one just before the first of the 12 months.
        const orders: { at: string; cents: number; status: string }[] = [
          { at: '2025-11-30T22:30:00Z', cents: 700_000, status: 'delivered' },
          { at: '2025-11-30T23:00:00Z', cents: 300, status: 'delivered' },
          { at: '2026-01-31T22:59:59.999Z', cents: 2_000, status: 'received' },
          { at: '2026-01-31T23:30:00Z', cents: 1_000, status: 'shipped' },
          { at: '2026-03-31T22:30:00Z', cents: 5_000, status: 'cancelled' },
          { at: '2026-06-30T21:59:59Z', cents: 800, status: 'processing' },
          { at: '2026-06-30T22:00:00Z', cents: 400, status: 'delivered' },
          { at: '2026-11-15T11:00:00Z', cents: 50, status: 'received' },
        ];
        for (const [index, order] of orders.entries()) {
          await server.database.db.execute(
            sql`insert into orders (number, client_id, status, price_cents, discount_cents, tax_cents,
                                    total_cents, discounts, taxes, created_at)
                values (${`EDGE-${index}`}, ${clientId}, ${order.status}, ${order.cents}, 0, 0, ${order.cents},
                        '[]'::jsonb, '[]'::jsonb, ${order.at})`,
          );
        }
        server.setNow(now);
        try {
          const after = await capReading();
          const added = new Map([...after].map(([key, cents]) => [key, cents - (before.get(key) ?? 0)]));
          expect(Object.fromEntries([...added].filter(([, cents]) => cents !== 0))).toEqual({
            '2025-12': 300,
            '2026-01': 2_000,
            '2026-02': 1_000,
            '2026-06': 800,
            '2026-07': 400,
            '2026-11': 50,
          });
          const norte = new InjectSession(server.app);
          expect((await norte.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
          const { data } = body<PurchasesByMonthResponse>(await norte.request('GET', monthsPath(clientId)));
          expect(data.months.map((entry) => entry.month)).toEqual([...after.keys()].reverse());
          expect(data.months).toEqual(
            [...after].reverse().map(([month, cents]) => ({ month, spent: centsToEuros(cents) })),
          );
        } finally {
          server.setNow(null);
          await server.database.db.execute(sql`delete from orders where number like 'EDGE-%'`);
        }
      });

      it('shows farmacia.limite this month close to its cap', async () => {
        const limite = new InjectSession(server.app);
        expect((await limite.login(DEMO_ACCOUNTS.limite)).statusCode).toBe(200);
        const { data } = body<PurchasesByMonthResponse>(
          await limite.request('GET', monthsPath(ids.limite.clientId)),
        );
        const current = data.months.at(-1)?.spent ?? 0;
        expect(current).toBeLessThanOrEqual(data.cap);
        expect(data.cap - current).toBeLessThan(100);
      });
    });

    describe('refusals', () => {
      it('401 without a session, 403 for another pharmacy or a sales rep, 404 for an id that is no id', async () => {
        const anonymous = new InjectSession(server.app);
        for (const path of [usualPath(ids.demo.clientId), monthsPath(ids.demo.clientId)]) {
          expectRefusal(await anonymous.request('GET', path), 401);
        }
        for (const path of [usualPath(ids.norte.clientId), monthsPath(ids.norte.clientId)]) {
          expectRefusal(await demo.request('GET', path), 403);
        }
        expect((await demo.request('GET', '/api/v1/clients/abc/usual-products')).statusCode).toBe(404);
        // A sales rep is no pharmacy: not even its own pharmacies' habits through the portal.
        const rep = new InjectSession(server.app);
        expect((await rep.login(DEMO_ACCOUNTS.comercial)).statusCode).toBe(200);
        for (const path of [usualPath(ids.demo.clientId), monthsPath(ids.demo.clientId)]) {
          expectRefusal(await rep.request('GET', path), 403);
        }
      });

      it("answers a sub-user its pharmacy's habits", async () => {
        const sub = new InjectSession(server.app);
        const username = Object.values(DEMO_SUB_USERS)[0];
        expect((await sub.login(String(username))).statusCode).toBe(200);
        const own = body<UsualProductsResponse>(await demo.request('GET', usualPath(ids.demo.clientId))).data;
        expect(
          body<UsualProductsResponse>(await sub.request('GET', usualPath(ids.demo.clientId))).data,
        ).toEqual(own);
      });
    });
  });
}

purchasesSuite(projectEngine());
