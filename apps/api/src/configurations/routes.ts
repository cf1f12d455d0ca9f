/**
 * `GET /api/v1/configurations?per_page=500`: the laboratory's key/value settings; `GET
 * /api/v1/laboratory` (public): its identity, from the settings (`LAB_*`).
 */
import {
  ConfigurationsQuerySchema,
  ConfigurationsResponseSchema,
  LaboratorySchema,
} from '@botica/api-client/schemas';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { configurations } from '../db/schema.ts';
import { output, parse } from '../http/validation.ts';

export function registerConfigurationRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/laboratory', async () => output(LaboratorySchema, context.settings.identity));

  app.get('/api/v1/configurations', async (request) => {
    requireClient(request);
    const query = parse(ConfigurationsQuerySchema, request.query);
    const perPage = query.per_page ?? 500;
    const page = query.page ?? 1;
    const rows = await context.db
      .select()
      .from(configurations)
      .orderBy(asc(configurations.key))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return output(ConfigurationsResponseSchema, { data: rows.map(({ key, value }) => ({ key, value })) });
  });
}
