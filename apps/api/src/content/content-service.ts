/**
 * The laboratory's content for the pharmacies: the news (Noticias) with their
 * pictures, the showcase on the portal's home page (the active banners and the featured products
 * with the client's prices), and the laboratory's messages with each user's read state.
 */
import { cms, fillPath } from '@botica/api-client/endpoints';
import type { LabMessage, Post, PostsResponse, Showcase } from '@botica/api-client/schemas';
import { textExcerpt } from '@botica/domain';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pricedProducts,
  productSummary,
} from '../pricing/pricing-service.ts';
import { postImageSvg } from './post-image.ts';
import { banners, labMessageClients, labMessageReads, labMessages } from './tables.ts';

// The news.

const DEFAULT_POSTS_PER_PAGE = 9;

interface PostRow {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  body: unknown;
  image_alt: string;
  published_at: Date | string;
}

/** Published and not dated in the future (by the server's clock, which tests move). */
const visible = (now: Date) => sql`p.is_published and p.published_at <= ${now.toISOString()}`;

function summary(row: PostRow, publicUrl: string) {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    published_at: new Date(row.published_at).toISOString(),
    image: { url: `${publicUrl}/${fillPath(cms.postImage.path, { id: row.id })}`, alt: row.image_alt },
  };
}

/** One page of the visible posts, the newest first. */
export async function listPosts(
  context: CoreContext,
  { page = 1, perPage = DEFAULT_POSTS_PER_PAGE }: { page?: number; perPage?: number },
): Promise<PostsResponse> {
  const [rows, [count]] = await Promise.all([
    selectRows<PostRow>(
      context.db,
      sql`select p.id, p.title, p.excerpt, p.category, p.author, null as body, p.image_alt, p.published_at
          from posts p where ${visible(context.now())} order by p.published_at desc, p.id desc
          limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from posts p where ${visible(context.now())}`,
    ),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    data: rows.map((row) => summary(row, context.settings.publicUrl)),
    meta: pageMeta(page, perPage, total),
  };
}

/**
 * A visible post with its body (a 404 otherwise). The body is structured content, checked against
 * `RichTextSchema` on its way out like every answer: a body the schema does not describe never
 * leaves the server.
 */
export async function onePost(context: CoreContext, id: number): Promise<Post> {
  const [row] = await selectRows<PostRow>(
    context.db,
    sql`select p.id, p.title, p.excerpt, p.category, p.author, p.body, p.image_alt, p.published_at
        from posts p where p.id = ${id} and ${visible(context.now())}`,
  );
  if (!row) throw new HttpError(404, 'La noticia no existe.');
  return { ...summary(row, context.settings.publicUrl), author: row.author, body: row.body as Post['body'] };
}

/** The picture of a visible post, as SVG (a 404 otherwise). */
export async function postImage(context: CoreContext, id: number): Promise<string> {
  const [row] = await selectRows<{ image_motif: string; image_hue: number }>(
    context.db,
    sql`select p.image_motif, p.image_hue from posts p where p.id = ${id} and ${visible(context.now())}`,
  );
  if (!row) throw new HttpError(404, 'La imagen no existe.');
  return postImageSvg(row.image_motif, row.image_hue);
}

// The showcase.

/** How many featured products the home page shows. */
export const FEATURED_COUNT = 8;

/** The active banners and the featured products with this client's prices. */
export async function showcase(context: CoreContext, clientId: number): Promise<Showcase> {
  const conditions = await clientConditions(context, clientId);
  const [bannerRows, featured] = await Promise.all([
    context.db
      .select()
      .from(banners)
      .where(eq(banners.isActive, true))
      .orderBy(asc(banners.position), asc(banners.id)),
    // Reads the catalogue's and pricing's tables (the priced product rows, as the catalogue lists them).
    selectRows<PricedProductRow>(
      context.db,
      // The laboratory's choice (showcase_products) overrides the catalogue's flag and comes first.
      sql`select ${PRICED_COLUMNS} from ${pricedProducts(conditions.discountGroupId)}
          left join showcase_products chosen on chosen.product_id = p.id
          where p.is_active and coalesce(chosen.featured, p.is_featured)
          order by chosen.position is null, chosen.position, p.stock_units = 0, p.name, p.id
          limit ${FEATURED_COUNT}`,
    ),
  ]);
  return {
    banners: bannerRows.map(({ id, title, text, href, hue }) => ({ id, title, text, href, hue })),
    featured: featured.map((row) => productSummary(row, context.settings.publicUrl)),
  };
}

// The laboratory's messages: active from `starts_at` to `ends_at` (excluded); outside it a 404.

/** The most messages the list returns (the laboratory keeps few active at once). */
export const MAX_ACTIVE_MESSAGES = 50;

const NOT_AVAILABLE = 'Este aviso no existe o ya no está publicado.';

/** Critical first, then warnings, then the rest. */
const severityRank = sql`case ${labMessages.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

/** A message addressed to no pharmacy in particular is for every one; otherwise only for those. */
function addressedTo(clientId: number | null) {
  const everyPharmacy = sql`not exists (select 1 from ${labMessageClients} where ${labMessageClients.messageId} = ${labMessages.id})`;
  if (clientId === null) return everyPharmacy;
  return sql`(${everyPharmacy} or exists (select 1 from ${labMessageClients}
    where ${labMessageClients.messageId} = ${labMessages.id} and ${labMessageClients.clientId} = ${clientId}))`;
}

/**
 * Active messages for this user's pharmacy (`clientId`) with his read state, the most pressing and
 * newest first; `id` narrows to one.
 */
export async function activeMessages(
  context: CoreContext,
  { userId, clientId, id }: { userId: number; clientId: number | null; id?: number },
): Promise<LabMessage[]> {
  const now = context.now();
  const rows = await context.db
    .select({ message: labMessages, readAt: labMessageReads.readAt })
    .from(labMessages)
    .leftJoin(
      labMessageReads,
      and(eq(labMessageReads.messageId, labMessages.id), eq(labMessageReads.userId, userId)),
    )
    .where(
      and(
        lte(labMessages.startsAt, now),
        gt(labMessages.endsAt, now),
        addressedTo(clientId),
        id === undefined ? undefined : eq(labMessages.id, id),
      ),
    )
    .orderBy(severityRank, desc(labMessages.startsAt), desc(labMessages.id))
    .limit(MAX_ACTIVE_MESSAGES);
  return rows.map(({ message, readAt }) => ({
    id: message.id,
    kind: message.kind,
    severity: message.severity,
    title: message.title,
    summary: textExcerpt(message.body),
    starts_at: message.startsAt.toISOString(),
    ends_at: message.endsAt.toISOString(),
    read_at: readAt ? readAt.toISOString() : null,
    body: message.body,
  }));
}

/** One active message with its body and this user's read state (a 404 otherwise). */
export async function oneMessage(
  context: CoreContext,
  { userId, clientId, id }: { userId: number; clientId: number | null; id: number },
): Promise<LabMessage> {
  const [message] = await activeMessages(context, { userId, clientId, id });
  if (!message) throw new HttpError(404, NOT_AVAILABLE);
  return message;
}

/** Marks an active message read for the user (the first time counts); the message as it is now. */
export async function markMessageRead(
  context: CoreContext,
  { userId, clientId, id }: { userId: number; clientId: number | null; id: number },
): Promise<LabMessage> {
  const message = await oneMessage(context, { userId, clientId, id });
  if (message.read_at === null) {
    const now = context.now();
    await context.db
      .insert(labMessageReads)
      .values({ messageId: message.id, userId, readAt: now })
      .onConflictDoNothing();
    const [read] = await context.db
      .select({ readAt: labMessageReads.readAt })
      .from(labMessageReads)
      .where(and(eq(labMessageReads.messageId, message.id), eq(labMessageReads.userId, userId)));
    message.read_at = (read?.readAt ?? now).toISOString();
  }
  return message;
}
