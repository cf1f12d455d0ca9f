/**
 * - `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`
 * - `GET /api/v1/clients/{clientId}/orders`
 * - `POST /api/v1/clients/{clientId}/orders/{orderId}/reorder`
 * - `GET /api/v1/clients/{clientId}/monthly-purchases`
 *
 * An order's detail (`GET /api/v1/clients/{clientId}/orders/{orderId}`) is answered by the documents
 * module, which adds the order's shipments, invoices and refunds to `clientOrder`.
 */
import {
  CheckoutRequestSchema,
  MonthlyPurchasesResponseSchema,
  OrderResponseSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  ReorderRequestSchema,
  ReorderResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { RouteContext } from '../context.ts';
import { requireOwnClient, requirePermission } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { checkout, listOrders, monthlyPurchases } from './orders-service.ts';
import { reorder } from './reorder-service.ts';

export function registerOrderRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/api/v1/clients/:clientId/cart/:cartId/checkout', async (request, reply) => {
    const params = request.params as { clientId: string; cartId: string };
    const clientId = pathId(params.clientId);
    const user = requireOwnClient(request, clientId);
    requirePermission(request, 'can_send_orders');
    const cartId = pathId(params.cartId);
    const body = parse(CheckoutRequestSchema, request.body ?? {});
    const origin = portalOrigin(context.settings, request);
    const result = await checkout(context, {
      clientId,
      userId: user.id,
      cartId,
      notes: body.notes,
      portalOrigin: origin,
    });
    if (result.created) request.server.metrics.orderSent();
    return reply.code(result.created ? 201 : 200).send(output(OrderResponseSchema, { data: result.order }));
  });

  app.get('/api/v1/clients/:clientId/monthly-purchases', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    return output(MonthlyPurchasesResponseSchema, { data: await monthlyPurchases(context, clientId) });
  });

  app.get('/api/v1/clients/:clientId/orders', async (request) => {
    const clientId = pathId((request.params as { clientId: string }).clientId);
    requireOwnClient(request, clientId);
    const query = parse(OrdersQuerySchema, request.query);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 10;
    const { orders, total } = await listOrders(context, {
      clientId,
      page,
      perPage,
      filter: { from: query.from, to: query.to, status: query.status },
    });
    return output(OrdersResponseSchema, {
      data: orders,
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      },
    });
  });

  app.post('/api/v1/clients/:clientId/orders/:orderId/reorder', async (request) => {
    const params = request.params as { clientId: string; orderId: string };
    const clientId = pathId(params.clientId);
    requireOwnClient(request, clientId);
    const orderId = pathId(params.orderId);
    parse(ReorderRequestSchema, request.body ?? {});
    const result = await reorder(context, { clientId, orderId });
    return output(ReorderResponseSchema, {
      data: result.cart,
      skipped: result.skipped,
      adjusted: result.adjusted,
    });
  });
}
