import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCart, saveCart } from '../cart/cart-service.ts';
import type { AppContext } from '../context.ts';
import { type OpenDatabase, selectRows } from '../db/database.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { testSettings } from '../settings/settings.ts';
import { type Fixture, insertFixture } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { checkout, clientOrder, listOrders, monthlyPurchases } from './orders-service.ts';
import { reorder } from './reorder-service.ts';

// The orders module's services called as the back office or the ERP would: a context, no HTTP.
describe('the orders, without HTTP', () => {
  let database: OpenDatabase;
  let fixture: Fixture;
  let context: AppContext;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fixture = await insertFixture(database.db);
    const core = { db: database.db, settings: testSettings(), now: () => new Date() };
    context = { ...core, mail: { nudge: () => {} }, limiter: new RateLimiter(core) };
  });
  afterAll(() => database.close());

  it('a checkout makes one order of the open cart, closes the cart and writes its two e-mails', async () => {
    const clientId = fixture.clients.demo;
    const cart = await saveCart(context, {
      clientId,
      lines: [{ id: fixture.products.equinacea, quantity: 20 }],
    });
    const order = {
      clientId,
      userId: fixture.users.demo,
      cartId: cart.id,
      notes: ' Entregar por la mañana ',
      portalOrigin: 'https://portal.example',
    };
    const first = await checkout(context, order);
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({
      client_id: clientId,
      status: 'received',
      notes: 'Entregar por la mañana',
      price: cart.price,
      total_price: cart.total_price,
    });
    expect(first.order.lines.map((line) => [line.product_id, line.quantity])).toEqual([
      [fixture.products.equinacea, 20],
    ]);
    expect(await readCart(context, clientId)).toBeNull();
    const [mail] = await selectRows<{ count: number | string }>(
      database.db,
      sql`select count(*) as count from outbox`,
    );
    expect(Number(mail?.count)).toBe(2);

    const again = await checkout(context, order);
    expect(again).toEqual({ order: first.order, created: false });

    expect(await listOrders(context, { clientId, page: 1, perPage: 10 })).toEqual({
      orders: [first.order],
      total: 1,
    });
    expect((await monthlyPurchases(context, clientId)).spent).toBe(cart.price);
    expect(await clientOrder(context, { clientId, orderId: first.order.id })).toEqual(first.order);
    expect(
      await clientOrder(context, { clientId: fixture.clients.norte, orderId: first.order.id }),
    ).toBeNull();
  });

  it("a reorder puts the order's lines in a new cart, priced again", async () => {
    const clientId = fixture.clients.demo;
    const { orders } = await listOrders(context, { clientId, page: 1, perPage: 1 });
    const orderId = orders[0]?.id ?? 0;
    const result = await reorder(context, { clientId, orderId });
    expect(result.cart.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [fixture.products.equinacea, 20],
    ]);
    expect(result.cart.price).toBe(orders[0]?.price);
    expect(result).toMatchObject({ skipped: [], adjusted: [] });
    await expect(reorder(context, { clientId: fixture.clients.norte, orderId })).rejects.toMatchObject({
      status: 404,
    });
  });
});
