/** The transport of the pharmacy's buying habits: 'Mis habituales' and the purchases per month. */
import { purchases } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { purchasesByMonth, usualProducts } from './purchases-service.ts';

export function registerPurchaseRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, purchases.usualProducts, async ({ params }) => ({
    data: await usualProducts(context, params.clientId),
  }));
  route(app, purchases.byMonth, async ({ params }) => ({
    data: await purchasesByMonth(context, params.clientId),
  }));
}
