/**
 * The back office's training: the webinars (their signups, the attendees' CSV and the notice to the
 * signed-up users when the start or the room changes), the scientific materials and the newsletters
 * with their PDFs. Every change is one transaction with its audit row; an edit names the `version` it
 * was made on, and one made on an older version is a 409 with nothing changed.
 */
import {
  ADMIN_TRAINING_PER_PAGE,
  type AdminMaterial,
  type AdminMaterialCreateRequest,
  type AdminNewsletter,
  type AdminNewsletterCreateRequest,
  type AdminWebinar,
  type AdminWebinarCreateRequest,
  type AdminWebinarRow,
  ADMIN_TRAINING_MESSAGES as M,
  type TrainingProduct,
  type WebinarSignupRow,
} from '@botica/api-client/admin';
import { fillPath } from '@botica/api-client/endpoints';
import { instantOfMadridWallClock, madridWallClock, webinarEnd, webinarPhase } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type StaffScope, scopeCondition } from '../accounts/staff-scope.ts';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type AppContext, type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { CSV_BOM, csvRecord, csvText } from '../http/csv-writer.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { checkPdf } from './pdf-check.ts';
import { webinarChangeMail } from './signup-message.ts';
import { trainingFiles } from './tables.ts';

const ACCENTED = 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç';
const PLAIN = 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc';

/** A text column without accents, in lower case (what a search compares). */
function folded(column: SQL): SQL {
  return sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
}

/** What is typed, as `folded` compares it. */
function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Any of the columns holds the text typed (accents and case ignored); true for nothing typed. */
function matches(q: string | undefined, columns: readonly SQL[]): SQL {
  const text = foldSearch(q?.trim() ?? '');
  if (text === '') return sql`true`;
  return sql`(${sql.join(
    columns.map((column) => sql`strpos(${folded(column)}, ${text}) > 0`),
    sql` or `,
  )})`;
}

/**
 * The instant of a form's minute on Madrid's wall clock (its schema has checked it); 422 under
 * `field` should it name none.
 */
function madridInstantOf(text: string, field: string, message: string): Date {
  const instant = instantOfMadridWallClock(text);
  if (!instant) throw new HttpError(422, message, { [field]: [message] });
  return instant;
}

/** The instant a Madrid day starts: what a material's or newsletter's publication date stores. */
function fromMadridDay(text: string): Date {
  return madridInstantOf(`${text}T00:00`, 'published_on', M.publishedOnInvalid);
}

/** A text's paragraphs: separated by blank lines, trimmed, none empty. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Whether a failed versioned change found no row (404) or a newer one (409). */
async function staleOrMissing(
  context: CoreContext,
  table: 'webinars' | 'materials' | 'newsletters',
  id: number,
  notFound: string,
): Promise<never> {
  const [row] = await selectRows<{ id: number }>(
    context.db,
    sql`select id from ${sql.identifier(table)} where id = ${id}`,
  );
  throw row ? new HttpError(409, M.stale) : new HttpError(404, notFound);
}

// --- Webinars -------------------------------------------------------------------------------------

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
  version: number;
  signup_count: number | string;
}

const WEBINAR_COLUMNS = sql`w.id, w.title, w.topic, w.summary, w.description, w.speaker_name, w.speaker_title,
  w.starts_at, w.duration_minutes, w.join_url, w.recording_url, w.version,
  (select count(*) from webinar_signups s where s.webinar_id = w.id) as signup_count`;

function webinarRow(row: WebinarRow, now: Date): AdminWebinarRow {
  const startsAt = new Date(row.starts_at);
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    speaker_name: row.speaker_name,
    starts_at: startsAt.toISOString(),
    starts_at_local: madridWallClock(startsAt),
    duration_minutes: row.duration_minutes,
    phase: webinarPhase(startsAt, row.duration_minutes, now),
    signup_count: Number(row.signup_count),
  };
}

