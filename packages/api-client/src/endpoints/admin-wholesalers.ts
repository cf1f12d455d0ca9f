/**
 * The laboratory's wholesalers and each pharmacy's list of those it may send transfer orders through.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  PharmacyWholesalerRequestSchema,
  PharmacyWholesalersResponseSchema,
  WholesalerCreateRequestSchema,
  WholesalerResponseSchema,
  WholesalersResponseSchema,
} from '../schemas/admin-wholesalers.ts';
import { idParams } from './path-params.ts';

const PharmacyWholesalerParams = idParams('id', 'wholesalerId');

/** The wholesalers, as the laboratory's staff read and change them (a sales rep reads only). */
export const wholesalers = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/wholesalers',
    access: 'staff',
    response: WholesalersResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/wholesalers',
    access: 'admin',
    body: WholesalerCreateRequestSchema,
    response: WholesalerResponseSchema,
    status: 201,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/wholesalers/{id}',
    access: 'admin',
    params: idParams('id'),
    response: null,
  }),
  ofPharmacy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/pharmacies/{id}/wholesalers',
    access: 'staff',
    params: idParams('id'),
    response: PharmacyWholesalersResponseSchema,
  }),
  setForPharmacy: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}',
    access: 'admin',
    params: PharmacyWholesalerParams,
    body: PharmacyWholesalerRequestSchema,
    response: PharmacyWholesalersResponseSchema,
  }),
  removeFromPharmacy: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}',
    access: 'admin',
    params: PharmacyWholesalerParams,
    response: PharmacyWholesalersResponseSchema,
  }),
};
