/**
 * The back office's content: the laboratory's messages (to every pharmacy or only some, with how many
 * users read each) and the home page's showcase (banners in order, featured products in order). Every
 * change is audited in its own transaction; a change naming a stale `updated_at` is a 409.
 */
import {
  ADMIN_CONTENT_MESSAGES,
  type AdminBanner,
  type AdminBannerCreateRequest,
  type AdminMessage,
  type AdminMessageCreateRequest,
  type MessageTarget,
  type ShowcaseProduct,
} from '@botica/api-client/admin';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { type StaffScope, scopeCondition } from '../accounts/staff-scope.ts';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { FEATURED_COUNT } from './content-service.ts';
import { banners, labMessageClients, labMessages, showcaseProducts } from './tables.ts';

type MessageRow = typeof labMessages.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The next version of a row: now, or just after the last one when the clock has not moved on. */
function nextVersion(context: CoreContext, last?: Date): Date {
  const now = context.now();
  return last && now.getTime() <= last.getTime() ? new Date(last.getTime() + 1) : now;
}

function requireVersion(current: Date, named: string): void {
  if (current.getTime() !== Date.parse(named)) throw new HttpError(409, ADMIN_CONTENT_MESSAGES.stale);
}

// The messages.

const EVERY_CLIENT: StaffScope = { everyClient: true };

interface Targets {
  named: MessageTarget[];
  others: number;
}

/** The pharmacies each message is addressed to, by message: those in `scope` named, the rest counted. */
async function targetsOf(
  context: CoreContext,
  messageIds: number[],
  scope: StaffScope,
): Promise<Map<number, Targets>> {
  const targets = new Map<number, Targets>();
  if (messageIds.length === 0) return targets;
  // Reads the accounts' pharmacies (their name and CIF/NIF, to show whom a message is for).
  const rows = await selectRows<{
    message_id: number;
    id: number;
    name: string;
    tax_id: string;
    visible: boolean;
  }>(
    context.db,
    sql`select mc.message_id, c.id, c.name, c.tax_id, ${scopeCondition(scope, sql`c.sales_rep_id`)} as visible
        from lab_message_clients mc join clients c on c.id = mc.client_id
        where mc.message_id in (${idList(messageIds)}) order by c.name, c.id`,
  );
  for (const row of rows) {
    const entry = targets.get(row.message_id) ?? { named: [], others: 0 };
    if (row.visible === true) entry.named.push({ id: row.id, name: row.name, tax_id: row.tax_id });
    else entry.others += 1;
    targets.set(row.message_id, entry);
  }
  return targets;
}

async function readCounts(context: CoreContext, messageIds: number[]): Promise<Map<number, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await selectRows<{ message_id: number; reads: number | string }>(
    context.db,
    sql`select message_id, count(*) as reads from lab_message_reads
        where message_id in (${idList(messageIds)}) group by message_id`,
  );
  return new Map(rows.map((row) => [row.message_id, Number(row.reads)]));
}

async function describeMessages(
  context: CoreContext,
  rows: MessageRow[],
  scope: StaffScope,
): Promise<AdminMessage[]> {
  const ids = rows.map((row) => row.id);
  const [targets, reads] = await Promise.all([targetsOf(context, ids, scope), readCounts(context, ids)]);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    body: row.body,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    clients: targets.get(row.id)?.named ?? [],
    other_clients_count: targets.get(row.id)?.others ?? 0,
    reads_count: reads.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The most messages the back office lists (the newest to start first). */
export const ADMIN_MESSAGES_MAX = 500;

/**
 * Every message, the latest to start first, with its pharmacies (those outside `scope` only counted)
 * and read count.
 */
export async function listAdminMessages(context: CoreContext, scope: StaffScope): Promise<AdminMessage[]> {
  const rows = await context.db
    .select()
    .from(labMessages)
    .orderBy(desc(labMessages.startsAt), desc(labMessages.id))
    .limit(ADMIN_MESSAGES_MAX);
  return describeMessages(context, rows, scope);
}

/** One message, its pharmacies outside `scope` only counted. @throws HttpError 404 for an unknown one. */
export async function adminMessage(
  context: CoreContext,
  id: number,
  scope: StaffScope = EVERY_CLIENT,
): Promise<AdminMessage> {
  const rows = await context.db.select().from(labMessages).where(eq(labMessages.id, id));
  const [message] = await describeMessages(context, rows, scope);
  if (!message) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.messageNotFound);
  return message;
}

