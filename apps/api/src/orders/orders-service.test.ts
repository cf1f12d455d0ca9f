import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readCart, saveCart } from '../cart/cart-service.ts';
import { selectRows } from '../db/database.ts';
import { serviceTest } from '../testing/service-test.ts';
import { checkout, clientOrder, listOrders, monthlyPurchases } from './orders-service.ts';
import { reorder } from './reorder-service.ts';

// The orders module's services called as the back office or the ERP would: a context, no HTTP.
describe('the orders, without HTTP', () => {
  const service = serviceTest();

  it('a checkout makes one order of the open cart, closes the cart and writes its two e-mails', async () => {
    const clientId = service.fixture.clients.demo;
    const cart = await saveCart(service.context, {
      clientId,
      lines: [{ id: service.fixture.products.equinacea, quantity: 20 }],
    });
    const order = {
      clientId,
      userId: service.fixture.users.demo,
      cartId: cart.id,
      notes: ' Entregar por la mañana ',
      portalOrigin: 'https://portal.example',
    };
    const first = await checkout(service.context, order);
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({
      client_id: clientId,
      status: 'received',
      notes: 'Entregar por la mañana',
      price: cart.price,
      total_price: cart.total_price,
    });
    expect(first.order.lines.map((line) => [line.product_id, line.quantity])).toEqual([
      [service.fixture.products.equinacea, 20],
    ]);
    expect(await readCart(service.context, clientId)).toBeNull();
    const [mail] = await selectRows<{ count: number | string }>(
      service.database.db,
      sql`select count(*) as count from outbox`,
    );
    expect(Number(mail?.count)).toBe(2);

    const again = await checkout(service.context, order);
    expect(again).toEqual({ order: first.order, created: false });

    expect(await listOrders(service.context, { clientId, page: 1, perPage: 10 })).toEqual({
      orders: [first.order],
      total: 1,
    });
    expect((await monthlyPurchases(service.context, clientId)).spent).toBe(cart.price);
    expect(await clientOrder(service.context, { clientId, orderId: first.order.id })).toEqual(first.order);
    expect(
      await clientOrder(service.context, {
        clientId: service.fixture.clients.norte,
        orderId: first.order.id,
      }),
    ).toBeNull();
  });

  it("a reorder puts the order's lines in a new cart, priced again", async () => {
    const clientId = service.fixture.clients.demo;
    const { orders } = await listOrders(service.context, { clientId, page: 1, perPage: 1 });
    const orderId = orders[0]?.id ?? 0;
    const result = await reorder(service.context, { clientId, orderId });
    expect(result.cart.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [service.fixture.products.equinacea, 20],
    ]);
    expect(result.cart.price).toBe(orders[0]?.price);
    expect(result).toMatchObject({ skipped: [], adjusted: [] });
    await expect(
      reorder(service.context, { clientId: service.fixture.clients.norte, orderId }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
