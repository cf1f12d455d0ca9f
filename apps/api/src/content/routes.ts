/**
 * The laboratory's content (src/content/content-service.ts):
 * - the news (Noticias, spec §2, §6, §7): `GET /api/v1/cms/posts` and `/cms/posts/{id}`, public, and
 *   each post's picture;
 * - `GET /api/v1/driver/showcase`: the showcase on the portal's home page, the active banners and the
 *   featured products with the logged-in client's prices;
 * - the laboratory's messages to the pharmacies (spec §7): `GET /api/v1/messages` (the active ones, the
 *   most pressing and newest first, each with the user's read state), `GET /api/v1/messages/{id}` (one
 *   active message with its body) and `POST /api/v1/messages/{id}/read` (marks it read for the user;
 *   the first time counts). A message outside its `starts_at`–`ends_at` window is a 404.
 */
import {
  LabMessageResponseSchema,
  LabMessagesResponseSchema,
  PostResponseSchema,
  PostsQuerySchema,
  PostsResponseSchema,
  ShowcaseResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { sendSvg } from '../http/send-svg.ts';
import { output, parse, pathId } from '../http/validation.ts';
import {
  activeMessages,
  listPosts,
  markMessageRead,
  oneMessage,
  onePost,
  postImage,
  showcase,
} from './content-service.ts';

export function registerContentRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/cms/posts', async (request) => {
    const query = parse(PostsQuerySchema, request.query);
    return output(
      PostsResponseSchema,
      await listPosts(context, { page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/api/v1/cms/posts/:id', async (request) => {
    const id = pathId((request.params as { id: string }).id);
    return output(PostResponseSchema, { data: await onePost(context, id) });
  });

  app.get('/api/v1/cms/posts/:id/image', async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    return sendSvg(request, reply, await postImage(context, id));
  });

  app.get('/api/v1/driver/showcase', async (request) => {
    const user = requireClient(request);
    return output(ShowcaseResponseSchema, { data: await showcase(context, user.clientId) });
  });

  app.get('/api/v1/messages', async (request) => {
    const user = requireClient(request);
    const messages = await activeMessages(context, { userId: user.id });
    return output(LabMessagesResponseSchema, {
      data: messages.map(({ body: _body, ...summary }) => summary),
    });
  });

  app.get('/api/v1/messages/:id', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id?: unknown }).id);
    return output(LabMessageResponseSchema, { data: await oneMessage(context, { userId: user.id, id }) });
  });

  app.post('/api/v1/messages/:id/read', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id?: unknown }).id);
    return output(LabMessageResponseSchema, {
      data: await markMessageRead(context, { userId: user.id, id }),
    });
  });
}
