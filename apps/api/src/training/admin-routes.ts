/**
 * The back office's training (`/api/v1/admin/training/…`): the webinars with their signups and the
 * attendees' CSV, the materials and the newsletters with their PDFs (src/training/admin-training-service.ts).
 * Reading is the staff's, a sales rep's signups narrowed to his pharmacies; changes are the admins'.
 */
import { adminMaterials, adminNewsletters, adminWebinars } from '@botica/api-client/admin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import { staffScope } from '../accounts/staff-scope.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { RouteContext } from '../context.ts';
import { route, withStatus } from '../http/endpoint-route.ts';
import {
  adminMaterial,
  adminNewsletter,
  adminWebinar,
  createMaterial,
  createNewsletter,
  createWebinar,
  deleteLibraryItem,
  deleteWebinar,
  libraryPdf,
  listAdminMaterials,
  listAdminNewsletters,
  listAdminWebinars,
  signupsFileName,
  storeLibraryPdf,
  trainingProducts,
  updateMaterial,
  updateNewsletter,
  updateWebinar,
  webinarSignups,
  webinarSignupsCsv,
} from './admin-training-service.ts';

const actorOf = (user: SessionUser) => ({ id: user.id, username: user.username });

function sendPdf(
  reply: FastifyReply,
  file: { name: string; contentType: string; bytes: Buffer },
): FastifyReply {
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

export function registerAdminTrainingRoutes(app: FastifyInstance, context: RouteContext): void {
  const pdfLimit = { bodyLimit: context.settings.trainingPdfMaxBytes };

  route(app, adminWebinars.list, async ({ query }) =>
    listAdminWebinars(context, { q: query.q, when: query.when ?? 'all', page: query.page ?? 1 }),
  );
  route(app, adminWebinars.get, async ({ params }) => ({ data: await adminWebinar(context, params.id) }));
  route(app, adminWebinars.create, async ({ body, user }) =>
    withStatus(201, { data: await createWebinar(context, body, actorOf(user)) }),
  );
  route(app, adminWebinars.update, async ({ params, body, user, request }) => ({
    data: await updateWebinar(context, params.id, body, {
      actor: actorOf(user),
      origin: portalOrigin(context.settings, request),
    }),
  }));
  route(app, adminWebinars.delete, async ({ params, user }) => {
    await deleteWebinar(context, params.id, actorOf(user));
    return undefined;
  });
  route(app, adminWebinars.signups, async ({ params, user }) => ({
    data: await webinarSignups(context, params.id, staffScope(user)),
  }));
  route(app, adminWebinars.signupsCsv, async ({ params, user, reply }) => {
    const text = await webinarSignupsCsv(context, params.id, staffScope(user));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${signupsFileName(params.id)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(text, 'utf8'));
  });
  route(app, adminWebinars.products, async ({ query }) => ({
    data: await trainingProducts(context, query.q),
  }));

  route(app, adminMaterials.list, async ({ query }) =>
    listAdminMaterials(context, { q: query.q, page: query.page ?? 1 }),
  );
  route(app, adminMaterials.get, async ({ params }) => ({ data: await adminMaterial(context, params.id) }));
  route(app, adminMaterials.create, async ({ body, user }) =>
    withStatus(201, { data: await createMaterial(context, body, actorOf(user)) }),
  );
  route(app, adminMaterials.update, async ({ params, body, user }) => ({
    data: await updateMaterial(context, params.id, body, actorOf(user)),
  }));
  route(app, adminMaterials.delete, async ({ params, user }) => {
    await deleteLibraryItem(context, 'materials', params.id, actorOf(user));
    return undefined;
  });
  route(
    app,
    adminMaterials.upload,
    async ({ params, query, body, user }) => ({
      data: (await storeLibraryPdf(context, 'materials', params.id, body, {
        name: query.name,
        actor: actorOf(user),
      })) as Awaited<ReturnType<typeof adminMaterial>>,
    }),
    pdfLimit,
  );
  route(app, adminMaterials.file, async ({ params, reply }) =>
    sendPdf(reply, await libraryPdf(context, 'materials', params.id)),
  );

  route(app, adminNewsletters.list, async ({ query }) =>
    listAdminNewsletters(context, { q: query.q, page: query.page ?? 1 }),
  );
  route(app, adminNewsletters.get, async ({ params }) => ({
    data: await adminNewsletter(context, params.id),
  }));
  route(app, adminNewsletters.create, async ({ body, user }) =>
    withStatus(201, { data: await createNewsletter(context, body, actorOf(user)) }),
  );
  route(app, adminNewsletters.update, async ({ params, body, user }) => ({
    data: await updateNewsletter(context, params.id, body, actorOf(user)),
  }));
  route(app, adminNewsletters.delete, async ({ params, user }) => {
    await deleteLibraryItem(context, 'newsletters', params.id, actorOf(user));
    return undefined;
  });
  route(
    app,
    adminNewsletters.upload,
    async ({ params, query, body, user }) => ({
      data: (await storeLibraryPdf(context, 'newsletters', params.id, body, {
        name: query.name,
        actor: actorOf(user),
      })) as Awaited<ReturnType<typeof adminNewsletter>>,
    }),
    pdfLimit,
  );
  route(app, adminNewsletters.file, async ({ params, reply }) =>
    sendPdf(reply, await libraryPdf(context, 'newsletters', params.id)),
  );
}
