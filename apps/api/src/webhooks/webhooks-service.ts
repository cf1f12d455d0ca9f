/**
 * The ERP's webhooks: the endpoints an admin sets, and the events written for them. A module that
 * makes a change the ERP must hear of (an order placed or cancelled, a registration requested) calls
 * `enqueueWebhookEvent` with the context of its own transaction, so a change that rolls back sends
 * nothing and a committed one always has its event; after the commit it calls `wakeWebhookSenders`
 * so the sender (sender.ts) delivers at once instead of at its next look. Every admin change is
 * audited in its transaction; the secrets never go into the audit log.
 */
import { randomBytes } from 'node:crypto';
import type {
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreateRequest,
  WebhookEndpointUpdateRequest,
  WebhookEvent,
} from '@botica/api-client/admin';
import { WEBHOOK_DELIVERIES_PER_PAGE, WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT } from '@botica/api-client/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { type PageMeta, pageMeta } from '../http/page-meta.ts';
import { webhookDeliveries, webhookEndpoints } from './tables.ts';

/** What wakes a sender (sender.ts); the senders of this process register themselves. */
export interface WebhookWakeUp {
  nudge(): void;
}

const senders = new Set<WebhookWakeUp>();

/** Registers a running sender to be woken after a commit that wrote events; returns its removal. */
export function registerWebhookSender(sender: WebhookWakeUp): () => void {
  senders.add(sender);
  return () => senders.delete(sender);
}

/**
 * Wakes this process's senders: call it after the commit of a transaction that wrote events (before
 * it, a sender would not see them yet). Other instances find them at their next look.
 */
export function wakeWebhookSenders(): void {
  for (const sender of senders) sender.nudge();
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as Standard Webhooks writes it. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A new message id (`webhook-id`): kept by every retry of one event to one endpoint. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** The body of one event, as the specification shapes it. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Writes `type` with `data` for every active endpoint subscribed to it, in the caller's transaction
 * (`tx` is `inTransaction`'s context). Returns how many deliveries were written.
 */
export async function enqueueWebhookEvent(
  tx: CoreContext,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const now = tx.now();
  const endpoints = await tx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.isActive, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  await tx.db.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: type,
      payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (value: Date | string) => new Date(value).toISOString();

function endpointBody(row: EndpointRow, failed: number): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    is_active: row.isActive,
    secret: row.secret,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    version: row.version,
    failed_deliveries: failed,
  };
}

/** What the audit log keeps of an endpoint: everything but its secret. */
function audited(row: EndpointRow): Record<string, unknown> {
  return { url: row.url, description: row.description, events: row.events, is_active: row.isActive };
}

async function failedCounts(context: CoreContext, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ endpoint_id: number; failed: number | string }>(
    context.db,
    sql`select endpoint_id, count(*) as failed from webhook_deliveries
        where status = 'failed' and endpoint_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by endpoint_id`,
  );
  return new Map(rows.map((row) => [row.endpoint_id, Number(row.failed)]));
}

/** The endpoints, oldest first. */
export async function listWebhookEndpoints(context: CoreContext): Promise<WebhookEndpoint[]> {
  const rows = await context.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  const failed = await failedCounts(
    context,
    rows.map((row) => row.id),
  );
  return rows.map((row) => endpointBody(row, failed.get(row.id) ?? 0));
}

async function endpointAnswer(context: CoreContext, row: EndpointRow): Promise<WebhookEndpoint> {
  const failed = await failedCounts(context, [row.id]);
  return endpointBody(row, failed.get(row.id) ?? 0);
}

/** Adds an endpoint with a new secret. */
export async function createWebhookEndpoint(
  context: CoreContext,
  actor: NonNullable<AuditActor>,
  input: WebhookEndpointCreateRequest,
): Promise<WebhookEndpoint> {
  const row = await inTransaction(context, async (tx) => {
    const now = tx.now();
    const [created] = await tx.db
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description ?? '',
        events: [...input.events],
        isActive: input.is_active ?? true,
        secret: generateWebhookSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('the webhook endpoint was not written');
    await recordAudit(tx, {
      actor,
      action: 'webhook_endpoint.created',
      objectType: 'webhook_endpoint',
      objectId: created.id,
      before: null,
      after: audited(created),
    });
    return created;
  });
  return endpointBody(row, 0);
}

