/**
 * The back office's news: every post with its status for the staff, and the admins' changes, each in
 * one transaction with its audit row. An edit names the `version` it was made on; the update only
 * matches that version, so an admin who saved meanwhile is never overwritten (409). A post's
 * uploaded picture goes through the catalogue's picture pipeline (type by its bytes, size and pixel
 * limits, metadata dropped) before any transaction starts, and replaces the drawn one on the portal.
 */
import { createHash } from 'node:crypto';
import {
  ADMIN_POSTS_PER_PAGE,
  type AdminNewsResponse,
  type AdminPost,
  type AdminPostCreateRequest,
  type AdminPostStatus,
  type AdminPostSummary,
  NEWS_MESSAGES,
  news,
} from '@botica/api-client/admin';
import { fillPath } from '@botica/api-client/endpoints';
import type { RichText } from '@botica/api-client/schemas';
import { instantOfMadridWallClock } from '@botica/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { processPicture } from '../catalogue/pictures.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { postImageSvg } from './post-image.ts';
import { postPictures, posts } from './tables.ts';

interface AdminPostRow {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  body: unknown;
  image_alt: string;
  is_published: boolean;
  published_at: Date | string;
  updated_at: Date | string;
  version: number;
  digest: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function statusOf(row: { is_published: boolean; published_at: Date | string }, now: Date): AdminPostStatus {
  if (!row.is_published) return 'draft';
  return new Date(row.published_at).getTime() > now.getTime() ? 'scheduled' : 'published';
}

function summaryOf(row: AdminPostRow, now: Date): AdminPostSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    author: row.author,
    status: statusOf(row, now),
    published_at: row.is_published ? iso(row.published_at) : null,
    updated_at: iso(row.updated_at),
  };
}

function postOf(context: CoreContext, row: AdminPostRow): AdminPost {
  // The address changes with the picture, so a browser never shows the previous one from its cache.
  const v = row.digest ? row.digest.slice(0, 16) : `d${row.version}`;
  return {
    ...summaryOf(row, context.now()),
    excerpt: row.excerpt,
    body: row.body as RichText,
    image: {
      url: `${context.settings.publicUrl}/${fillPath(news.image.path, { id: row.id })}?v=${v}`,
      alt: row.image_alt,
      uploaded: row.digest !== null,
    },
    version: row.version,
  };
}

const SELECT_POST = sql`select p.id, p.title, p.excerpt, p.category, p.author, p.body, p.image_alt,
  p.is_published, p.published_at, p.updated_at, p.version, pp.digest
  from posts p left join post_pictures pp on pp.post_id = p.id`;

async function postRow(context: CoreContext, id: number, lock = false): Promise<AdminPostRow> {
  const [row] = await selectRows<AdminPostRow>(
    context.db,
    sql`${SELECT_POST} where p.id = ${id}${lock ? sql` for update of p` : sql``}`,
  );
  if (!row) throw new HttpError(404, NEWS_MESSAGES.notFound);
  return row;
}

/** One post whole, whatever its status. @throws HttpError 404 for an unknown post. */
export async function adminPost(context: CoreContext, id: number): Promise<AdminPost> {
  return postOf(context, await postRow(context, id));
}

/** What the audit keeps of a post: its fields, not the picture's bytes. */
function audited(row: AdminPostRow, now: Date): Record<string, unknown> {
  return {
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author: row.author,
    image_alt: row.image_alt,
    body: row.body,
    status: statusOf(row, now),
    published_at: row.is_published ? iso(row.published_at) : null,
    picture: row.digest,
    version: row.version,
  };
}

/**
 * The posts for the staff: the drafts first, then by publication date, the latest first (a scheduled
 * post before the published ones); by title (`q`) and by status.
 */
