/**
 * The ERP's batches of sales reps, pharmacies, discount groups and special prices
 * (`PUT /api/v1/integration/…`): each a bulk upsert by natural key, audited under the key's name.
 */
import { pharmacies, prices } from '@botica/api-client/integration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { upsertPharmacies, upsertSalesReps } from '../accounts/erp-batches-service.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import type { BatchCaller } from '../import/batch.ts';
import { upsertDiscountGroups, upsertSpecialPrices } from '../pricing/erp-prices-service.ts';
import { type IntegrationKey, integrationActor } from './api-keys-service.ts';

/** A batch's body may be large: 5,000 pharmacies with their shops run to a few megabytes. */
export const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

function caller(key: IntegrationKey, request: FastifyRequest): BatchCaller {
  return { actor: integrationActor(key), requestId: request.id };
}

export function registerIntegrationPharmacyRoutes(app: FastifyInstance, context: RouteContext): void {
  const limit = { bodyLimit: BATCH_BODY_LIMIT };
  route(
    app,
    pharmacies.salesReps,
    async ({ body, integration, request }) => ({
      data: await upsertSalesReps(context, body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    pharmacies.pharmacies,
    async ({ body, integration, request }) => ({
      data: await upsertPharmacies(context, body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    prices.discountGroups,
    async ({ body, integration, request }) => ({
      data: await upsertDiscountGroups(context, body.items, caller(integration, request)),
    }),
    limit,
  );
  route(
    app,
    prices.specialPrices,
    async ({ body, integration, request }) => ({
      data: await upsertSpecialPrices(context, body, caller(integration, request)),
    }),
    limit,
  );
}
