/**
 * Training (spec §2, §6, §7): the webinar agenda (public) and history, the signup, the scientific
 * materials with their tag filter, the newsletters, and the downloads of their files. Anonymous
 * visitors read the upcoming webinars; the history, the materials, the newsletters and every file
 * need a logged-in pharmacist (401, or 403 for a user who is not a client). A signup is confirmed by
 * e-mail with a calendar invitation, and its cancellation by one that takes the event out again.
 */
import {
  MaterialsQuerySchema,
  MaterialsResponseSchema,
  MaterialTagsResponseSchema,
  NewslettersQuerySchema,
  NewslettersResponseSchema,
  type TrainingFile,
  type Webinar,
  type WebinarDetail,
  WebinarResponseSchema,
  WebinarSignupRequestSchema,
  WebinarsQuerySchema,
  WebinarsResponseSchema,
} from '@botica/api-client/schemas';
import { webinarEnd, webinarPhase } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portalOrigin } from '../access/links.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { type Database, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailSender } from '../mail/sender.ts';
import { webinarCancellationMail, webinarSignupMail } from './signup-message.ts';

const DEFAULT_PER_PAGE = 12;

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

function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** The address a file downloads from. */
function fileUrl(publicUrl: string, kind: 'materials' | 'newsletters', id: number): string {
  return `${publicUrl}/api/v1/driver/training/${kind}/${id}/file`;
}

interface FileColumns {
  file_name: string;
  content_type: string;
  size: number;
}

function trainingFile(
  publicUrl: string,
  kind: 'materials' | 'newsletters',
  id: number,
  row: FileColumns,
): TrainingFile {
  return {
    name: row.file_name,
    content_type: row.content_type,
    size: Number(row.size),
    url: fileUrl(publicUrl, kind, id),
  };
}

interface WebinarRow {
  id: number;
  title: string;
  topic: string;
  summary: string;
  description: string[];
  speaker_name: string;
  speaker_title: string;
  starts_at: Date | string;
  duration_minutes: number;
  join_url: string;
  recording_url: string | null;
  is_signed_up: boolean;
}

const WEBINAR_COLUMNS = sql`w.id, w.title, w.topic, w.summary, w.description, w.speaker_name, w.speaker_title,
  w.starts_at, w.duration_minutes, w.join_url, w.recording_url`;

/** `is_signed_up` of the user (false for nobody). */
function signedUpColumn(userId: number | null) {
  return userId === null
    ? sql`false as is_signed_up`
    : sql`exists (select 1 from webinar_signups s where s.webinar_id = w.id and s.user_id = ${userId}) as is_signed_up`;
}

/** The products and (for a pharmacist) the materials of some webinars. */
async function webinarExtras(context: AppContext, ids: readonly number[], withMaterials: boolean) {
  const products = new Map<number, Webinar['products']>();
  const materials = new Map<number, Webinar['materials']>();
  if (ids.length === 0) return { products, materials };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const productRows = await selectRows<{ webinar_id: number; id: number; name: string; reference: string }>(
    context.db,
    sql`select wp.webinar_id, p.id, p.name, p.reference from webinar_products wp join products p on p.id = wp.product_id
        where wp.webinar_id in (${list}) and p.is_active order by wp.position, p.id`,
  );
  for (const row of productRows) {
    const items = products.get(row.webinar_id) ?? [];
    items.push({ id: row.id, name: row.name, reference: row.reference });
    products.set(row.webinar_id, items);
  }
  if (withMaterials) {
    const materialRows = await selectRows<{ webinar_id: number; id: number; title: string } & FileColumns>(
      context.db,
      sql`select m.webinar_id, m.id, m.title, f.name as file_name, f.content_type, f.size
          from materials m join training_files f on f.id = m.file_id
          where m.webinar_id in (${list}) order by m.published_at, m.id`,
    );
    for (const row of materialRows) {
      const items = materials.get(row.webinar_id) ?? [];
      items.push({
        id: row.id,
        title: row.title,
        file: trainingFile(context.settings.publicUrl, 'materials', row.id, row),
      });
      materials.set(row.webinar_id, items);
    }
  }
  return { products, materials };
}

