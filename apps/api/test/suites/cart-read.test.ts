/**
 * The cart's read (`GET /api/v1/cart`) on a real server: one statement after the session read, which
 * reads only what the answer depends on (the client's group and VAT regime, not the month's orders
 * nor the order rules that guard a save). Its answers are the ones the cart's parts read one by one
 * give, byte for byte, for carts of every pharmacy of the demo data holding every kind of line: a
 * special price, volume tiers reached or not, a price changed since the last save, a withdrawn
 * product, a product that no longer exists. Run on PGlite and PostgreSQL.
 */
import type { Cart } from '@botica/api-client/schemas';
import { cartTotals, centsToEuros, type VatRate } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCart } from '../../src/cart/cart-service.ts';
import type { CoreContext } from '../../src/core-context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import {
  baseUnitCents,
  clientConditions,
  finalPrice,
  groupDiscounts,
  type PricedProductRow,
  pricedProducts,
  productSummary,
  unitCentsFor,
} from '../../src/pricing/pricing-service.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, startCountedReadServer } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { statementCounter } from '../statement-counter.ts';
import { projectEngine } from './engine.ts';

interface StoredLine {
  product_id: number;
  quantity: number;
  unit_cents?: number;
}

/** The cart as its parts read one by one give it: the cart, the client, each product, each one's tiers. */
async function referenceCart(context: CoreContext, clientId: number): Promise<Cart | null> {
  const { db } = context;
  const [cart] = await selectRows<{
    id: number;
    version: number;
    updated_at: Date | string;
    items: StoredLine[] | string;
  }>(
    db,
    sql`select id, version, updated_at, items from carts where client_id = ${clientId} and status = 'open'`,
  );
  if (!cart) return null;
  const items: StoredLine[] = typeof cart.items === 'string' ? JSON.parse(cart.items) : cart.items;
  const conditions = await clientConditions(context, clientId);
  const [client] = await selectRows<{ recargo_equivalencia: boolean }>(
    db,
    sql`select recargo_equivalencia from clients where id = ${clientId}`,
  );
  const surcharge = client?.recargo_equivalencia === true;
  const lines = [];
  for (const item of items) {
    const [row] = await selectRows<PricedProductRow>(
      db,
      sql`select p.id, p.reference, p.name, p.format, p.price_cents, p.vat_rate, p.stock_units, p.image_count,
            p.image_hue, sp.price_cents as special_cents
          from ${pricedProducts(conditions.discountGroupId)} where p.id = ${item.product_id}`,
    );
    if (!row) continue;
    const tiers = (
      await selectRows<{ min_quantity: number; discount_percent: string }>(
        db,
        sql`select min_quantity, discount_percent from volume_rules where product_id = ${row.id}
            order by min_quantity`,
      )
    ).map((tier) => ({ minQuantity: tier.min_quantity, discountPercent: Number(tier.discount_percent) }));
    lines.push({ row, tiers, item, unitCents: unitCentsFor(row, tiers, item.quantity) });
  }
  const totals = cartTotals(
    lines.map((line) => ({
      product: {
        price: centsToEuros(line.row.price_cents),
        final_price: centsToEuros(line.unitCents),
        vat_rate: line.row.vat_rate as VatRate,
      },
      quantity: line.item.quantity,
    })),
    groupDiscounts(conditions),
    { equivalenceSurcharge: surcharge },
  );
  return {
    id: cart.id,
    client_id: clientId,
    items: lines.map((line, index) => {
      const lineTotals = totals.lines[index];
      const changed = line.item.unit_cents !== undefined && line.item.unit_cents !== line.unitCents;
      return {
        product: productSummary(line.row, context.settings.publicUrl, line.unitCents),
        quantity: line.item.quantity,
        price: centsToEuros(lineTotals?.priceCents ?? 0),
        price_include_discount: centsToEuros(lineTotals?.netCents ?? 0),
        ...(changed ? { previous_price: centsToEuros(line.item.unit_cents ?? 0) } : {}),
        volume: {
          price_before_tiers: finalPrice(line.row.price_cents, baseUnitCents(line.row)),
          tiers: line.tiers.map((tier) => ({
            min_quantity: tier.minQuantity,
            discount_percent: tier.discountPercent,
          })),
        },
      };
    }),
    price: centsToEuros(totals.priceCents),
    discounts: totals.discounts.map((discount) => ({
      group_name: discount.groupName,
      discount_percent: discount.discountPercent,
      amount: centsToEuros(discount.amountCents),
    })),
    price_discount_line: centsToEuros(totals.discountCents),
    taxes: totals.vat.map((line) => ({
      rate: line.rate,
      base: centsToEuros(line.baseCents),
      amount: centsToEuros(line.amountCents),
    })),
    recargo_equivalencia: surcharge,
    surcharges: totals.surcharges.map((line) => ({
      vat_rate: line.vatRate,
      rate: line.rate,
      base: centsToEuros(line.baseCents),
      amount: centsToEuros(line.amountCents),
    })),
    price_tax: centsToEuros(totals.taxCents),
    total_price: centsToEuros(totals.totalCents),
    version: cart.version,
    updated_at: new Date(cart.updated_at).toISOString(),
  };
}

function cartReadSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the cart's read on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let clientIds: number[];
    let demoClientId: number;
    let pharmacist: InjectSession;
    let counter: { take(): string[] };
    /** Lines of every kind: the products they name. */
    const products = { special: 0, tiered: 0, plain: 0, withdrawn: 0, gone: 987_654 };
    let tierMinimums: number[] = [];

    /** Writes a client's open cart as a save would have left it (unit prices as given). */
    const writeCart = async (clientId: number, items: StoredLine[]) => {
      await server.database.db.execute(
        sql`insert into carts (client_id, items, version, updated_at)
            values (${clientId}, ${JSON.stringify(items)}::jsonb, 1, '2026-03-14T09:26:53.589Z')
            on conflict (client_id) where status = 'open'
            do update set items = excluded.items, version = carts.version + 1`,
      );
    };

    beforeAll(async () => {
      const started = await startCountedReadServer(engine);
      ({ server, context, pharmacist } = started);
      const { ids, special, tiered } = started;
      demoClientId = started.clientId;
      const db = server.database.db;
      clientIds = await ids(sql`select id from clients order by id`);
      const [plain, withdrawn] = await ids(
        sql`select id from products p where is_active and id not in (${special}, ${tiered})
              and not exists (select 1 from volume_rules v where v.product_id = p.id) order by id limit 2`,
      );
      if (!plain || !withdrawn) throw new Error('the demo data lacks products');
      Object.assign(products, { special, tiered, plain, withdrawn });
      await db.execute(sql`update products set is_active = false where id = ${withdrawn}`);
      tierMinimums = (
        await selectRows<{ min_quantity: number }>(
          db,
          sql`select min_quantity from volume_rules where product_id = ${tiered} order by min_quantity`,
        )
      ).map((row) => row.min_quantity);
      counter = statementCounter(db);
    });
    afterAll(() => server?.close());

    /** Carts of every kind of line, different for each client and round. */
    const cartsOf = (clientIndex: number): StoredLine[][] => {
      const [first = 2, second = 5] = tierMinimums;
      return [
        [
          { product_id: products.special, quantity: 1 + clientIndex },
          { product_id: products.tiered, quantity: first },
          { product_id: products.plain, quantity: 3, unit_cents: 1 },
        ],
        [
          { product_id: products.tiered, quantity: Math.max(1, first - 1), unit_cents: 99_999 },
          { product_id: products.gone, quantity: 2, unit_cents: 500 },
          { product_id: products.withdrawn, quantity: 4 },
          { product_id: products.special, quantity: 12 + clientIndex },
        ],
        [{ product_id: products.tiered, quantity: second + clientIndex }],
        [],
      ];
    };

    it('gives every cart as its parts read one by one did, byte for byte', async () => {
      let compared = 0;
      for (const [index, clientId] of clientIds.entries()) {
        for (const items of cartsOf(index)) {
          await writeCart(clientId, items);
          const expected = await referenceCart(context, clientId);
          const answer = await readCart(context, clientId);
          expect(JSON.stringify(answer), `client ${clientId}, ${JSON.stringify(items)}`).toBe(
            JSON.stringify(expected),
          );
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(8);
      // What the comparisons covered: previous prices, tiers, a discount and both VAT regimes.
      await writeCart(demoClientId, cartsOf(0)[1] ?? []);
      const cart = await referenceCart(context, demoClientId);
      expect(cart?.items.map((line) => line.product.id)).toEqual([
        products.tiered,
        products.withdrawn,
        products.special,
      ]);
      expect(cart?.items[0]?.previous_price).toBe(999.99);
      expect(cart?.items[0]?.volume?.tiers?.length).toBeGreaterThanOrEqual(2);
      expect(cart?.items[2]?.product.final_price).not.toBeNull();
      const regimes = await selectRows<{ surcharge: boolean }>(
        server.database.db,
        sql`select distinct recargo_equivalencia as surcharge from clients`,
      );
      expect(regimes).toHaveLength(2);
    });

    it('reads the cart in one statement after the session read, and answers the same over HTTP', async () => {
      await writeCart(demoClientId, cartsOf(0)[0] ?? []);
      const fresh = new InjectSession(server.app);
      expect((await fresh.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      counter.take();
      const first = await fresh.request('GET', '/api/v1/cart');
      const sent = counter.take();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual(await referenceCart(context, demoClientId));
      expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(2);
      const read = sent.at(-1) ?? '';
      expect(read).toContain('carts oc');
      expect(read).not.toContain('orders');
    });

    it('reads the cart in one statement in all with a session the process remembers, which it re-checks', async () => {
      await writeCart(demoClientId, cartsOf(0)[2] ?? []);
      await pharmacist.request('GET', '/api/v1/cart');
      counter.take();
      const response = await pharmacist.request('GET', '/api/v1/cart');
      const sent = counter.take();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(await referenceCart(context, demoClientId));
      expect(sent, sent.join('\n---\n')).toHaveLength(1);
      expect(sent[0]).toContain('from sessions s');
      // Without an open cart: 204, still one statement.
      await server.database.db.execute(sql`delete from carts where client_id = ${demoClientId}`);
      counter.take();
      const none = await pharmacist.request('GET', '/api/v1/cart');
      expect(none.statusCode, none.body).toBe(204);
      expect(counter.take()).toHaveLength(1);
    });

    it('answers a remembered session past the idle limit as a read session: 401, the session deleted', async () => {
      const other = new InjectSession(server.app);
      expect((await other.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      await writeCart(demoClientId, cartsOf(0)[0] ?? []);
      expect((await other.request('GET', '/api/v1/cart')).statusCode).toBe(200);
      const sessionsOf = async () =>
        (
          await selectRows<{ count: number | string }>(
            server.database.db,
            sql`select count(*) as count from sessions s join users u on u.id = s.user_id
                where u.username = ${DEMO_ACCOUNTS.demo}`,
          )
        ).map((row) => Number(row.count))[0];
      const before = await sessionsOf();
      const idleMs = testSettings().sessionIdleMinutes * 60_000;
      try {
        // Nothing tells the process: only the statement's check can find the session idle.
        server.setNow(new Date(Date.now() + idleMs + 60_000));
        counter.take();
        const refused = await other.request('GET', '/api/v1/cart');
        expect(refused.statusCode, refused.body).toBe(401);
        expect(counter.take()[0]).toContain('carts oc');
        expect(await sessionsOf()).toBeLessThan(before ?? 0);
      } finally {
        server.setNow(null);
      }
    });
  });
}

cartReadSuite(projectEngine());
