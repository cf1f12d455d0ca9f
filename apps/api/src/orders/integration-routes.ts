/**
 * The orders module's routes in the integration area (scope `orders`): the ERP's feed of new orders
 * (`orderFeed.list`) and one order (`orderFeed.get`), both from `order-feed.ts`.
 */
import { ORDER_FEED_DEFAULT_LIMIT, orderFeed } from '@botica/api-client/integration';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { integrationOrder, orderFeedPage } from './order-feed.ts';

export function registerOrderFeedRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, orderFeed.list, async ({ query }) => {
    const page = await orderFeedPage(context, {
      after: query.after,
      limit: query.limit ?? ORDER_FEED_DEFAULT_LIMIT,
    });
    return { data: page.orders, next_cursor: page.nextCursor, has_more: page.hasMore };
  });

  route(app, orderFeed.get, async ({ params }) => {
    const order = await integrationOrder(context, params.id);
    if (!order) throw new HttpError(404, 'El pedido no existe.');
    return { data: order };
  });
}
