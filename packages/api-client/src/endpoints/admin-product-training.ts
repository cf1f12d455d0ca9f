/** The training linked to a product, for its editor in the back office. */
import { defineEndpoint } from '../endpoint.ts';
import { AdminProductTrainingResponseSchema } from '../schemas/admin-product-training.ts';
import { idParams } from './path-params.ts';

/** The webinars and materials naming a product (the links are edited on each of them). */
export const adminProductTraining = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/catalogue/products/{id}/training',
    access: 'staff',
    params: idParams('id'),
    response: AdminProductTrainingResponseSchema,
  }),
};
