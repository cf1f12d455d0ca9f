/** The delivery module's transport: the cart's choices of where the order goes. */
import { delivery } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { deliveryOptions } from './delivery-service.ts';

export function registerDeliveryRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, delivery.options, async ({ params, user }) => ({
    data: await deliveryOptions(context, { clientId: params.clientId, userId: user.id }),
  }));
}
