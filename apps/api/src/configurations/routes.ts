/**
 * The configurations module's transport: the laboratory's key/value settings (the order rules) and
 * its public identity, from the settings (`LAB_*`).
 */
import { configurations } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { listConfigurations } from './configuration-service.ts';

export function registerConfigurationRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, configurations.laboratory, async () => context.settings.identity);

  route(app, configurations.list, async ({ query }) => {
    const perPage = query.per_page ?? 500;
    const page = query.page ?? 1;
    return { data: await listConfigurations(context, { page, perPage }) };
  });
}