async function lockedEndpoint(tx: CoreContext, id: number): Promise<EndpointRow> {
  const [row] = await tx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  return row;
}

/** Changes an endpoint made on `version` (409 when another admin changed it meanwhile). */
export async function updateWebhookEndpoint(
  context: CoreContext,
  change: { actor: NonNullable<AuditActor>; id: number; input: WebhookEndpointUpdateRequest },
): Promise<WebhookEndpoint> {
  const row = await inTransaction(context, async (tx) => {
    const before = await lockedEndpoint(tx, change.id);
    if (before.version !== change.input.version) throw new HttpError(409, WEBHOOK_MESSAGES.stale);
    const [after] = await tx.db
      .update(webhookEndpoints)
      .set({
        url: change.input.url,
        description: change.input.description,
        events: [...change.input.events],
        isActive: change.input.is_active,
        updatedAt: tx.now(),
        version: before.version + 1,
      })
      .where(eq(webhookEndpoints.id, change.id))
      .returning();
    if (!after) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'webhook_endpoint.updated',
      objectType: 'webhook_endpoint',
      objectId: change.id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
  // A reactivated endpoint's waiting deliveries go out now.
  if (row.isActive) wakeWebhookSenders();
  return endpointAnswer(context, row);
}

/** Deletes an endpoint and its deliveries (its pending ones are never sent). */
export async function deleteWebhookEndpoint(
  context: CoreContext,
  actor: NonNullable<AuditActor>,
  id: number,
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await lockedEndpoint(tx, id);
    await tx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actor,
      action: 'webhook_endpoint.deleted',
      objectType: 'webhook_endpoint',
      objectId: id,
      before: audited(before),
      after: null,
    });
  });
}

/** Replaces an endpoint's secret, made on `version`: every delivery from now on is signed with the new one. */
export async function rotateWebhookSecret(
  context: CoreContext,
  change: { actor: NonNullable<AuditActor>; id: number; version: number },
): Promise<WebhookEndpoint> {
  const row = await inTransaction(context, async (tx) => {
    const before = await lockedEndpoint(tx, change.id);
    if (before.version !== change.version) throw new HttpError(409, WEBHOOK_MESSAGES.stale);
    const [after] = await tx.db
      .update(webhookEndpoints)
      .set({ secret: generateWebhookSecret(), updatedAt: tx.now(), version: before.version + 1 })
      .where(eq(webhookEndpoints.id, change.id))
      .returning();
    if (!after) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'webhook_endpoint.secret_rotated',
      objectType: 'webhook_endpoint',
      objectId: change.id,
      before: { version: before.version },
      after: { version: after.version },
    });
    return after;
  });
  return endpointAnswer(context, row);
}

interface DeliveryRow {
  id: number;
  endpoint_id: number;
  endpoint_url: string;
  message_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string;
  last_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  last_duration_ms: number | null;
  delivered_at: Date | string | null;
  payload: unknown;
}

const DELIVERY_COLUMNS = sql`d.id, d.endpoint_id, e.url as endpoint_url, d.message_id, d.event_type, d.status,
  d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.created_at, d.last_attempt_at,
  d.last_duration_ms, d.delivered_at, d.payload`;

function deliveryBody(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    endpoint_url: row.endpoint_url,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: iso(row.created_at),
    last_attempt_at: row.last_attempt_at === null ? null : iso(row.last_attempt_at),
    last_duration_ms: row.last_duration_ms,
    delivered_at: row.delivered_at === null ? null : iso(row.delivered_at),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  };
}

async function deliveryById(context: CoreContext, id: number): Promise<WebhookDelivery | undefined> {
  const [row] = await selectRows<DeliveryRow>(
    context.db,
    sql`select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.id = ${id}`,
  );
  return row ? deliveryBody(row) : undefined;
}

