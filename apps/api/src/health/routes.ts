/**
 * `GET /healthz`: the process lives and answers (no database). `GET /readyz`: the database answers
 * and every migration this build ships has been applied: what a load balancer or an orchestrator
 * asks before sending traffic to an instance. Neither needs a session; neither is cached.
 */
import { operations } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { appliedMigrations, shippedMigrations } from '../db/database.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';

export function registerHealthRoutes(app: FastifyInstance, context: AppContext): void {
  const shipped = shippedMigrations();

  route(app, operations.health, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  route(app, operations.ready, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    let applied: number;
    try {
      applied = await appliedMigrations(context);
    } catch (error) {
      request.log.warn({ err: error }, 'readyz: the database does not answer');
      throw new HttpError(503, 'La base de datos no responde.');
    }
    if (applied < shipped) {
      throw new HttpError(503, `Faltan migraciones por aplicar: ${applied} de ${shipped}.`);
    }
    return { status: 'ok' as const, migrations: applied };
  });
}
