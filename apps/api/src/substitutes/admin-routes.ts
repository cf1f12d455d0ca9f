/** The back office's substitutes of a product: the staff read them, the admins choose them (audited). */
import { substitutes } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { chooseSubstitutes, chosenSubstitutes } from './substitutes-service.ts';

export function registerAdminSubstituteRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, substitutes.list, async ({ params }) => ({ data: await chosenSubstitutes(context, params.id) }));
  route(app, substitutes.set, async ({ params, body, user }) => ({
    data: await chooseSubstitutes(context, {
      actor: { id: user.id, username: user.username },
      productId: params.id,
      ids: body.ids,
    }),
  }));
}
