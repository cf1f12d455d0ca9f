/** `GET /api/v1/cart` (204 without one), `POST /api/v1/cart`. */
import { CartSchema, SaveCartRequestSchema } from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse } from '../http/validation.ts';
import { PricingMemory, readCart, saveCart } from './cart-service.ts';

export function registerCartRoutes(app: FastifyInstance, context: RouteContext): void {
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
    const cart = await saveCart(context, {
      clientId: user.clientId,
      lines: body.products,
      memory,
      expectedVersion: body.version,
    });
    request.server.metrics.cartSaved();
    return output(CartSchema, cart);
  });
}
