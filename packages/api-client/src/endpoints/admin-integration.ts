/**
 * The back office's side of the integration: the laboratory's admins list the machine clients' API
 * keys, create one (its secret answered once), revoke one and read a key's calls.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminApiKeyCallsQuerySchema,
  AdminApiKeyCallsResponseSchema,
  AdminApiKeyCreatedResponseSchema,
  AdminApiKeyCreateRequestSchema,
  AdminApiKeyResponseSchema,
  AdminApiKeysResponseSchema,
} from '../schemas/admin-integration.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The machine clients' API keys, as the admins manage them. */
export const apiKeys = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/api-keys',
    access: 'admin',
    response: AdminApiKeysResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/api-keys',
    access: 'admin',
    body: AdminApiKeyCreateRequestSchema,
    response: AdminApiKeyCreatedResponseSchema,
    status: 201,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/api-keys/{id}/revoke',
    access: 'admin',
    params: IdParams,
    response: AdminApiKeyResponseSchema,
  }),
  calls: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/api-keys/{id}/calls',
    access: 'admin',
    params: IdParams,
    query: AdminApiKeyCallsQuerySchema,
    response: AdminApiKeyCallsResponseSchema,
  }),
};
