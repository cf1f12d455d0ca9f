/**
 * The integration area's orders (scope `orders`): the feed the ERP polls for new orders, each once
 * and none missed, and one order by its id.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  IntegrationOrderResponseSchema,
  OrderFeedQuerySchema,
  OrderFeedResponseSchema,
} from '../schemas/integration-orders.ts';
import { idParams } from './path-params.ts';

/**
 * The orders for the ERP (named `orderFeed`: an operation's id is `group.name`, and the portal and
 * the back office have their own orders).
 */
export const orderFeed = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/integration/orders',
    access: 'integration',
    scope: 'orders',
    query: OrderFeedQuerySchema,
    response: OrderFeedResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/integration/orders/{id}',
    access: 'integration',
    scope: 'orders',
    params: idParams('id'),
    response: IntegrationOrderResponseSchema,
  }),
};
