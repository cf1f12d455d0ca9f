/** The cart's transport: `cart.get` (204 without one) and `cart.save`. */
import { cart } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { PricingMemory, readCart, saveCart } from './cart-service.ts';

export function registerCartRoutes(app: FastifyInstance, context: RouteContext): void {
  const memory = new PricingMemory();
  route(app, cart.get, async ({ user }) => readCart(context, user.clientId));

  route(app, cart.save, async ({ body, user, request }) => {
    const saved = await saveCart(context, {
      clientId: user.clientId,
      lines: body.products,
      memory,
      expectedVersion: body.version,
    });
    request.server.metrics.cartSaved();
    return saved;
  });
}
