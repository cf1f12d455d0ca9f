/** The portal's substitutes of a sold-out product, with the session's client's prices. */
import { shortage } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { productSubstitutesFor } from './substitutes-service.ts';

export function registerSubstituteRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, shortage.substitutes, async ({ params, user }) => ({
    data: await productSubstitutesFor(context, { clientId: user.clientId, productId: params.id }),
  }));
}
