/**
 * Training: the webinar agenda (public) and history, the signup, the scientific
 * materials with their tag filter, the newsletters, and the downloads of their files
 * (src/training/webinar-service.ts, src/training/library-service.ts). Anonymous visitors read the
 * upcoming webinars; the history, the materials, the newsletters and every file need a logged-in
 * pharmacist (401, or 403 for a user who is not a client).
 */
import { training } from '@botica/api-client/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { requireClient } from '../http/guards.ts';
import {
  listMaterials,
  listNewsletters,
  materialFile,
  materialTagList,
  newsletterFile,
  type StoredFile,
} from './library-service.ts';
import { registerProductTrainingRoutes } from './product-training-routes.ts';
import { cancelWebinarSignup, listWebinars, signUpForWebinar, webinarFor } from './webinar-service.ts';

/** The logged-in pharmacist, if any (a user of another role reads the public pages as anonymous). */
function optionalClient(user: SessionUser | null): (SessionUser & { clientId: number }) | null {
  return user && user.role === 'client' && user.clientId !== null
    ? (user as SessionUser & { clientId: number })
    : null;
}

/** Sends a stored file: its type, exact length and a download name, never cached by a shared cache. */
function sendFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  const ascii = file.name.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.bytes.length))
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

export function registerTrainingRoutes(app: FastifyInstance, context: RouteContext): void {
  const origin = (request: FastifyRequest) => portalOrigin(context.settings, request);

  route(app, training.webinars, async ({ query, user, request }) => {
    const when = query.when ?? 'upcoming';
    // The history is for pharmacists; the agenda for anyone.
    const reader = when === 'past' ? requireClient(request) : optionalClient(user);
    return listWebinars(context, {
      when,
      userId: reader?.id ?? null,
      page: query.page,
      perPage: query.per_page,
    });
  });

  route(app, training.webinar, async ({ params, user }) => ({
    data: await webinarFor(context, { id: params.id, userId: optionalClient(user)?.id ?? null }),
  }));

  route(app, training.signUp, async ({ params: { id }, user, request }) => {
    await signUpForWebinar(context, { id, userId: user.id, origin: origin(request) });
    return { data: await webinarFor(context, { id, userId: user.id }) };
  });

  route(app, training.cancelSignup, async ({ params: { id }, user, request }) => {
    await cancelWebinarSignup(context, { id, userId: user.id, origin: origin(request) });
    return { data: await webinarFor(context, { id, userId: user.id }) };
  });

  route(app, training.materialTags, async () => ({ data: await materialTagList(context) }));

  route(app, training.materials, async ({ query }) =>
    listMaterials(context, { page: query.page, perPage: query.per_page, tags: query.tags }),
  );

  route(app, training.materialFile, async ({ params, reply }) =>
    sendFile(reply, await materialFile(context, params.id)),
  );

  route(app, training.newsletters, async ({ query }) =>
    listNewsletters(context, { page: query.page, perPage: query.per_page }),
  );

  route(app, training.newsletterFile, async ({ params, reply }) =>
    sendFile(reply, await newsletterFile(context, params.id)),
  );

  registerProductTrainingRoutes(app, context);
}
