/**
 * The pharmacy's buying habits, for its own account only (another client's id is 403): the products
 * it orders most and its purchases per month against the monthly cap.
 */
import { defineEndpoint } from '../endpoint.ts';
import { PurchasesByMonthResponseSchema, UsualProductsResponseSchema } from '../schemas/purchases.ts';
import { idParams } from './path-params.ts';

const ClientParams = idParams('clientId');

/** 'Mis habituales' and the purchases per month. */
export const purchases = {
  usualProducts: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/usual-products',
    access: 'own-client',
    params: ClientParams,
    response: UsualProductsResponseSchema,
  }),
  byMonth: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/purchases-by-month',
    access: 'own-client',
    params: ClientParams,
    response: PurchasesByMonthResponseSchema,
  }),
};
