/**
 * The laboratory's content (src/content/content-service.ts):
 * - the news (Noticias): `GET /api/v1/cms/posts` and `/cms/posts/{id}`, public, and
 *   each post's picture;
 * - `GET /api/v1/driver/showcase`: the showcase on the portal's home page, the active banners and the
 *   featured products with the logged-in client's prices;
 * - the laboratory's messages to the pharmacies: `GET /api/v1/messages` (the active ones, the
 *   most pressing and newest first, each with the user's read state), `GET /api/v1/messages/{id}` (one
 *   active message with its body) and `POST /api/v1/messages/{id}/read` (marks it read for the user;
 *   the first time counts). A message outside its `starts_at`–`ends_at` window is a 404.
 */
import { cms, messages, showcase } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { sendPostPicture } from './admin-news-routes.ts';
import { postPictureOf } from './admin-news-service.ts';
import {
  activeMessages,
  listPosts,
  markMessageRead,
  oneMessage,
  onePost,
  postImage,
  showcase as showcaseFor,
} from './content-service.ts';

export function registerContentRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, cms.posts, async ({ query }) =>
    listPosts(context, { page: query.page, perPage: query.per_page }),
  );

  route(app, cms.post, async ({ params }) => ({ data: await onePost(context, params.id) }));

  route(app, cms.postImage, async ({ params, request, reply }) => {
    // A 404 unless the post is visible; then its uploaded picture, else the drawing.
    await postImage(context, params.id);
    return sendPostPicture(request, reply, (ifNoneMatch) => postPictureOf(context, params.id, ifNoneMatch));
  });

  route(app, showcase.get, async ({ user }) => ({ data: await showcaseFor(context, user.clientId) }));

  route(app, messages.list, async ({ user }) => {
    const active = await activeMessages(context, { userId: user.id, clientId: user.clientId });
    return { data: active.map(({ body: _body, ...summary }) => summary) };
  });

  route(app, messages.get, async ({ params, user }) => ({
    data: await oneMessage(context, { userId: user.id, clientId: user.clientId, id: params.id }),
  }));

  route(app, messages.markRead, async ({ params, user }) => ({
    data: await markMessageRead(context, { userId: user.id, clientId: user.clientId, id: params.id }),
  }));
}
