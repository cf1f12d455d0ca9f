/**
 * The back office's content (src/content/admin-content-service.ts): the laboratory's messages and the
 * home page's showcase. The staff read them; only admins change them, each change audited.
 */
import { adminMessages, adminShowcase } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import { staffScope } from '../accounts/staff-scope.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import {
  adminBanner,
  adminMessage,
  createBanner,
  createMessage,
  deleteBanner,
  deleteMessage,
  featuredProducts,
  listAdminMessages,
  listBanners,
  moveBanner,
  searchShowcaseProducts,
  setFeaturedProducts,
  updateBanner,
  updateMessage,
} from './admin-content-service.ts';

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

export function registerAdminContentRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, adminMessages.list, async ({ user }) => ({
    data: await listAdminMessages(context, staffScope(user)),
  }));

  route(app, adminMessages.get, async ({ params, user }) => ({
    data: await adminMessage(context, params.id, staffScope(user)),
  }));

  route(app, adminMessages.create, async ({ body, user }) => ({
    data: await createMessage(context, { actor: actorOf(user), input: body }),
  }));

  route(app, adminMessages.update, async ({ params, body, user }) => ({
    data: await updateMessage(context, { actor: actorOf(user), id: params.id, input: body }),
  }));

  route(app, adminMessages.delete, async ({ params, user }) => {
    await deleteMessage(context, { actor: actorOf(user), id: params.id });
    return undefined;
  });

  route(app, adminShowcase.banners, async () => ({ data: await listBanners(context) }));

  route(app, adminShowcase.banner, async ({ params }) => ({ data: await adminBanner(context, params.id) }));

  route(app, adminShowcase.createBanner, async ({ body, user }) => ({
    data: await createBanner(context, { actor: actorOf(user), input: body }),
  }));

  route(app, adminShowcase.updateBanner, async ({ params, body, user }) => ({
    data: await updateBanner(context, { actor: actorOf(user), id: params.id, input: body }),
  }));

  route(app, adminShowcase.moveBanner, async ({ params, body, user }) => ({
    data: await moveBanner(context, { actor: actorOf(user), id: params.id, direction: body.direction }),
  }));

  route(app, adminShowcase.deleteBanner, async ({ params, user }) => {
    await deleteBanner(context, { actor: actorOf(user), id: params.id });
    return undefined;
  });

  route(app, adminShowcase.featured, async () => ({ data: await featuredProducts(context) }));

  route(app, adminShowcase.setFeatured, async ({ body, user }) => ({
    data: await setFeaturedProducts(context, { actor: actorOf(user), productIds: body.product_ids }),
  }));

  route(app, adminShowcase.products, async ({ query }) => ({
    data: await searchShowcaseProducts(context, query.q ?? ''),
  }));
}
