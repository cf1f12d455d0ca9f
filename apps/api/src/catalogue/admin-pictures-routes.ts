/**
 * The back office's product pictures: the staff read a product's pictures, the admins add, reorder and
 * delete them. Every change is audited with the admin who made it and answers the pictures as they
 * are after it. An upload's body is read up to the pictures' setting (413 past it, nothing read).
 */
import { pictures } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import {
  addProductPicture,
  deleteProductPicture,
  listProductPictures,
  reorderProductPictures,
} from './pictures-service.ts';

const actorOf = (user: Pick<SessionUser, 'id' | 'username'>) => ({ id: user.id, username: user.username });

export function registerAdminPictureRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, pictures.list, async ({ params }) => ({ data: await listProductPictures(context, params.id) }));

  route(
    app,
    pictures.upload,
    async ({ params, query, body, user, request }) => {
      // Decoding and encoding three sizes is the heaviest work an admin asks for: one slot each.
      await context.heavy.run(request, () =>
        addProductPicture(context, params.id, body, {
          actor: actorOf(user),
          ...(query.name === undefined ? {} : { name: query.name }),
        }),
      );
      return { data: await listProductPictures(context, params.id) };
    },
    { bodyLimit: context.settings.pictureMaxBytes },
  );

  route(app, pictures.reorder, async ({ params, body, user }) => {
    await reorderProductPictures(context, params.id, body.order, { actor: actorOf(user) });
    return { data: await listProductPictures(context, params.id) };
  });

  route(app, pictures.delete, async ({ params, query, user }) => {
    await deleteProductPicture(context, params.id, params.position, {
      actor: actorOf(user),
      ...(query.version === undefined ? {} : { version: query.version }),
    });
    return { data: await listProductPictures(context, params.id) };
  });
}