/** The webinars' page: `q` over the title, topic and speaker; the latest start first. */
export async function listAdminWebinars(
  context: CoreContext,
  {
    q,
    when = 'all',
    page = 1,
  }: { q?: string | undefined; when?: 'upcoming' | 'past' | 'all'; page?: number },
) {
  const now = context.now().toISOString();
  const ends = sql`w.starts_at + make_interval(mins => w.duration_minutes)`;
  const phase =
    when === 'upcoming'
      ? sql`${ends} > ${now}::timestamptz`
      : when === 'past'
        ? sql`${ends} <= ${now}::timestamptz`
        : sql`true`;
  const where = sql`${phase} and ${matches(q, [sql`w.title`, sql`w.topic`, sql`w.speaker_name`])}`;
  const perPage = ADMIN_TRAINING_PER_PAGE;
  const [rows, [count]] = await Promise.all([
    selectRows<WebinarRow>(
      context.db,
      sql`select ${WEBINAR_COLUMNS} from webinars w where ${where}
          order by w.starts_at desc, w.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from webinars w where ${where}`,
    ),
  ]);
  return {
    data: rows.map((row) => webinarRow(row, context.now())),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

async function webinarProducts(context: CoreContext, id: number): Promise<TrainingProduct[]> {
  // Reads the catalogue's products: the names of those the webinar is about.
  return selectRows<TrainingProduct>(
    context.db,
    sql`select p.id, p.name, p.reference from webinar_products wp join products p on p.id = wp.product_id
        where wp.webinar_id = ${id} order by wp.position, p.id`,
  );
}

/** One webinar whole (404 when there is none). */
export async function adminWebinar(context: CoreContext, id: number): Promise<AdminWebinar> {
  const [row] = await selectRows<WebinarRow>(
    context.db,
    sql`select ${WEBINAR_COLUMNS} from webinars w where w.id = ${id}`,
  );
  if (!row) throw new HttpError(404, M.webinarNotFound);
  const startsAt = new Date(row.starts_at);
  return {
    ...webinarRow(row, context.now()),
    summary: row.summary,
    description: row.description,
    speaker_title: row.speaker_title,
    ends_at: webinarEnd(startsAt, row.duration_minutes).toISOString(),
    join_url: row.join_url,
    recording_url: row.recording_url,
    products: await webinarProducts(context, id),
    version: row.version,
  };
}

/** The checks beyond the fields' own: the recording after the end, the products that exist. */
async function checkWebinar(context: CoreContext, input: AdminWebinarCreateRequest): Promise<Date> {
  const startsAt = madridInstantOf(input.starts_at_local, 'starts_at_local', M.startsAtInvalid);
  if (
    input.recording_url !== null &&
    webinarPhase(startsAt, input.duration_minutes, context.now()) !== 'ended'
  ) {
    throw new HttpError(422, M.recordingBeforeEnd, { recording_url: [M.recordingBeforeEnd] });
  }
  await checkProductIds(context, input.product_ids);
  return startsAt;
}

/** A 422 under `product_ids` when one of them names no product. */
async function checkProductIds(context: CoreContext, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const [found] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from products where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (Number(found?.total ?? 0) !== ids.length) {
    throw new HttpError(422, M.productUnknown, { product_ids: [M.productUnknown] });
  }
}

async function setWebinarProducts(tx: CoreContext, id: number, productIds: readonly number[]): Promise<void> {
  await tx.db.execute(sql`delete from webinar_products where webinar_id = ${id}`);
  const ids = [...new Set(productIds)];
  for (const [position, productId] of ids.entries()) {
    await tx.db.execute(
      sql`insert into webinar_products (webinar_id, product_id, position) values (${id}, ${productId}, ${position})`,
    );
  }
}

/** Adds a webinar; audited. */
export async function createWebinar(
  context: CoreContext,
  input: AdminWebinarCreateRequest,
  actor: AuditActor,
): Promise<AdminWebinar> {
  const startsAt = await checkWebinar(context, input);
  return inTransaction(context, async (tx) => {
    const [created] = await selectRows<{ id: number }>(
      tx.db,
      sql`insert into webinars (title, topic, summary, description, speaker_name, speaker_title, starts_at,
            duration_minutes, join_url, recording_url)
          values (${input.title}, ${input.topic}, ${input.summary}, ${JSON.stringify(paragraphs(input.description))}::jsonb,
            ${input.speaker_name}, ${input.speaker_title}, ${startsAt.toISOString()}::timestamptz,
            ${input.duration_minutes}, ${input.join_url}, ${input.recording_url})
          returning id`,
    );
    if (!created) throw new Error('the webinar was not stored');
    await setWebinarProducts(tx, created.id, input.product_ids);
    const after = await adminWebinar(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'webinar.created',
      objectType: 'webinar',
      objectId: created.id,
      before: null,
      after: auditedWebinar(after),
    });
    return after;
  });
}

/** What the audit keeps of a webinar: its fields, not what moves with the clock. */
function auditedWebinar(webinar: AdminWebinar): Record<string, unknown> {
  const { phase: _phase, signup_count: _count, ...kept } = webinar;
  return { ...kept, product_ids: webinar.products.map((product) => product.id) };
}

/**
 * Changes a webinar made on `version` (409 on an older one); when its start or room changes, each
 * signed-up user with an e-mail gets the notice with the invitation moved, in the same transaction.
 */
export async function updateWebinar(
  context: AppContext,
  id: number,
  input: AdminWebinarCreateRequest & { version: number },
  { actor, origin }: { actor: AuditActor; origin: string },
): Promise<AdminWebinar> {
  const startsAt = await checkWebinar(context, input);
  const notified = await inTransaction(context, async (tx) => {
    const before = await adminWebinar(tx, id);
    const changed = await selectRows<{ id: number }>(
      tx.db,
      sql`update webinars set title = ${input.title}, topic = ${input.topic}, summary = ${input.summary},
            description = ${JSON.stringify(paragraphs(input.description))}::jsonb,
            speaker_name = ${input.speaker_name}, speaker_title = ${input.speaker_title},
            starts_at = ${startsAt.toISOString()}::timestamptz, duration_minutes = ${input.duration_minutes},
            join_url = ${input.join_url}, recording_url = ${input.recording_url}, version = version + 1
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) await staleOrMissing(tx, 'webinars', id, M.webinarNotFound);
    await setWebinarProducts(tx, id, input.product_ids);
    const after = await adminWebinar(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'webinar.updated',
      objectType: 'webinar',
      objectId: id,
      before: auditedWebinar(before),
      after: auditedWebinar(after),
    });
    const moved =
      before.starts_at !== after.starts_at ||
      before.duration_minutes !== after.duration_minutes ||
      before.join_url !== after.join_url;
    const mailed = moved && after.phase !== 'ended' ? await mailChange(tx, after, origin) : 0;
    return { after, mailed };
  });
  if (notified.mailed > 0) context.mail.nudge();
  return notified.after;
}

/** Writes the change notice of every signed-up user with an e-mail; how many. */
async function mailChange(tx: CoreContext, webinar: AdminWebinar, origin: string): Promise<number> {
  // Reads the accounts' users: who is signed up, and where to write.
  const recipients = await selectRows<{
    user_id: number;
    name: string;
    email: string;
    created_at: Date | string;
  }>(
    tx.db,
    sql`select s.user_id, u.name, u.email, s.created_at from webinar_signups s join users u on u.id = s.user_id
        where s.webinar_id = ${webinar.id} and u.email is not null and u.is_active order by s.user_id`,
  );
  const now = tx.now();
  for (const recipient of recipients) {
    await enqueueMail(
      tx,
      webinarChangeMail({
        webinar: {
          id: webinar.id,
          title: webinar.title,
          startsAt: new Date(webinar.starts_at),
          durationMinutes: webinar.duration_minutes,
          speaker: webinar.speaker_name,
          version: webinar.version,
        },
        recipient: { name: recipient.name, email: recipient.email },
        signup: { userId: recipient.user_id, createdAt: new Date(recipient.created_at) },
        portalOrigin: origin,
        settings: tx.settings,
        now,
      }),
    );
  }
  return recipients.length;
}

/** Deletes a webinar with its signups (its materials stay, without it); audited. */
export async function deleteWebinar(context: CoreContext, id: number, actor: AuditActor): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await adminWebinar(tx, id);
    await tx.db.execute(sql`delete from webinars where id = ${id}`);
    await recordAudit(tx, {
      actor,
      action: 'webinar.deleted',
      objectType: 'webinar',
      objectId: id,
      before: auditedWebinar(before),
      after: null,
    });
  });
}

/** The signups of a webinar the staff member may see (a sales rep: his pharmacies'), oldest first. */
export async function webinarSignups(
  context: CoreContext,
  id: number,
  scope: StaffScope,
): Promise<WebinarSignupRow[]> {
  await adminWebinarExists(context, id);
  // Reads the accounts' users and pharmacies: who signed up, for which pharmacy.
  const rows = await selectRows<{
    user_id: number;
    user_name: string;
    username: string;
    email: string | null;
    client_id: number | null;
    pharmacy_name: string | null;
    signed_up_at: Date | string;
  }>(
    context.db,
    sql`select u.id as user_id, u.name as user_name, u.username, u.email, c.id as client_id,
          c.name as pharmacy_name, s.created_at as signed_up_at
        from webinar_signups s join users u on u.id = s.user_id left join clients c on c.id = u.client_id
        where s.webinar_id = ${id} and ${scope.everyClient ? sql`true` : sql`c.id is not null and ${scopeCondition(scope, sql`c.sales_rep_id`)}`}
        order by s.created_at, u.id`,
  );
  return rows.map((row) => ({ ...row, signed_up_at: new Date(row.signed_up_at).toISOString() }));
}

async function adminWebinarExists(context: CoreContext, id: number): Promise<void> {
  const [row] = await selectRows<{ id: number }>(context.db, sql`select id from webinars where id = ${id}`);
  if (!row) throw new HttpError(404, M.webinarNotFound);
}

/** The CSV columns of the attendees. */
const SIGNUP_HEADER = ['Farmacia', 'Usuario', 'Nombre', 'Correo electrónico', 'Fecha de inscripción'];

/** `dd/mm/aaaa hh:mm` on Madrid's wall clock. */
function csvDateTime(value: string): string {
  const [day = '', time = ''] = madridWallClock(value).split('T');
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year} ${time}`;
}

/** The attendees as a CSV for a Spanish spreadsheet (the same writer as the orders' export). */
export async function webinarSignupsCsv(
  context: CoreContext,
  id: number,
  scope: StaffScope,
): Promise<string> {
  const rows = await webinarSignups(context, id, scope);
  return (
    CSV_BOM +
    csvRecord(SIGNUP_HEADER.map(csvText)) +
    rows
      .map((row) =>
        csvRecord([
          csvText(row.pharmacy_name ?? ''),
          csvText(row.username),
          csvText(row.user_name),
          csvText(row.email ?? ''),
          csvText(csvDateTime(row.signed_up_at)),
        ]),
      )
      .join('')
  );
}

/** The file name of a webinar's attendees. */
export function signupsFileName(webinarId: number): string {
  return `inscritos-webinar-${webinarId}.csv`;
}

/** Active products whose name or reference holds `q` (20 at most), by name. */
export async function trainingProducts(
  context: CoreContext,
  q: string | undefined,
): Promise<TrainingProduct[]> {
  // Reads the catalogue's products: what a webinar may name.
  return selectRows<TrainingProduct>(
    context.db,
    sql`select p.id, p.name, p.reference from products p
        where p.is_active and ${matches(q, [sql`p.name`, sql`p.reference`])} order by p.name, p.id limit 20`,
  );
}

// --- Materials and newsletters --------------------------------------------------------------------

type LibraryKind = 'materials' | 'newsletters';

interface LibraryRow {
  id: number;
  title: string;
  text: string;
  published_at: Date | string;
  version: number;
  file_id: number | null;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
  webinar_id?: number | null;
  webinar_title?: string | null;
}

function fileOf(context: CoreContext, kind: LibraryKind, row: LibraryRow): AdminMaterial['file'] {
  if (row.file_id === null || row.file_name === null) return null;
  return {
    name: row.file_name,
    content_type: row.content_type ?? 'application/pdf',
    size: Number(row.size ?? 0),
    // The portal's download: what the pharmacist gets.
    url: `${context.settings.publicUrl}/${fillPath(`/api/v1/driver/training/${kind}/{id}/file`, { id: row.id })}`,
  };
}

const MATERIAL_SELECT = sql`select m.id, m.title, m.description as text, m.published_at, m.version, m.file_id,
    f.name as file_name, f.content_type, f.size, m.webinar_id, w.title as webinar_title
  from materials m left join training_files f on f.id = m.file_id left join webinars w on w.id = m.webinar_id`;

const NEWSLETTER_SELECT = sql`select n.id, n.title, n.summary as text, n.published_at, n.version, n.file_id,
    f.name as file_name, f.content_type, f.size
  from newsletters n left join training_files f on f.id = n.file_id`;

async function materialTags(context: CoreContext, ids: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>();
  if (ids.length === 0) return tags;
  const rows = await selectRows<{ material_id: number; name: string }>(
    context.db,
    sql`select l.material_id, t.name from material_tag_links l join material_tags t on t.id = l.tag_id
        where l.material_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by t.name, t.id`,
  );
  for (const row of rows) tags.set(row.material_id, [...(tags.get(row.material_id) ?? []), row.name]);
  return tags;
}

async function materialProducts(
  context: CoreContext,
  ids: readonly number[],
): Promise<Map<number, TrainingProduct[]>> {
  const products = new Map<number, TrainingProduct[]>();
  if (ids.length === 0) return products;
  // Reads the catalogue's products: the names of those the materials are about.
  const rows = await selectRows<TrainingProduct & { material_id: number }>(
    context.db,
    sql`select mp.material_id, p.id, p.name, p.reference from material_products mp join products p on p.id = mp.product_id
        where mp.material_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by mp.position, p.id`,
  );
  for (const { material_id, ...product } of rows) {
    products.set(material_id, [...(products.get(material_id) ?? []), product]);
  }
  return products;
}

async function setMaterialProducts(
  tx: CoreContext,
  id: number,
  productIds: readonly number[],
): Promise<void> {
  await tx.db.execute(sql`delete from material_products where material_id = ${id}`);
  for (const [position, productId] of [...new Set(productIds)].entries()) {
    await tx.db.execute(
      sql`insert into material_products (material_id, product_id, position) values (${id}, ${productId}, ${position})`,
    );
  }
}

function materialOf(
  context: CoreContext,
  row: LibraryRow,
  tags: Map<number, string[]>,
  products: Map<number, TrainingProduct[]>,
): AdminMaterial {
  return {
    id: row.id,
    title: row.title,
    description: row.text,
    published_at: new Date(row.published_at).toISOString(),
    published_on: madridWallClock(row.published_at).slice(0, 10),
    tags: tags.get(row.id) ?? [],
    webinar:
      row.webinar_id === null || row.webinar_id === undefined
        ? null
        : { id: row.webinar_id, title: row.webinar_title ?? '' },
    products: products.get(row.id) ?? [],
    file: fileOf(context, 'materials', row),
    version: row.version,
  };
}

function newsletterOf(context: CoreContext, row: LibraryRow): AdminNewsletter {
  return {
    id: row.id,
    title: row.title,
    summary: row.text,
    published_at: new Date(row.published_at).toISOString(),
    published_on: madridWallClock(row.published_at).slice(0, 10),
    file: fileOf(context, 'newsletters', row),
    version: row.version,
  };
}

/** A page of the materials, newest first; `q` over the title. */
export async function listAdminMaterials(
  context: CoreContext,
  { q, page = 1 }: { q?: string | undefined; page?: number },
) {
  const where = matches(q, [sql`m.title`]);
  const perPage = ADMIN_TRAINING_PER_PAGE;
  const [rows, [count]] = await Promise.all([
    selectRows<LibraryRow>(
      context.db,
      sql`${MATERIAL_SELECT} where ${where} order by m.published_at desc, m.id desc
          limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from materials m where ${where}`,
    ),
  ]);
  const ids = rows.map((row) => row.id);
  const [tags, products] = await Promise.all([materialTags(context, ids), materialProducts(context, ids)]);
  return {
    data: rows.map((row) => materialOf(context, row, tags, products)),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

/** A page of the newsletters, newest first; `q` over the title. */
export async function listAdminNewsletters(
  context: CoreContext,
  { q, page = 1 }: { q?: string | undefined; page?: number },
) {
  const where = matches(q, [sql`n.title`]);
  const perPage = ADMIN_TRAINING_PER_PAGE;
  const [rows, [count]] = await Promise.all([
    selectRows<LibraryRow>(
      context.db,
      sql`${NEWSLETTER_SELECT} where ${where} order by n.published_at desc, n.id desc
          limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from newsletters n where ${where}`,
    ),
  ]);
  return {
    data: rows.map((row) => newsletterOf(context, row)),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

/** One material (404 when there is none). */
export async function adminMaterial(context: CoreContext, id: number): Promise<AdminMaterial> {
  const [row] = await selectRows<LibraryRow>(context.db, sql`${MATERIAL_SELECT} where m.id = ${id}`);
  if (!row) throw new HttpError(404, M.materialNotFound);
  return materialOf(context, row, await materialTags(context, [id]), await materialProducts(context, [id]));
}

/** One newsletter (404 when there is none). */
export async function adminNewsletter(context: CoreContext, id: number): Promise<AdminNewsletter> {
  const [row] = await selectRows<LibraryRow>(context.db, sql`${NEWSLETTER_SELECT} where n.id = ${id}`);
  if (!row) throw new HttpError(404, M.newsletterNotFound);
  return newsletterOf(context, row);
}

/**
 * A tag's slug: lower case without accents, words joined by hyphens.
 * @example tagSlug('Sueño y estrés') // 'sueno-y-estres'
 */
export function tagSlug(name: string): string {
  return (
    foldSearch(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'etiqueta'
  );
}

async function setMaterialTags(tx: CoreContext, id: number, names: readonly string[]): Promise<void> {
  await tx.db.execute(sql`delete from material_tag_links where material_id = ${id}`);
  const bySlug = new Map(names.map((name) => [tagSlug(name), name.trim()]));
  for (const [slug, name] of bySlug) {
    // A name of an existing slug reuses its tag (and its spelling).
    await tx.db.execute(
      sql`insert into material_tags (name, slug) values (${name}, ${slug}) on conflict (slug) do nothing`,
    );
    await tx.db.execute(
      sql`insert into material_tag_links (material_id, tag_id) select ${id}, t.id from material_tags t where t.slug = ${slug}`,
    );
  }
}

async function checkWebinarLink(context: CoreContext, webinarId: number | null): Promise<void> {
  if (webinarId === null) return;
  const [row] = await selectRows<{ id: number }>(
    context.db,
    sql`select id from webinars where id = ${webinarId}`,
  );
  if (!row) throw new HttpError(422, M.webinarUnknown, { webinar_id: [M.webinarUnknown] });
}

/** Adds a material without its PDF yet (the portal lists it once it has one); audited. */
export async function createMaterial(
  context: CoreContext,
  input: AdminMaterialCreateRequest,
  actor: AuditActor,
): Promise<AdminMaterial> {
  await checkWebinarLink(context, input.webinar_id);
  await checkProductIds(context, input.product_ids ?? []);
  return inTransaction(context, async (tx) => {
    const [created] = await selectRows<{ id: number }>(
      tx.db,
      sql`insert into materials (title, description, published_at, webinar_id)
          values (${input.title}, ${input.description}, ${fromMadridDay(input.published_on).toISOString()}::timestamptz,
            ${input.webinar_id}) returning id`,
    );
    if (!created) throw new Error('the material was not stored');
    await setMaterialTags(tx, created.id, input.tags);
    if (input.product_ids) await setMaterialProducts(tx, created.id, input.product_ids);
    const after = await adminMaterial(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'material.created',
      objectType: 'material',
      objectId: created.id,
      before: null,
      after,
    });
    return after;
  });
}

/** Changes a material made on `version` (409 on an older one); audited. */
export async function updateMaterial(
  context: CoreContext,
  id: number,
  input: AdminMaterialCreateRequest & { version: number },
  actor: AuditActor,
): Promise<AdminMaterial> {
  await checkWebinarLink(context, input.webinar_id);
  await checkProductIds(context, input.product_ids ?? []);
  return inTransaction(context, async (tx) => {
    const before = await adminMaterial(tx, id);
    const changed = await selectRows<{ id: number }>(
      tx.db,
      sql`update materials set title = ${input.title}, description = ${input.description},
            published_at = ${fromMadridDay(input.published_on).toISOString()}::timestamptz,
            webinar_id = ${input.webinar_id}, version = version + 1
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) await staleOrMissing(tx, 'materials', id, M.materialNotFound);
    await setMaterialTags(tx, id, input.tags);
    if (input.product_ids) await setMaterialProducts(tx, id, input.product_ids);
    const after = await adminMaterial(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'material.updated',
      objectType: 'material',
      objectId: id,
      before,
      after,
    });
    return after;
  });
}

/** Adds a newsletter without its PDF yet; audited. */
export async function createNewsletter(
  context: CoreContext,
  input: AdminNewsletterCreateRequest,
  actor: AuditActor,
): Promise<AdminNewsletter> {
  return inTransaction(context, async (tx) => {
    const [created] = await selectRows<{ id: number }>(
      tx.db,
      sql`insert into newsletters (title, summary, published_at)
          values (${input.title}, ${input.summary}, ${fromMadridDay(input.published_on).toISOString()}::timestamptz)
          returning id`,
    );
    if (!created) throw new Error('the newsletter was not stored');
    const after = await adminNewsletter(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'newsletter.created',
      objectType: 'newsletter',
      objectId: created.id,
      before: null,
      after,
    });
    return after;
  });
}

/** Changes a newsletter made on `version` (409 on an older one); audited. */
export async function updateNewsletter(
  context: CoreContext,
  id: number,
  input: AdminNewsletterCreateRequest & { version: number },
  actor: AuditActor,
): Promise<AdminNewsletter> {
  return inTransaction(context, async (tx) => {
    const before = await adminNewsletter(tx, id);
    const changed = await selectRows<{ id: number }>(
      tx.db,
      sql`update newsletters set title = ${input.title}, summary = ${input.summary},
            published_at = ${fromMadridDay(input.published_on).toISOString()}::timestamptz, version = version + 1
          where id = ${id} and version = ${input.version} returning id`,
    );
    if (changed.length === 0) await staleOrMissing(tx, 'newsletters', id, M.newsletterNotFound);
    const after = await adminNewsletter(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'newsletter.updated',
      objectType: 'newsletter',
      objectId: id,
      before,
      after,
    });
    return after;
  });
}

/** A material or newsletter's file name: the one given, ending in `.pdf`. */
function pdfName(given: string | undefined, title: string): string {
  const base = (given ?? tagSlug(title)).replace(/[\r\n/\\]/g, '_').trim();
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * Stores `bytes` as the PDF of a material or newsletter (422 under `file` when they are not one): the
 * new file and the link to it in one transaction, the old file deleted only then, so a failure
 * leaves the old PDF in place. Audited.
 */
export async function storeLibraryPdf(
  context: CoreContext,
  kind: LibraryKind,
  id: number,
  bytes: Buffer,
  { name, actor }: { name: string | undefined; actor: AuditActor },
): Promise<AdminMaterial | AdminNewsletter> {
  if (!checkPdf(bytes)) throw new HttpError(422, M.notAPdf, { file: [M.notAPdf] });
  const read = (tx: CoreContext) => (kind === 'materials' ? adminMaterial(tx, id) : adminNewsletter(tx, id));
  return inTransaction(context, async (tx) => {
    const before = await read(tx);
    const [old] = await selectRows<{ file_id: number | null }>(
      tx.db,
      sql`select file_id from ${sql.identifier(kind)} where id = ${id} for update`,
    );
    const [file] = await tx.db
      .insert(trainingFiles)
      .values({
        name: pdfName(name, before.title),
        contentType: 'application/pdf',
        size: bytes.length,
        content: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      })
      .returning({ id: trainingFiles.id });
    if (!file) throw new Error('the file was not stored');
    await tx.db.execute(
      sql`update ${sql.identifier(kind)} set file_id = ${file.id}, version = version + 1 where id = ${id}`,
    );
    if (old?.file_id != null) await tx.db.execute(sql`delete from training_files where id = ${old.file_id}`);
    const after = await read(tx);
    const objectType = kind === 'materials' ? 'material' : 'newsletter';
    await recordAudit(tx, {
      actor,
      action: `${objectType}.file_uploaded`,
      objectType,
      objectId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a material or newsletter and its PDF; audited. */
export async function deleteLibraryItem(
  context: CoreContext,
  kind: LibraryKind,
  id: number,
  actor: AuditActor,
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = kind === 'materials' ? await adminMaterial(tx, id) : await adminNewsletter(tx, id);
    const [removed] = await selectRows<{ file_id: number | null }>(
      tx.db,
      sql`delete from ${sql.identifier(kind)} where id = ${id} returning file_id`,
    );
    if (removed?.file_id != null)
      await tx.db.execute(sql`delete from training_files where id = ${removed.file_id}`);
    const objectType = kind === 'materials' ? 'material' : 'newsletter';
    await recordAudit(tx, {
      actor,
      action: `${objectType}.deleted`,
      objectType,
      objectId: id,
      before,
      after: null,
    });
  });
}

/** The stored PDF of a material or newsletter (404 while it has none). */
export async function libraryPdf(
  context: CoreContext,
  kind: LibraryKind,
  id: number,
): Promise<{ name: string; contentType: string; bytes: Buffer }> {
  const [row] = await selectRows<{ name: string; content_type: string; content: Uint8Array }>(
    context.db,
    sql`select f.name, f.content_type, f.content from ${sql.identifier(kind)} x join training_files f on f.id = x.file_id
        where x.id = ${id}`,
  );
  if (!row) throw new HttpError(404, M.fileMissing);
  return { name: row.name, contentType: row.content_type, bytes: Buffer.from(row.content) };
}
