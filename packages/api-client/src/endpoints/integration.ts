/**
 * The integration area's endpoints (`/api/v1/integration/…`): the laboratory's ERP and other machine
 * clients, with an API key in `Authorization: Bearer` and no session. On their own entry
 * (`@botica/api-client/integration`) so neither frontend carries them.
 */
import { defineEndpoint } from '../endpoint.ts';
import { IntegrationMeResponseSchema } from '../schemas/integration.ts';
import { products, stock } from './integration-catalogue.ts';
import { erpDocuments } from './integration-documents.ts';
import { orderFeed } from './integration-orders.ts';
import { pharmacies, prices } from './integration-pharmacies.ts';

/** The connection itself: who the key is. */
export const connection = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/v1/integration/me',
    access: 'integration',
    response: IntegrationMeResponseSchema,
  }),
};

/** Every endpoint of the integration area, by group. */
export const integrationEndpoints = {
  connection,
  orderFeed,
  pharmacies,
  prices,
  products,
  stock,
  documents: erpDocuments,
};