/** The pharmacies named, checked to exist. @throws HttpError 422 under `client_ids`. */
async function checkedClientIds(context: CoreContext, ids: readonly number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const found = await selectRows<{ id: number }>(
    context.db,
    sql`select id from clients where id in (${idList(unique)})`,
  );
  if (found.length !== unique.length)
    throw new HttpError(422, ADMIN_CONTENT_MESSAGES.clientUnknown, {
      client_ids: [ADMIN_CONTENT_MESSAGES.clientUnknown],
    });
  return unique;
}

function messageValues(input: AdminMessageCreateRequest) {
  return {
    kind: input.kind,
    severity: input.severity,
    title: input.title,
    body: input.body,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
  };
}

/** What the audit log keeps of a message. */
function auditedMessage(message: AdminMessage): Record<string, unknown> {
  const { reads_count: _reads, created_at: _created, other_clients_count: _others, ...kept } = message;
  return { ...kept, clients: message.clients.map((client) => client.id) };
}

/** Publishes a message, audited. @throws HttpError 422 under `client_ids` for an unknown pharmacy. */
export async function createMessage(
  context: CoreContext,
  { actor, input }: { actor: AuditActor; input: AdminMessageCreateRequest },
): Promise<AdminMessage> {
  return inTransaction(context, async (tx) => {
    const clientIds = await checkedClientIds(tx, input.client_ids);
    const now = nextVersion(tx);
    const [row] = await tx.db
      .insert(labMessages)
      .values({ ...messageValues(input), createdAt: now, updatedAt: now })
      .returning({ id: labMessages.id });
    if (!row) throw new Error('The message was not inserted.');
    if (clientIds.length > 0)
      await tx.db
        .insert(labMessageClients)
        .values(clientIds.map((clientId) => ({ messageId: row.id, clientId })));
    const message = await adminMessage(tx, row.id);
    await recordAudit(tx, {
      actor,
      action: 'lab_message.created',
      objectType: 'lab_message',
      objectId: row.id,
      before: null,
      after: auditedMessage(message),
    });
    return message;
  });
}

/**
 * Changes a message as a whole, audited with it before and after.
 * @throws HttpError 404 unknown, 409 when `updated_at` is not the message's current version, 422 under
 * `client_ids`.
 */
export async function updateMessage(
  context: CoreContext,
  {
    actor,
    id,
    input,
  }: { actor: AuditActor; id: number; input: AdminMessageCreateRequest & { updated_at: string } },
): Promise<AdminMessage> {
  return inTransaction(context, async (tx) => {
    const [locked] = await tx.db.select().from(labMessages).where(eq(labMessages.id, id)).for('update');
    if (!locked) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.messageNotFound);
    requireVersion(locked.updatedAt, input.updated_at);
    const before = await adminMessage(tx, id);
    const clientIds = await checkedClientIds(tx, input.client_ids);
    await tx.db
      .update(labMessages)
      .set({ ...messageValues(input), updatedAt: nextVersion(tx, locked.updatedAt) })
      .where(eq(labMessages.id, id));
    await tx.db.delete(labMessageClients).where(eq(labMessageClients.messageId, id));
    if (clientIds.length > 0)
      await tx.db
        .insert(labMessageClients)
        .values(clientIds.map((clientId) => ({ messageId: id, clientId })));
    const after = await adminMessage(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'lab_message.updated',
      objectType: 'lab_message',
      objectId: id,
      before: auditedMessage(before),
      after: auditedMessage(after),
    });
    return after;
  });
}

/** Deletes a message (its pharmacies and read state go with it), audited. @throws HttpError 404. */
export async function deleteMessage(
  context: CoreContext,
  { actor, id }: { actor: AuditActor; id: number },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await adminMessage(tx, id);
    await tx.db.delete(labMessages).where(eq(labMessages.id, id));
    await recordAudit(tx, {
      actor,
      action: 'lab_message.deleted',
      objectType: 'lab_message',
      objectId: id,
      before: auditedMessage(before),
      after: null,
    });
  });
}

