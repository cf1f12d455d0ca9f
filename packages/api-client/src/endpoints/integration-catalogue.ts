/**
 * The ERP's catalogue and stock, in bulk: idempotent upserts of up to 20,000 items by reference.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  BatchResponseSchema,
  ProductsUpsertRequestSchema,
  StockUpdateRequestSchema,
} from '../schemas/integration-catalogue.ts';

/** The products of the catalogue, by the laboratory's reference. */
export const products = {
  upsert: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/products',
    access: 'integration',
    scope: 'catalogue',
    idempotent: true,
    body: ProductsUpsertRequestSchema,
    response: BatchResponseSchema,
  }),
};

/** The units in stock of the products, by reference. */
export const stock = {
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/stock',
    access: 'integration',
    scope: 'stock',
    idempotent: true,
    body: StockUpdateRequestSchema,
    response: BatchResponseSchema,
  }),
};
