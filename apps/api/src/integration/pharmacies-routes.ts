/**
 * The ERP's batches of sales reps, pharmacies, discount groups and special prices
 * (`PUT /api/v1/integration/…`): each a bulk upsert by natural key, audited under the key's name,
 * idempotent with an `Idempotency-Key` (its answer stored in the batch's own transaction).
 */
import { pharmacies, prices } from '@botica/api-client/integration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { upsertPharmacies, upsertSalesReps } from '../accounts/erp-batches-service.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import type { BatchCaller } from '../import/batch.ts';
import { upsertDiscountGroups, upsertSpecialPrices } from '../pricing/erp-prices-service.ts';
import { type IntegrationKey, integrationActor } from './api-keys-service.ts';

function caller(key: IntegrationKey, request: FastifyRequest): BatchCaller {
  return { actor: integrationActor(key), requestId: request.id };
}

export function registerIntegrationPharmacyRoutes(app: FastifyInstance, context: RouteContext): void {
  // A batch's body may be large: 5,000 pharmacies with their shops run to a few megabytes.
  const limit = { bodyLimit: context.settings.integrationBatchMaxBytes };
  route(
    app,
    pharmacies.salesReps,
    async ({ body, integration, request, within }) => ({
      data: await upsertSalesReps(within(context), body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    pharmacies.pharmacies,
    async ({ body, integration, request, within }) => ({
      data: await upsertPharmacies(within(context), body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    prices.discountGroups,
    async ({ body, integration, request, within }) => ({
      data: await upsertDiscountGroups(within(context), body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    prices.specialPrices,
    async ({ body, integration, request, within }) => ({
      data: await upsertSpecialPrices(within(context), body, caller(integration, request)),
    }),
    limit,
  );
}
