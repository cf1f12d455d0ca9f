/**
 * `GET /api/v1/configurations?per_page=500`: the laboratory's key/value settings; `GET
 * /api/v1/laboratory` (public): its identity, from the settings (`LAB_*`).
 */
import {
  ConfigurationsQuerySchema,
  ConfigurationsResponseSchema,
  LaboratorySchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse } from '../http/validation.ts';
import { listConfigurations } from './configuration-service.ts';

export function registerConfigurationRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/laboratory', async () => output(LaboratorySchema, context.settings.identity));

  app.get('/api/v1/configurations', async (request) => {
    requireClient(request);
    const query = parse(ConfigurationsQuerySchema, request.query);
    const perPage = query.per_page ?? 500;
    const page = query.page ?? 1;
    const data = await listConfigurations(context, { page, perPage });
    return output(ConfigurationsResponseSchema, { data });
  });
}
