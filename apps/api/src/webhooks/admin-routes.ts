/** The back office's webhooks (transport): the admins' endpoints, tests, deliveries and resends. */
import { webhooks } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from './webhooks-service.ts';

export function registerAdminWebhookRoutes(app: FastifyInstance, context: RouteContext): void {
  const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

  route(app, webhooks.list, async () => ({ data: await listWebhookEndpoints(context) }));

  route(app, webhooks.create, async ({ body, user }) => ({
    data: await createWebhookEndpoint(context, actorOf(user), body),
  }));

  route(app, webhooks.update, async ({ params, body, user }) => ({
    data: await updateWebhookEndpoint(context, { actor: actorOf(user), id: params.id, input: body }),
  }));

  route(app, webhooks.delete, async ({ params, user }) => {
    await deleteWebhookEndpoint(context, actorOf(user), params.id);
    return undefined;
  });

  route(app, webhooks.rotateSecret, async ({ params, body, user }) => ({
    data: await rotateWebhookSecret(context, { actor: actorOf(user), id: params.id, version: body.version }),
  }));

  route(app, webhooks.test, async ({ params, user }) => ({
    data: await sendWebhookTest(context, actorOf(user), params.id),
  }));

  route(app, webhooks.deliveries, async ({ query }) => listWebhookDeliveries(context, query));

  route(app, webhooks.resend, async ({ params, user }) => ({
    data: await resendWebhookDelivery(context, actorOf(user), params.id),
  }));
}
