/**
 * The orders module's transport: the checkout (`cart.checkout`, 201 for a new order, 200 when the
 * same cart was already sent), the orders sent (`orders.list`), an order back in the cart
 * (`orders.reorder`) and the month's purchases (`cart.monthlyPurchases`).
 *
 * An order's detail (`orders.get`) is answered by the documents module, which adds the order's
 * shipments, invoices and refunds to `clientOrder`.
 */
import { cart, orders } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { RouteContext } from '../context.ts';
import { route, withStatus } from '../http/endpoint-route.ts';
import { pageMeta } from '../http/page-meta.ts';
import { checkout, listOrders, monthlyPurchases } from './orders-service.ts';
import { reorder } from './reorder-service.ts';

export function registerOrderRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, cart.checkout, async ({ params, body, user, request }) => {
    const result = await checkout(context, {
      clientId: params.clientId,
      userId: user.id,
      cartId: params.cartId,
      notes: body.notes,
      shopId: body.shop_id,
      wholesalerId: body.wholesaler_id,
      portalOrigin: portalOrigin(context.settings, request),
    });
    if (!result.created) return withStatus(200, { data: result.order });
    request.server.metrics.orderSent();
    return { data: result.order };
  });

  route(app, cart.monthlyPurchases, async ({ params }) => ({
    data: await monthlyPurchases(context, params.clientId),
  }));

  route(app, orders.list, async ({ params, query }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 10;
    const { orders: found, total } = await listOrders(context, {
      clientId: params.clientId,
      page,
      perPage,
      filter: { from: query.from, to: query.to, status: query.status },
    });
    return {
      data: found,
      meta: pageMeta(page, perPage, total),
    };
  });

  route(app, orders.reorder, async ({ params }) => {
    const result = await reorder(context, { clientId: params.clientId, orderId: params.orderId });
    return { data: result.cart, skipped: result.skipped, adjusted: result.adjusted };
  });
}
