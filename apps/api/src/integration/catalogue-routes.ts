/**
 * The ERP's bulk upserts of the catalogue and the stock (`PUT /api/v1/integration/products`,
 * `PUT /api/v1/integration/stock`): idempotent with an `Idempotency-Key`, bodies up to
 * `INTEGRATION_BATCH_MAX_BYTES`.
 */
import { products, stock } from '@botica/api-client/integration';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { updateStock, upsertProducts } from './catalogue-batch-service.ts';

export function registerIntegrationCatalogueRoutes(app: FastifyInstance, context: RouteContext): void {
  // Every text of an item goes through the import's readers: a bad character is that item's error.
  const batchLimit = { bodyLimit: context.settings.integrationBatchMaxBytes, charactersByHandler: true };
  route(
    app,
    products.upsert,
    async ({ body, integration, within }) => upsertProducts(within(context), integration, body.items),
    batchLimit,
  );
  route(
    app,
    stock.update,
    async ({ body, integration, within }) => updateStock(within(context), integration, body.items),
    batchLimit,
  );
}
