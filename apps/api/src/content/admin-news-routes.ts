/**
 * The back office's news (transport): the staff read the posts, drafts included, and any post's
 * picture; the admins write, publish, unpublish and delete them and upload their pictures (up to the
 * picture size setting: past it a 413 and nothing read).
 */
import { news } from '@botica/api-client/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { sendSvg } from '../http/send-svg.ts';
import {
  adminPost,
  createPost,
  deletePost,
  deletePostPicture,
  listAdminPosts,
  type PostPictureAnswer,
  postPictureOf,
  publishPost,
  unpublishPost,
  updatePost,
  uploadPostPicture,
} from './admin-news-service.ts';

const PICTURE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** The digest of an If-None-Match header (`"abc"` or `W/"abc"`), if any. */
function etagValue(header: string | undefined): string | undefined {
  return header?.match(/^(?:W\/)?"([^"]+)"$/)?.[1];
}

/** Sends a post's picture: the uploaded WebP with its ETag, or the drawing. */
export async function sendPostPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: (ifNoneMatch: string | undefined) => Promise<PostPictureAnswer>,
) {
  const answer = await picture(etagValue(request.headers['if-none-match']));
  if (answer.kind === 'svg') return sendSvg(request, reply, answer.svg);
  reply
    .header('cache-control', PICTURE_CACHE_CONTROL)
    .header('etag', `"${answer.digest}"`)
    .header('x-content-type-options', 'nosniff');
  if (answer.bytes === null) return reply.code(304).send();
  return reply.type(answer.contentType).send(answer.bytes);
}

export function registerAdminNewsRoutes(app: FastifyInstance, context: RouteContext): void {
  const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

  route(app, news.list, async ({ query }) =>
    listAdminPosts(context, { q: query.q, status: query.status, page: query.page }),
  );

  route(app, news.get, async ({ params }) => ({ data: await adminPost(context, params.id) }));

  route(app, news.create, async ({ body, user }) => ({
    data: await createPost(context, actorOf(user), body),
  }));

  route(app, news.update, async ({ params, body, user }) => ({
    data: await updatePost(context, { actor: actorOf(user), id: params.id, input: body }),
  }));

  route(app, news.publish, async ({ params, body, user }) => ({
    data: await publishPost(context, {
      actor: actorOf(user),
      id: params.id,
      publishedAt: body.published_at,
      version: body.version,
    }),
  }));

  route(app, news.unpublish, async ({ params, body, user }) => ({
    data: await unpublishPost(context, { actor: actorOf(user), id: params.id, version: body.version }),
  }));

  route(app, news.delete, async ({ params, user }) => {
    await deletePost(context, actorOf(user), params.id);
    return undefined;
  });

  route(
    app,
    news.uploadPicture,
    async ({ params, query, body, user }) => ({
      data: await uploadPostPicture(context, {
        actor: actorOf(user),
        id: params.id,
        file: body,
        alt: query.alt,
      }),
    }),
    { bodyLimit: context.settings.pictureMaxBytes },
  );

  route(app, news.deletePicture, async ({ params, user }) => ({
    data: await deletePostPicture(context, actorOf(user), params.id),
  }));

  route(app, news.image, async ({ params, request, reply }) =>
    sendPostPicture(request, reply, (ifNoneMatch) => postPictureOf(context, params.id, ifNoneMatch)),
  );
}
