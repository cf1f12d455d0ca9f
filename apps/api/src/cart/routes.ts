/**
 * `GET /api/v1/cart` (204 without one), `POST /api/v1/cart`,
 * `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`, `GET /api/v1/clients/{clientId}/orders`,
 * `GET /api/v1/clients/{clientId}/monthly-purchases`.
 */
import {
  CartSchema,
  CheckoutRequestSchema,
  MonthlyPurchasesResponseSchema,
  OrderResponseSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  SaveCartRequestSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { AppContext } from '../context.ts';
import { requireClient, requireOwnClient, requirePermission } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { checkout, listOrders, monthlyPurchases, PricingMemory, readCart, saveCart } from './cart-service.ts';

export function registerCartRoutes(app: FastifyInstance, context: AppContext): void {
  const memory = new PricingMemory();
  app.get('/api/v1/cart', async (request, reply) => {
    const user = requireClient(request);
    const cart = await readCart(context, user.clientId);
    if (!cart) return reply.code(204).send();
    return output(CartSchema, cart);
  });

  app.post('/api/v1/cart', async (request) => {
    const user = requireClient(request);
    const body = parse(SaveCartRequestSchema, request.body);
    const cart = await saveCart(context, user.clientId, body.products, memory, body.version);
    request.server.metrics.cartSaved();
    return output(CartSchema, cart);
  });

  app.post('/api/v1/clients/:clientId/cart/:cartId/checkout', async (request, reply) => {
    const params = request.params as { clientId: string; cartId: string };
    const clientId = pathId(params.clientId);
    const user = requireOwnClient(request, clientId);
    requirePermission(request, 'can_send_orders');
    const cartId = pathId(params.cartId);
    const body = parse(CheckoutRequestSchema, request.body ?? {});
    const origin = portalOrigin(context.settings, request);
    const result = await checkout(context, clientId, user.id, cartId, body.notes, origin);
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
    const { orders, total } = await listOrders(context, clientId, page, perPage, {
      from: query.from,
      to: query.to,
      status: query.status,
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
}