/** Writes a `webhook.test` event for one active endpoint, whatever it subscribes to. */
export async function sendWebhookTest(
  context: CoreContext,
  actor: NonNullable<AuditActor>,
  id: number,
): Promise<WebhookDelivery> {
  const deliveryId = await inTransaction(context, async (tx) => {
    const endpoint = await lockedEndpoint(tx, id);
    if (!endpoint.isActive) throw new HttpError(409, WEBHOOK_MESSAGES.inactive);
    const now = tx.now();
    const payload: WebhookPayload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { endpoint_id: id, message: 'Prueba de Botica' },
    };
    const [written] = await tx.db
      .insert(webhookDeliveries)
      .values({
        endpointId: id,
        messageId: newMessageId(),
        eventType: WEBHOOK_TEST_EVENT,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    if (!written) throw new Error('the test delivery was not written');
    await recordAudit(tx, {
      actor,
      action: 'webhook_endpoint.tested',
      objectType: 'webhook_endpoint',
      objectId: id,
      before: null,
      after: { delivery_id: written.id },
    });
    return written.id;
  });
  wakeWebhookSenders();
  const delivery = await deliveryById(context, deliveryId);
  if (!delivery) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
  return delivery;
}

/** The deliveries, newest first, by status and endpoint, in pages of 25. */
export async function listWebhookDeliveries(
  context: CoreContext,
  query: WebhookDeliveriesQuery,
): Promise<{
  data: WebhookDelivery[];
  meta: PageMeta;
}> {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`d.status = ${query.status}`);
  if (query.endpoint_id) conditions.push(sql`d.endpoint_id = ${query.endpoint_id}`);
  const where = sql.join(conditions, sql` and `);
  const page = query.page ?? 1;
  const [counted] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from webhook_deliveries d where ${where}`,
  );
  const total = Number(counted?.total ?? 0);
  const rows = await selectRows<DeliveryRow>(
    context.db,
    sql`select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where ${where} order by d.id desc
        limit ${WEBHOOK_DELIVERIES_PER_PAGE} offset ${(page - 1) * WEBHOOK_DELIVERIES_PER_PAGE}`,
  );
  return {
    data: rows.map(deliveryBody),
    meta: pageMeta(page, WEBHOOK_DELIVERIES_PER_PAGE, total),
  };
}

/**
 * Sends a failed (or delivered) delivery again: back to pending, due now, its attempts counted afresh,
 * with the same message id. 409 for one still pending (it retries by itself).
 */
export async function resendWebhookDelivery(
  context: CoreContext,
  actor: NonNullable<AuditActor>,
  id: number,
): Promise<WebhookDelivery> {
  await inTransaction(context, async (tx) => {
    const [before] = await tx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
      .for('update');
    if (!before) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
    if (before.status === 'pending') throw new HttpError(409, WEBHOOK_MESSAGES.notResendable);
    await tx.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: tx.now(), lockedUntil: null })
      .where(eq(webhookDeliveries.id, id));
    await recordAudit(tx, {
      actor,
      action: 'webhook_delivery.resent',
      objectType: 'webhook_delivery',
      objectId: id,
      before: { status: before.status, attempts: before.attempts },
      after: { status: 'pending', attempts: 0 },
    });
  });
  wakeWebhookSenders();
  const delivery = await deliveryById(context, id);
  if (!delivery) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
  return delivery;
}

/** How long a settled delivery (delivered or failed) stays listed in the back office. */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 30;

/**
 * Deletes up to `batchSize` settled deliveries older than `WEBHOOK_DELIVERIES_KEPT_DAYS`; returns how
 * many. Pending ones are never deleted, however old: they are still owed to the ERP.
 */
export function pruneWebhookDeliveries(context: CoreContext): (batchSize: number) => Promise<number> {
  return async (batchSize) => {
    const before = new Date(context.now().getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * 86_400_000);
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from webhook_deliveries where id in (
            select id from webhook_deliveries
            where status in ('delivered', 'failed') and created_at < ${before.toISOString()}::timestamptz
            order by id limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  };
}
