/**
 * The back office's endpoints (the laboratory's staff, `/api/v1/admin/…`), on their own entry
 * (`@botica/api-client/admin`) so the portal's bundle never carries them.
 */
import { defineEndpoint } from '../endpoint.ts';
import { RegistrationsQuerySchema, RegistrationsResponseSchema } from '../schemas/admin.ts';

/** The pharmacies' registration requests. */
export const registrations = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/registrations',
    access: 'admin',
    query: RegistrationsQuerySchema,
    response: RegistrationsResponseSchema,
  }),
};

/** Every endpoint of the back office's area, by group. */
export const adminEndpoints = { registrations };
