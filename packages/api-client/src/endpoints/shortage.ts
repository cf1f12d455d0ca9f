/**
 * Shortages on the portal: the back-in-stock alert of a sold-out product (read, ask for it, cancel
 * it) and the products offered in its place.
 */
import { defineEndpoint } from '../endpoint.ts';
import { StockAlertResponseSchema, SubstitutesResponseSchema } from '../schemas/shortage.ts';
import { idParams } from './path-params.ts';

const ProductParams = idParams('id');

/** A sold-out product's alert and substitutes. */
export const shortage = {
  stockAlert: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}/stock-alert',
    access: 'client',
    params: ProductParams,
    response: StockAlertResponseSchema,
  }),
  subscribe: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/products/{id}/stock-alert',
    access: 'client',
    params: ProductParams,
    response: StockAlertResponseSchema,
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/products/{id}/stock-alert',
    access: 'client',
    params: ProductParams,
    response: StockAlertResponseSchema,
  }),
  substitutes: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}/substitutes',
    access: 'client',
    params: ProductParams,
    response: SubstitutesResponseSchema,
  }),
};
