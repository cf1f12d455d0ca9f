/** The portal's back-in-stock alert of a product: read, open, cancel (the session's user). */
import { shortage } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { cancelStockAlert, stockAlertOf, subscribeStockAlert } from './stock-alerts-service.ts';

export function registerStockAlertRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, shortage.stockAlert, async ({ params, user }) => ({
    data: await stockAlertOf(context, user.id, params.id),
  }));
  route(app, shortage.subscribe, async ({ params, user }) => ({
    data: await subscribeStockAlert(context, user.id, params.id),
  }));
  route(app, shortage.cancel, async ({ params, user }) => ({
    data: await cancelStockAlert(context, user.id, params.id),
  }));
}
