/**
 * The back office's webhooks: the admins set the ERP's endpoints, rotate their secrets, send a test,
 * and follow (and resend) the deliveries.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointsResponseSchema,
  WebhookEndpointUpdateRequestSchema,
  WebhookVersionRequestSchema,
} from '../schemas/admin-webhooks.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The ERP's webhook endpoints and their deliveries (admins only: the secrets are in them). */
export const webhooks = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/webhooks',
    access: 'admin',
    response: WebhookEndpointsResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/webhooks',
    access: 'admin',
    body: WebhookEndpointCreateRequestSchema,
    response: WebhookEndpointResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/webhooks/{id}',
    access: 'admin',
    params: IdParams,
    body: WebhookEndpointUpdateRequestSchema,
    response: WebhookEndpointResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/webhooks/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/webhooks/{id}/rotate-secret',
    access: 'admin',
    params: IdParams,
    body: WebhookVersionRequestSchema,
    response: WebhookEndpointResponseSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/webhooks/{id}/test',
    access: 'admin',
    params: IdParams,
    response: WebhookDeliveryResponseSchema,
    status: 202,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/webhooks/deliveries',
    access: 'admin',
    query: WebhookDeliveriesQuerySchema,
    response: WebhookDeliveriesResponseSchema,
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/webhooks/deliveries/{id}/resend',
    access: 'admin',
    params: IdParams,
    response: WebhookDeliveryResponseSchema,
    status: 202,
  }),
};
