/** The back office's substitutes of a product: read them (staff), choose them in order (admins). */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminSubstitutesRequestSchema,
  AdminSubstitutesResponseSchema,
} from '../schemas/admin-substitutes.ts';
import { idParams } from './path-params.ts';

const ProductParams = idParams('id');

/** A product's chosen substitutes. */
export const substitutes = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/products/{id}/substitutes',
    access: 'staff',
    params: ProductParams,
    response: AdminSubstitutesResponseSchema,
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/products/{id}/substitutes',
    access: 'admin',
    params: ProductParams,
    body: AdminSubstitutesRequestSchema,
    response: AdminSubstitutesResponseSchema,
  }),
};