function webinarBody(
  row: WebinarRow,
  now: Date,
  isClient: boolean,
  extras: Awaited<ReturnType<typeof webinarExtras>>,
): Webinar {
  const startsAt = new Date(row.starts_at);
  const phase = webinarPhase(startsAt, row.duration_minutes, now);
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    summary: row.summary,
    speaker: { name: row.speaker_name, title: row.speaker_title },
    starts_at: startsAt.toISOString(),
    ends_at: webinarEnd(startsAt, row.duration_minutes).toISOString(),
    duration_minutes: row.duration_minutes,
    phase,
    products: extras.products.get(row.id) ?? [],
    is_signed_up: row.is_signed_up,
    recording_url: isClient && phase === 'ended' ? row.recording_url : null,
    materials: isClient ? (extras.materials.get(row.id) ?? []) : [],
  };
}

function webinarDetail(
  row: WebinarRow,
  now: Date,
  isClient: boolean,
  extras: Awaited<ReturnType<typeof webinarExtras>>,
): WebinarDetail {
  const webinar = webinarBody(row, now, isClient, extras);
  return {
    ...webinar,
    description: row.description,
    // The room's link: only to a signed-up pharmacist, only from 15 minutes before until the end.
    join_url: isClient && row.is_signed_up && webinar.phase === 'joinable' ? row.join_url : null,
  };
}

async function loadWebinar(context: AppContext, id: number, userId: number | null): Promise<WebinarRow> {
  const [row] = await selectRows<WebinarRow>(
    context.db,
    sql`select ${WEBINAR_COLUMNS}, ${signedUpColumn(userId)} from webinars w where w.id = ${id}`,
  );
  if (!row) throw new HttpError(404, 'El webinar no existe.');
  return row;
}

async function webinarAnswer(context: AppContext, id: number, user: SessionUser | null) {
  const row = await loadWebinar(context, id, user?.id ?? null);
  const extras = await webinarExtras(context, [row.id], user !== null);
  return output(WebinarResponseSchema, { data: webinarDetail(row, context.now(), user !== null, extras) });
}

