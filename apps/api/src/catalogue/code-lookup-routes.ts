/** `POST /api/v1/products/lookup`: the quick order's codes resolved in one call. */
import { quickOrder } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { lookUpCodes } from './code-lookup-service.ts';

/** The quick order's lookup route. */
export function registerCodeLookupRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, quickOrder.lookup, async ({ body, user }) => ({
    data: await lookUpCodes(context, { clientId: user.clientId, codes: body.codes }),
  }));
}
