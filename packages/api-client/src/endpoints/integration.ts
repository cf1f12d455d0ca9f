/**
 * The integration area's endpoints (`/api/v1/integration/…`): the laboratory's ERP and other machine
 * clients, with an API key in `Authorization: Bearer` and no session. On their own entry
 * (`@botica/api-client/integration`) so neither frontend carries them.
 */
import { defineEndpoint } from '../endpoint.ts';
import { IntegrationMeResponseSchema } from '../schemas/integration.ts';
import { erpDocuments } from './integration-documents.ts';

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
  documents: erpDocuments,
};