// The banners.

function describeBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    href: row.href,
    hue: row.hue,
    active: row.isActive,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every banner in the home page's order (position, then id). */
export async function listBanners(context: CoreContext): Promise<AdminBanner[]> {
  const rows = await context.db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return rows.map(describeBanner);
}

/** One banner. @throws HttpError 404. */
export async function adminBanner(context: CoreContext, id: number): Promise<AdminBanner> {
  const [row] = await context.db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.bannerNotFound);
  return describeBanner(row);
}

function bannerValues(input: AdminBannerCreateRequest) {
  return { title: input.title, text: input.text, href: input.href, hue: input.hue, isActive: input.active };
}

/** Adds a banner after the others, audited. */
export async function createBanner(
  context: CoreContext,
  { actor, input }: { actor: AuditActor; input: AdminBannerCreateRequest },
): Promise<AdminBanner> {
  return inTransaction(context, async (tx) => {
    const [last] = await selectRows<{ position: number | null }>(
      tx.db,
      sql`select max(position) as position from banners`,
    );
    const [row] = await tx.db
      .insert(banners)
      .values({ ...bannerValues(input), position: (last?.position ?? -1) + 1, updatedAt: nextVersion(tx) })
      .returning();
    if (!row) throw new Error('The banner was not inserted.');
    const banner = describeBanner(row);
    await recordAudit(tx, {
      actor,
      action: 'banner.created',
      objectType: 'banner',
      objectId: row.id,
      before: null,
      after: banner,
    });
    return banner;
  });
}

/** Changes a banner as a whole, audited. @throws HttpError 404, 409 on a stale `updated_at`. */
export async function updateBanner(
  context: CoreContext,
  {
    actor,
    id,
    input,
  }: { actor: AuditActor; id: number; input: AdminBannerCreateRequest & { updated_at: string } },
): Promise<AdminBanner> {
  return inTransaction(context, async (tx) => {
    const [locked] = await tx.db.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!locked) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.bannerNotFound);
    requireVersion(locked.updatedAt, input.updated_at);
    const [row] = await tx.db
      .update(banners)
      .set({ ...bannerValues(input), updatedAt: nextVersion(tx, locked.updatedAt) })
      .where(eq(banners.id, id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.bannerNotFound);
    const after = describeBanner(row);
    await recordAudit(tx, {
      actor,
      action: 'banner.updated',
      objectType: 'banner',
      objectId: id,
      before: describeBanner(locked),
      after,
    });
    return after;
  });
}

/**
 * Moves a banner one place up or down (the first up, or the last down, stays), numbering every
 * banner 0, 1, 2… in the new order; audited with the order before and after.
 * @throws HttpError 404.
 */
export async function moveBanner(
  context: CoreContext,
  { actor, id, direction }: { actor: AuditActor; id: number; direction: 'up' | 'down' },
): Promise<AdminBanner[]> {
  return inTransaction(context, async (tx) => {
    const rows = await tx.db
      .select()
      .from(banners)
      .orderBy(asc(banners.position), asc(banners.id))
      .for('update');
    const index = rows.findIndex((row) => row.id === id);
    if (index === -1) throw new HttpError(404, ADMIN_CONTENT_MESSAGES.bannerNotFound);
    const order = rows.map((row) => row.id);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other >= 0 && other < order.length) {
      [order[index], order[other]] = [order[other] as number, order[index] as number];
      for (const [position, bannerId] of order.entries()) {
        const row = rows.find((candidate) => candidate.id === bannerId);
        if (row && row.position !== position)
          await tx.db
            .update(banners)
            .set({ position, updatedAt: nextVersion(tx, row.updatedAt) })
            .where(eq(banners.id, bannerId));
      }
      await recordAudit(tx, {
        actor,
        action: 'banner.moved',
        objectType: 'banner',
        objectId: id,
        before: { order: rows.map((row) => row.id) },
        after: { order },
      });
    }
    return listBanners(tx);
  });
}

