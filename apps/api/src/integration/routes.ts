/**
 * The integration area's routes: the connection check (`GET /api/v1/integration/me`) and the ERP's
 * batches: products and stock (`catalogue-routes.ts`), pharmacies and prices (`pharmacies-routes.ts`).
 */
import { connection } from '@botica/api-client/integration';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { registerIntegrationCatalogueRoutes } from './catalogue-routes.ts';
import { registerIntegrationPharmacyRoutes } from './pharmacies-routes.ts';

export function registerIntegrationRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, connection.me, async ({ integration }) => ({
    data: {
      key: {
        id: integration.id,
        name: integration.name,
        prefix: integration.prefix,
        scopes: integration.scopes,
        rate_per_minute: integration.ratePerMinute,
      },
      server_time: context.now().toISOString(),
    },
  }));
  registerIntegrationPharmacyRoutes(app, context);
  registerIntegrationCatalogueRoutes(app, context);
}
