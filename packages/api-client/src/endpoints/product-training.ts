/** A product's training: the webinars and scientific materials its page lists. */
import { defineEndpoint } from '../endpoint.ts';
import { ProductTrainingResponseSchema } from '../schemas/product-training.ts';
import { idParams } from './path-params.ts';

/** The training beside a product (for pharmacists, as the materials and the history are). */
export const productTraining = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}/training',
    access: 'client',
    params: idParams('id'),
    response: ProductTrainingResponseSchema,
  }),
};