/** Sends a stored file: its type, exact length and a download name, never cached by a shared cache. */
async function sendFile(context: AppContext, fileId: number, reply: import('fastify').FastifyReply) {
  const [file] = await selectRows<{ name: string; content_type: string; size: number; content: Uint8Array }>(
    context.db,
    sql`select name, content_type, size, content from training_files where id = ${fileId}`,
  );
  if (!file) throw new HttpError(404, 'El documento no existe.');
  const bytes = Buffer.from(file.content);
  const ascii = file.name.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', file.content_type)
    .header('content-length', String(bytes.length))
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

export function registerTrainingRoutes(
  app: FastifyInstance,
  context: AppContext,
  mailSender: MailSender,
): void {
  /**
   * Writes the confirmation or the cancellation of a signup into the outbox, in the caller's
   * transaction; false for a user without an e-mail address (who gets nothing).
   */
  async function mailSignup(
    db: Database,
    what: 'signup' | 'cancellation',
    webinar: WebinarRow,
    userId: number,
    signedUpAt: Date,
    origin: string,
    now: Date,
  ): Promise<boolean> {
    const [recipient] = await selectRows<{ name: string; email: string | null }>(
      db,
      sql`select name, email from users where id = ${userId}`,
    );
    if (!recipient?.email) return false;
    const input = {
      webinar: {
        id: webinar.id,
        title: webinar.title,
        startsAt: new Date(webinar.starts_at),
        durationMinutes: webinar.duration_minutes,
        speaker: webinar.speaker_name,
      },
      recipient: { name: recipient.name, email: recipient.email },
      signup: { userId, createdAt: signedUpAt },
      portalOrigin: origin,
      settings: context.settings,
      now,
    };
    await enqueueMail(db, what === 'signup' ? webinarSignupMail(input) : webinarCancellationMail(input), now);
    return true;
  }

  app.get('/api/v1/driver/training/webinars', async (request) => {
    const query = parse(WebinarsQuerySchema, request.query);
    const when = query.when ?? 'upcoming';
    // The history is for pharmacists; the agenda for anyone.
    const user = when === 'past' ? requireClient(request) : optionalClient(request);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const now = context.now();
    // Upcoming: not ended yet (a webinar running now is still on the agenda), soonest first.
    const ends = sql`w.starts_at + make_interval(mins => w.duration_minutes)`;
    const where =
      when === 'upcoming' ? sql`${ends} > ${now.toISOString()}` : sql`${ends} <= ${now.toISOString()}`;
    const order = when === 'upcoming' ? sql`w.starts_at asc, w.id asc` : sql`w.starts_at desc, w.id desc`;
    const [rows, [count]] = await Promise.all([
      selectRows<WebinarRow>(
        context.db,
        sql`select ${WEBINAR_COLUMNS}, ${signedUpColumn(user?.id ?? null)} from webinars w where ${where}
            order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`,
      ),
      selectRows<{ total: number | string }>(
        context.db,
        sql`select count(*) as total from webinars w where ${where}`,
      ),
    ]);
    const extras = await webinarExtras(
      context,
      rows.map((row) => row.id),
      user !== null,
    );
    return output(WebinarsResponseSchema, {
      data: rows.map((row) => webinarBody(row, now, user !== null, extras)),
      meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
    });
  });

  app.get('/api/v1/driver/training/webinars/:id', async (request) => {
    const id = pathId((request.params as { id: string }).id);
    return webinarAnswer(context, id, optionalClient(request));
  });

  // The signup and its cancellation each write their e-mail (with the calendar invitation, or its
  // cancellation) into the outbox in the transaction that changes the signup, and only when it did
  // change: a repeated signup or cancellation sends nothing, nor does one for a user without e-mail.
  app.post('/api/v1/driver/training/webinars/:id/signup', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    parse(WebinarSignupRequestSchema, request.body ?? {});
    const webinar = await loadWebinar(context, id, user.id);
    const now = context.now();
    if (webinarPhase(new Date(webinar.starts_at), webinar.duration_minutes, now) === 'ended') {
      throw new HttpError(409, 'Este webinar ya ha terminado: no admite inscripciones.');
    }
    const origin = portalOrigin(context.settings, request);
    const mailed = await context.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      // Once per user and webinar (the primary key); signing up again changes nothing.
      const [created] = await selectRows<{ created_at: Date | string }>(
        db,
        sql`insert into webinar_signups (webinar_id, user_id, created_at)
            values (${id}, ${user.id}, ${now.toISOString()}::timestamptz)
            on conflict do nothing returning created_at`,
      );
      if (!created) return false;
      return mailSignup(db, 'signup', webinar, user.id, new Date(created.created_at), origin, now);
    });
    if (mailed) mailSender.nudge();
    return webinarAnswer(context, id, user);
  });

  app.delete('/api/v1/driver/training/webinars/:id/signup', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    const webinar = await loadWebinar(context, id, user.id);
    const now = context.now();
    const origin = portalOrigin(context.settings, request);
    const mailed = await context.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [removed] = await selectRows<{ created_at: Date | string }>(
        db,
        sql`delete from webinar_signups where webinar_id = ${id} and user_id = ${user.id} returning created_at`,
      );
      // Nothing to take out of a calendar: no signup, or a webinar that is over.
      if (!removed || webinarPhase(new Date(webinar.starts_at), webinar.duration_minutes, now) === 'ended') {
        return false;
      }
      return mailSignup(db, 'cancellation', webinar, user.id, new Date(removed.created_at), origin, now);
    });
    if (mailed) mailSender.nudge();
    return webinarAnswer(context, id, user);
  });

  app.get('/api/v1/driver/training/materials_tags', async (request) => {
    requireClient(request);
    const rows = await selectRows<{
      id: number;
      name: string;
      slug: string;
      material_count: number | string;
    }>(
      context.db,
      sql`select t.id, t.name, t.slug, count(l.material_id) as material_count
          from material_tags t left join material_tag_links l on l.tag_id = t.id
          group by t.id order by t.name, t.id`,
    );
    return output(MaterialTagsResponseSchema, {
      data: rows.map((row) => ({ ...row, material_count: Number(row.material_count) })),
    });
  });

  app.get('/api/v1/driver/training/materials', async (request) => {
    requireClient(request);
    const query = parse(MaterialsQuerySchema, bracketArrays(request.query));
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const tags = [...new Set(query.tags ?? [])];
    // Every tag named: each narrows the list.
    const where =
      tags.length === 0
        ? sql`true`
        : sql.join(
            tags.map(
              (tag) =>
                sql`exists (select 1 from material_tag_links l where l.material_id = m.id and l.tag_id = ${tag})`,
            ),
            sql` and `,
          );
    const [rows, [count]] = await Promise.all([
      selectRows<
        {
          id: number;
          title: string;
          description: string;
          published_at: Date | string;
          webinar_id: number | null;
          webinar_title: string | null;
        } & FileColumns
      >(
        context.db,
        sql`select m.id, m.title, m.description, m.published_at, m.webinar_id, w.title as webinar_title,
              f.name as file_name, f.content_type, f.size
            from materials m join training_files f on f.id = m.file_id left join webinars w on w.id = m.webinar_id
            where ${where} order by m.published_at desc, m.id desc
            limit ${perPage} offset ${(page - 1) * perPage}`,
      ),
      selectRows<{ total: number | string }>(
        context.db,
        sql`select count(*) as total from materials m where ${where}`,
      ),
    ]);
    const tagRows =
      rows.length === 0
        ? []
        : await selectRows<{ material_id: number; id: number; name: string; slug: string }>(
            context.db,
            sql`select l.material_id, t.id, t.name, t.slug from material_tag_links l join material_tags t on t.id = l.tag_id
                where l.material_id in (${sql.join(
                  rows.map((row) => sql`${row.id}`),
                  sql`, `,
                )}) order by t.name, t.id`,
          );
    return output(MaterialsResponseSchema, {
      data: rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        published_at: new Date(row.published_at).toISOString(),
        tags: tagRows
          .filter((tag) => tag.material_id === row.id)
          .map(({ id, name, slug }) => ({ id, name, slug })),
        file: trainingFile(context.settings.publicUrl, 'materials', row.id, row),
        webinar: row.webinar_id === null ? null : { id: row.webinar_id, title: row.webinar_title ?? '' },
      })),
      meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
    });
  });

  app.get('/api/v1/driver/training/materials/:id/file', async (request, reply) => {
    requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    const [row] = await selectRows<{ file_id: number }>(
      context.db,
      sql`select file_id from materials where id = ${id}`,
    );
    if (!row) throw new HttpError(404, 'El documento no existe.');
    return sendFile(context, row.file_id, reply);
  });

  app.get('/api/v1/driver/training/newsletters', async (request) => {
    requireClient(request);
    const query = parse(NewslettersQuerySchema, request.query);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const [rows, [count]] = await Promise.all([
      selectRows<{ id: number; title: string; summary: string; published_at: Date | string } & FileColumns>(
        context.db,
        sql`select n.id, n.title, n.summary, n.published_at, f.name as file_name, f.content_type, f.size
            from newsletters n join training_files f on f.id = n.file_id
            order by n.published_at desc, n.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      ),
      selectRows<{ total: number | string }>(context.db, sql`select count(*) as total from newsletters`),
    ]);
    return output(NewslettersResponseSchema, {
      data: rows.map((row) => ({
        id: row.id,
        title: row.title,
        summary: row.summary,
        published_at: new Date(row.published_at).toISOString(),
        file: trainingFile(context.settings.publicUrl, 'newsletters', row.id, row),
      })),
      meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
    });
  });

  app.get('/api/v1/driver/training/newsletters/:id/file', async (request, reply) => {
    requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    const [row] = await selectRows<{ file_id: number }>(
      context.db,
      sql`select file_id from newsletters where id = ${id}`,
    );
    if (!row) throw new HttpError(404, 'El boletín no existe.');
    return sendFile(context, row.file_id, reply);
  });
}