/** Deletes a banner, audited. @throws HttpError 404. */
export async function deleteBanner(
  context: CoreContext,
  { actor, id }: { actor: AuditActor; id: number },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await adminBanner(tx, id);
    await tx.db.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, {
      actor,
      action: 'banner.deleted',
      objectType: 'banner',
      objectId: id,
      before,
      after: null,
    });
  });
}

// The featured products.

interface ProductRow {
  id: number;
  reference: string;
  name: string;
  is_active: boolean;
}

const describeProduct = (row: ProductRow): ShowcaseProduct => ({
  id: row.id,
  reference: row.reference,
  name: row.name,
  active: row.is_active,
});

/**
 * The featured products the home page shows, in its order: the laboratory's choice first (by
 * position), then those the catalogue flags that the laboratory has not placed nor hidden; only
 * products on sale, at most `FEATURED_COUNT`.
 */
export async function featuredProducts(context: CoreContext): Promise<ShowcaseProduct[]> {
  // Reads the catalogue's products (their reference, name and flag), as the showcase does.
  const rows = await selectRows<ProductRow>(
    context.db,
    sql`select p.id, p.reference, p.name, p.is_active from products p
        left join showcase_products chosen on chosen.product_id = p.id
        where p.is_active and coalesce(chosen.featured, p.is_featured)
        order by chosen.position is null, chosen.position, p.stock_units = 0, p.name, p.id
        limit ${FEATURED_COUNT}`,
  );
  return rows.map(describeProduct);
}

/**
 * Sets the featured products and their order: those named (on sale) are featured in that order,
 * every other product the catalogue flags is hidden from the showcase. Audited with the list before and after.
 * @throws HttpError 422 under `product_ids` for a product unknown or not on sale.
 */
export async function setFeaturedProducts(
  context: CoreContext,
  { actor, productIds }: { actor: AuditActor; productIds: readonly number[] },
): Promise<ShowcaseProduct[]> {
  return inTransaction(context, async (tx) => {
    // One change at a time: the next one reads what this one wrote.
    await selectRows(tx.db, sql`select product_id from showcase_products for update`);
    const before = await featuredProducts(tx);
    if (productIds.length > 0) {
      const found = await selectRows<{ id: number }>(
        tx.db,
        sql`select id from products where is_active and id in (${idList(productIds)})`,
      );
      if (found.length !== new Set(productIds).size)
        throw new HttpError(422, ADMIN_CONTENT_MESSAGES.productUnknown, {
          product_ids: [ADMIN_CONTENT_MESSAGES.productUnknown],
        });
    }
    const flagged = await selectRows<{ id: number }>(tx.db, sql`select id from products where is_featured`);
    const chosen = new Set(productIds);
    await tx.db.delete(showcaseProducts);
    const rows = [
      ...productIds.map((productId, position) => ({ productId, featured: true, position })),
      ...flagged
        .filter((row) => !chosen.has(row.id))
        .map((row) => ({ productId: row.id, featured: false, position: 0 })),
    ];
    if (rows.length > 0) await tx.db.insert(showcaseProducts).values(rows);
    const after = await featuredProducts(tx);
    await recordAudit(tx, {
      actor,
      action: 'showcase.featured_changed',
      objectType: 'showcase',
      objectId: 'featured',
      before: { product_ids: before.map((product) => product.id) },
      after: { product_ids: after.map((product) => product.id) },
    });
    return after;
  });
}

/** How many products a search for the showcase answers. */
export const SHOWCASE_SEARCH_LIMIT = 20;

/** Products on sale whose reference or name contains `q` (accents and case ignored), by name. */
export async function searchShowcaseProducts(context: CoreContext, q: string): Promise<ShowcaseProduct[]> {
  const text = q.trim();
  const rows = await selectRows<ProductRow>(
    context.db,
    sql`select p.id, p.reference, p.name, p.is_active from products p
        where p.is_active and ${text === '' ? sql`true` : sql`(strpos(botica_normalise(p.name), botica_normalise(${text})) > 0 or strpos(lower(p.reference), lower(${text})) > 0)`}
        order by p.name, p.id limit ${SHOWCASE_SEARCH_LIMIT}`,
  );
  return rows.map(describeProduct);
}