export async function listAdminPosts(
  context: CoreContext,
  { q, status, page = 1 }: { q?: string; status?: AdminPostStatus; page?: number },
): Promise<AdminNewsResponse> {
  const now = context.now().toISOString();
  const conditions = [sql`true`];
  const words = q?.trim();
  if (words) conditions.push(sql`p.title ilike ${`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (status === 'draft') conditions.push(sql`not p.is_published`);
  if (status === 'scheduled') conditions.push(sql`p.is_published and p.published_at > ${now}`);
  if (status === 'published') conditions.push(sql`p.is_published and p.published_at <= ${now}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, [count]] = await Promise.all([
    selectRows<AdminPostRow>(
      context.db,
      sql`${SELECT_POST} where ${where} order by p.is_published, p.published_at desc, p.id desc
          limit ${ADMIN_POSTS_PER_PAGE} offset ${(page - 1) * ADMIN_POSTS_PER_PAGE}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from posts p where ${where}`,
    ),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    data: rows.map((row) => summaryOf(row, context.now())),
    meta: pageMeta(page, ADMIN_POSTS_PER_PAGE, total),
  };
}

/** A hue for a new post's drawn picture, the same for the same title. */
function hueOf(text: string): number {
  let value = 0;
  for (const character of text) value = (value * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return value;
}

const fields = (input: AdminPostCreateRequest) => ({
  title: input.title.trim(),
  excerpt: input.excerpt.trim(),
  category: input.category.trim(),
  author: input.author.trim(),
  imageAlt: input.image_alt.trim(),
  body: input.body,
});

/** Writes a new post as a draft (its drawn picture named after its category). Audited. */
export async function createPost(
  context: CoreContext,
  actor: AuditActor,
  input: AdminPostCreateRequest,
): Promise<AdminPost> {
  return inTransaction(context, async (tx) => {
    const values = fields(input);
    const [created] = await tx.db
      .insert(posts)
      .values({
        ...values,
        imageMotif: values.category,
        imageHue: hueOf(values.title),
        isPublished: false,
        publishedAt: tx.now(),
        updatedAt: tx.now(),
      })
      .returning({ id: posts.id });
    if (!created) throw new Error('the post was not written');
    const row = await postRow(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'post.created',
      objectType: 'post',
      objectId: row.id,
      before: null,
      after: audited(row, tx.now()),
    });
    return postOf(tx, row);
  });
}

/**
 * Changes a post made on `version`, in one transaction with its audit row.
 * @throws HttpError 404 for an unknown post, 409 when its version moved on meanwhile.
 */
async function changePost(
  context: CoreContext,
  { actor, id, version, action }: { actor: AuditActor; id: number; version: number; action: string },
  set: Partial<typeof posts.$inferInsert>,
): Promise<AdminPost> {
  return inTransaction(context, async (tx) => {
    const before = await postRow(tx, id, true);
    if (before.version !== version) throw new HttpError(409, NEWS_MESSAGES.stale);
    await tx.db
      .update(posts)
      .set({ ...set, version: before.version + 1, updatedAt: tx.now() })
      .where(and(eq(posts.id, id), eq(posts.version, version)));
    const after = await postRow(tx, id);
    await recordAudit(tx, {
      actor,
      action,
      objectType: 'post',
      objectId: id,
      before: audited(before, tx.now()),
      after: audited(after, tx.now()),
    });
    return postOf(tx, after);
  });
}

/** Changes a post's text. @throws HttpError 404, or 409 on a stale version. */
export function updatePost(
  context: CoreContext,
  {
    actor,
    id,
    input,
  }: { actor: AuditActor; id: number; input: AdminPostCreateRequest & { version: number } },
): Promise<AdminPost> {
  return changePost(context, { actor, id, version: input.version, action: 'post.updated' }, fields(input));
}

/** The instant of Madrid's wall clock `2026-12-01T09:30`; 422 when it is no real day and time. */
function publishedAtInstant(text: string): Date {
  const instant = instantOfMadridWallClock(text);
  if (!instant) {
    throw new HttpError(422, NEWS_MESSAGES.dateInvalid, { published_at: [NEWS_MESSAGES.dateInvalid] });
  }
  return instant;
}

/** Publishes a post from a Madrid date and time (a future one schedules it). Audited. */
export function publishPost(
  context: CoreContext,
  {
    actor,
    id,
    publishedAt,
    version,
  }: { actor: AuditActor; id: number; publishedAt: string; version: number },
): Promise<AdminPost> {
  const at = publishedAtInstant(publishedAt);
  return changePost(
    context,
    { actor, id, version, action: 'post.published' },
    { isPublished: true, publishedAt: at },
  );
}

/** Takes a post off the portal: a draft again. Audited. */
export function unpublishPost(
  context: CoreContext,
  { actor, id, version }: { actor: AuditActor; id: number; version: number },
): Promise<AdminPost> {
  return changePost(context, { actor, id, version, action: 'post.unpublished' }, { isPublished: false });
}

/** Deletes a post and its picture. Audited with the post before. @throws HttpError 404. */
export async function deletePost(context: CoreContext, actor: AuditActor, id: number): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await postRow(tx, id, true);
    await tx.db.delete(posts).where(eq(posts.id, id));
    await recordAudit(tx, {
      actor,
      action: 'post.deleted',
      objectType: 'post',
      objectId: id,
      before: audited(before, tx.now()),
      after: null,
    });
  });
}

/**
 * Gives a post its picture and its description: the file goes through the picture pipeline (413 past
 * the size limit, 422 for what is not an image) before anything is written. The post's version does
 * not move: the picture is saved on its own, and an open editor may still save its text. Audited.
 * @throws HttpError 413, 422 or 404.
 */
export async function uploadPostPicture(
  context: CoreContext,
  { actor, id, file, alt }: { actor: AuditActor; id: number; file: Uint8Array; alt: string },
): Promise<AdminPost> {
  await postRow(context, id);
  const picture = await processPicture(file, { maxBytes: context.settings.pictureMaxBytes });
  const largest = picture.variants.reduce((best, variant) => (variant.width > best.width ? variant : best));
  return inTransaction(context, async (tx) => {
    const before = await postRow(tx, id, true);
    const stored = {
      bytes: largest.bytes,
      contentType: largest.contentType,
      digest: createHash('sha256').update(largest.bytes).digest('base64url'),
      width: largest.width,
      height: largest.height,
      createdAt: tx.now(),
    };
    await tx.db
      .insert(postPictures)
      .values({ postId: id, ...stored })
      .onConflictDoUpdate({ target: postPictures.postId, set: stored });
    await tx.db.update(posts).set({ imageAlt: alt.trim(), updatedAt: tx.now() }).where(eq(posts.id, id));
    const after = await postRow(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'post.picture_uploaded',
      objectType: 'post',
      objectId: id,
      before: { picture: before.digest, image_alt: before.image_alt },
      after: { picture: after.digest, image_alt: after.image_alt },
    });
    return postOf(tx, after);
  });
}

/** Removes a post's uploaded picture: the drawn one shows again. Audited. @throws HttpError 404. */
export async function deletePostPicture(
  context: CoreContext,
  actor: AuditActor,
  id: number,
): Promise<AdminPost> {
  return inTransaction(context, async (tx) => {
    const before = await postRow(tx, id, true);
    await tx.db.delete(postPictures).where(eq(postPictures.postId, id));
    await tx.db.update(posts).set({ updatedAt: tx.now() }).where(eq(posts.id, id));
    const after = await postRow(tx, id);
    if (before.digest !== null)
      await recordAudit(tx, {
        actor,
        action: 'post.picture_deleted',
        objectType: 'post',
        objectId: id,
        before: { picture: before.digest },
        after: { picture: null },
      });
    return postOf(tx, after);
  });
}

/** A post's picture as a route sends it: the stored one, or the drawing. */
export type PostPictureAnswer =
  | {
      kind: 'picture';
      /** The ETag's value (without quotes). */
      digest: string;
      contentType: string;
      /** Null when the client already has this version. */
      bytes: Buffer | null;
    }
  | { kind: 'svg'; svg: string };

/**
 * The picture of any post (the portal's route checks that it is visible first): the uploaded one,
 * else the drawn SVG. `ifNoneMatch` is the digest the client holds: when it matches, the bytes are not
 * read. @throws HttpError 404 for an unknown post.
 */
export async function postPictureOf(
  context: CoreContext,
  id: number,
  ifNoneMatch?: string,
): Promise<PostPictureAnswer> {
  const [row] = await selectRows<{
    image_motif: string;
    image_hue: number;
    digest: string | null;
    content_type: string | null;
    bytes: Uint8Array | null;
  }>(
    context.db,
    sql`select p.image_motif, p.image_hue, pp.digest, pp.content_type,
               case when pp.digest = ${ifNoneMatch ?? ''} then null else pp.bytes end as bytes
        from posts p left join post_pictures pp on pp.post_id = p.id where p.id = ${id}`,
  );
  if (!row) throw new HttpError(404, 'La imagen no existe.');
  if (row.digest && row.content_type) {
    return {
      kind: 'picture',
      digest: row.digest,
      contentType: row.content_type,
      bytes: row.bytes === null ? null : Buffer.from(row.bytes),
    };
  }
  return { kind: 'svg', svg: postImageSvg(row.image_motif, row.image_hue) };
}
