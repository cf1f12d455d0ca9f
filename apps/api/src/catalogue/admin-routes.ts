/**
 * The back office's catalogue (transport): the staff read the products and the category trees; the
 * admins edit and add products and change the trees (a sales rep gets 403 from the access check).
 */
import { adminCatalogue } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route, withStatus } from '../http/endpoint-route.ts';
import {
  adminCategoryForest,
  adminProduct,
  createAdminCategory,
  createAdminProduct,
  deleteAdminCategory,
  listAdminProducts,
  updateAdminCategory,
  updateAdminProduct,
} from './admin-catalogue-service.ts';
import { listTags } from './catalogue-service.ts';

export function registerAdminCatalogueRoutes(app: FastifyInstance, context: RouteContext): void {
  const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

  route(app, adminCatalogue.products, async ({ query }) => listAdminProducts(context, query));

  route(app, adminCatalogue.getProduct, async ({ params }) => ({
    data: await adminProduct(context, params.id),
  }));

  route(app, adminCatalogue.createProduct, async ({ body, user }) =>
    withStatus(201, { data: await createAdminProduct(context, { actor: actorOf(user), fields: body }) }),
  );

  route(app, adminCatalogue.updateProduct, async ({ params, body, user }) => ({
    data: await updateAdminProduct(context, { actor: actorOf(user), productId: params.id, edit: body }),
  }));

  route(app, adminCatalogue.categoryTrees, async () => ({ data: await adminCategoryForest(context) }));

  route(app, adminCatalogue.createCategory, async ({ body, user }) =>
    withStatus(201, { data: await createAdminCategory(context, { actor: actorOf(user), input: body }) }),
  );

  route(app, adminCatalogue.updateCategory, async ({ params, body, user }) => ({
    data: await updateAdminCategory(context, { actor: actorOf(user), id: params.id, input: body }),
  }));

  route(app, adminCatalogue.deleteCategory, async ({ params, user }) => {
    await deleteAdminCategory(context, { actor: actorOf(user), id: params.id });
    return undefined;
  });

  route(app, adminCatalogue.listTags, async () => ({ data: await listTags(context) }));
}
