/**
 * The integration area's pharmacies and prices: the ERP's batches of sales reps, pharmacies (with their
 * shops), discount groups and special prices, each an upsert by natural key, so a retried batch is
 * harmless.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  IntegrationDiscountGroupsRequestSchema,
  IntegrationDiscountGroupsResponseSchema,
  IntegrationPharmaciesRequestSchema,
  IntegrationPharmaciesResponseSchema,
  IntegrationSalesRepsRequestSchema,
  IntegrationSalesRepsResponseSchema,
  IntegrationSpecialPricesRequestSchema,
  IntegrationSpecialPricesResponseSchema,
} from '../schemas/integration-pharmacies.ts';

/** Sales reps and pharmacies (scope `pharmacies`). */
export const pharmacies = {
  salesReps: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/sales-reps',
    access: 'integration',
    idempotent: true,
    scope: 'pharmacies',
    body: IntegrationSalesRepsRequestSchema,
    response: IntegrationSalesRepsResponseSchema,
  }),
  pharmacies: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/pharmacies',
    access: 'integration',
    idempotent: true,
    scope: 'pharmacies',
    body: IntegrationPharmaciesRequestSchema,
    response: IntegrationPharmaciesResponseSchema,
  }),
};

/** Discount groups and their special prices (scope `catalogue`). */
export const prices = {
  discountGroups: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/discount-groups',
    access: 'integration',
    idempotent: true,
    scope: 'catalogue',
    body: IntegrationDiscountGroupsRequestSchema,
    response: IntegrationDiscountGroupsResponseSchema,
  }),
  specialPrices: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/integration/special-prices',
    access: 'integration',
    idempotent: true,
    scope: 'catalogue',
    body: IntegrationSpecialPricesRequestSchema,
    response: IntegrationSpecialPricesResponseSchema,
  }),
};
