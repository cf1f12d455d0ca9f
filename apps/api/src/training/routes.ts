/**
 * Training (spec §2, §6, §7): the webinar agenda (public) and history, the signup, the scientific
 * materials with their tag filter, the newsletters, and the downloads of their files
 * (src/training/webinar-service.ts, src/training/library-service.ts). Anonymous visitors read the
 * upcoming webinars; the history, the materials, the newsletters and every file need a logged-in
 * pharmacist (401, or 403 for a user who is not a client).
 */
import {
  MaterialsQuerySchema,
  MaterialsResponseSchema,
  MaterialTagsResponseSchema,
  NewslettersQuerySchema,
  NewslettersResponseSchema,
  WebinarResponseSchema,
  WebinarSignupRequestSchema,
  WebinarsQuerySchema,
  WebinarsResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { RouteContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import {
  listMaterials,
  listNewsletters,
  materialFile,
  materialTagList,
  newsletterFile,
  type StoredFile,
} from './library-service.ts';
import { cancelWebinarSignup, listWebinars, signUpForWebinar, webinarFor } from './webinar-service.ts';

/** The logged-in pharmacist, if any (a user of another role reads the public pages as anonymous). */
function optionalClient(request: FastifyRequest): (SessionUser & { clientId: number }) | null {
  const user = request.session?.user;
  return user && user.role === 'client' && user.clientId !== null
    ? (user as SessionUser & { clientId: number })
    : null;
}

/**
 * A query string with bracket arrays (`tags[]=1&tags[]=2`, spec §7) read as `{ tags: ['1', '2'] }`;
 * a single value becomes a list of one.
 */
export function bracketArrays(query: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const previous = result[name];
      const items = Array.isArray(value) ? value : [value];
      result[name] = Array.isArray(previous) ? [...previous, ...items] : items;
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Sends a stored file: its type, exact length and a download name, never cached by a shared cache. */
function sendFile(reply: FastifyReply, file: StoredFile) {
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
  app.get('/api/v1/driver/training/webinars', async (request) => {
    const query = parse(WebinarsQuerySchema, request.query);
    const when = query.when ?? 'upcoming';
    // The history is for pharmacists; the agenda for anyone.
    const user = when === 'past' ? requireClient(request) : optionalClient(request);
    return output(
      WebinarsResponseSchema,
      await listWebinars(context, {
        when,
        userId: user?.id ?? null,
        page: query.page,
        perPage: query.per_page,
      }),
    );
  });

  app.get('/api/v1/driver/training/webinars/:id', async (request) => {
    const id = pathId((request.params as { id: string }).id);
    const user = optionalClient(request);
    return output(WebinarResponseSchema, {
      data: await webinarFor(context, { id, userId: user?.id ?? null }),
    });
  });

  app.post('/api/v1/driver/training/webinars/:id/signup', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    parse(WebinarSignupRequestSchema, request.body ?? {});
    await signUpForWebinar(context, { id, userId: user.id, origin: portalOrigin(context.settings, request) });
    return output(WebinarResponseSchema, { data: await webinarFor(context, { id, userId: user.id }) });
  });

  app.delete('/api/v1/driver/training/webinars/:id/signup', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    await cancelWebinarSignup(context, {
      id,
      userId: user.id,
      origin: portalOrigin(context.settings, request),
    });
    return output(WebinarResponseSchema, { data: await webinarFor(context, { id, userId: user.id }) });
  });

  app.get('/api/v1/driver/training/materials_tags', async (request) => {
    requireClient(request);
    return output(MaterialTagsResponseSchema, { data: await materialTagList(context) });
  });

  app.get('/api/v1/driver/training/materials', async (request) => {
    requireClient(request);
    const query = parse(MaterialsQuerySchema, bracketArrays(request.query));
    return output(
      MaterialsResponseSchema,
      await listMaterials(context, { page: query.page, perPage: query.per_page, tags: query.tags }),
    );
  });

  app.get('/api/v1/driver/training/materials/:id/file', async (request, reply) => {
    requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    return sendFile(reply, await materialFile(context, id));
  });

  app.get('/api/v1/driver/training/newsletters', async (request) => {
    requireClient(request);
    const query = parse(NewslettersQuerySchema, request.query);
    return output(
      NewslettersResponseSchema,
      await listNewsletters(context, { page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/api/v1/driver/training/newsletters/:id/file', async (request, reply) => {
    requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    return sendFile(reply, await newsletterFile(context, id));
  });
}
