/** The webhooks' queries and changes, from their endpoint definitions. */
import {
  type WebhookDeliveriesQuery,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointUpdateRequest,
  webhooks,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/webhooks`: the endpoints, with their secrets. */
export const endpointList = endpointQuery(webhooks.list, () => adminApi.webhooks.list());

/** `GET /api/v1/admin/webhooks/deliveries`: a page of the deliveries, by status. */
export const deliveryList = endpointQuery(webhooks.deliveries, (query: WebhookDeliveriesQuery) =>
  adminApi.webhooks.deliveries(query),
);

/** After any change: the endpoints and the deliveries are asked again. */
export function refreshWebhooks(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(webhooks.list) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(webhooks.deliveries) }),
  ]);
}

/** The calls of the page's buttons. */
export const webhookCalls = {
  create: (body: WebhookEndpointCreateRequest) => adminApi.webhooks.create(body),
  update: (id: number, body: WebhookEndpointUpdateRequest) => adminApi.webhooks.update(id, body),
  remove: (id: number) => adminApi.webhooks.delete(id),
  rotateSecret: (id: number, version: number) => adminApi.webhooks.rotateSecret(id, { version }),
  test: (id: number) => adminApi.webhooks.test(id),
  resend: (id: number) => adminApi.webhooks.resend(id),
};
