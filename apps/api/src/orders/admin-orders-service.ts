/**
 * The back office's orders: every pharmacy's orders (a sales rep's own pharmacies'), filtered and
 * paged for the list, streamed in keyset batches for the CSV export, one order with its pharmacy, its
 * sender and its status history, and the status change an admin makes: conditional on the status it
 * had, recorded in the order's history and the audit log in the change's one transaction.
 */
import { ADMIN_ORDER_MESSAGES, type AdminOrderRow, type OrderStatusChange } from '@botica/api-client/admin';
import type { Order } from '@botica/api-client/schemas';
import { centsToEuros } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import { requireClientInScope, type StaffScope, scopeCondition } from '../accounts/staff-scope.ts';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { transferOnWire } from '../delivery/delivery-service.ts';
import { CSV_BOM, csvCents, csvDay, csvInteger, csvRecord, csvText } from '../http/csv-writer.ts';
import { HttpError } from '../http/errors.ts';
import { wakeWebhookSenders } from '../webhooks/webhooks-service.ts';
import { enqueueOrderEvent } from './order-events.ts';
import { orderStatusChanges } from './tables.ts';

export type OrderStatus = Order['status'];

/** The orders of the back office's list a page. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** The orders the CSV export reads at a time. */
export const EXPORT_BATCH_SIZE = 1000;

/** Where an order may go from each status: forward one step, or cancelled until it is shipped. */
export const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses as the pharmacist and the staff read them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  received: 'Recibido',
  processing: 'En preparación',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

const ORDER_NOT_FOUND = ADMIN_ORDER_MESSAGES.notFound;
const STALE_STATUS = ADMIN_ORDER_MESSAGES.stale;

/** What the list and the export may be narrowed to. */
export interface AdminOrdersFilter {
  /** Madrid days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
  clientId?: number | undefined;
  /** The order's number, or the pharmacy's name or CIF/NIF (a part of any). */
  q?: string | undefined;
  status?: OrderStatus | undefined;
  salesRepId?: number | undefined;
  minTotalCents?: number | undefined;
  maxTotalCents?: number | undefined;
}

/** A `like` pattern matching `text` anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE of the list and the export, on `orders o join clients c`, within the staff member's
 * scope. A `clientId` outside it is refused (404 unknown, 403 another rep's) before anything is read.
 */
async function whereOf(context: CoreContext, scope: StaffScope, filter: AdminOrdersFilter): Promise<SQL> {
  if (filter.clientId !== undefined) await requireClientInScope(context, scope, filter.clientId);
  const conditions: SQL[] = [scopeCondition(scope, sql`c.sales_rep_id`)];
  // A Madrid day, whatever the server's zone: the instant's date on Madrid's wall clock.
  const madridDay = sql`(o.created_at at time zone 'Europe/Madrid')::date`;
  if (filter.from !== undefined) conditions.push(sql`${madridDay} >= ${filter.from}::date`);
  if (filter.to !== undefined) conditions.push(sql`${madridDay} <= ${filter.to}::date`);
  if (filter.clientId !== undefined) conditions.push(sql`o.client_id = ${filter.clientId}`);
  if (filter.status !== undefined) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.salesRepId !== undefined) conditions.push(sql`c.sales_rep_id = ${filter.salesRepId}`);
  if (filter.minTotalCents !== undefined) conditions.push(sql`o.total_cents >= ${filter.minTotalCents}`);
  if (filter.maxTotalCents !== undefined) conditions.push(sql`o.total_cents <= ${filter.maxTotalCents}`);
  const q = filter.q?.trim();
  if (q) {
    const pattern = containing(q);
    const compact = containing(q.replace(/[\s-]/g, ''));
    conditions.push(
      sql`(o.number ilike ${pattern} or c.name ilike ${pattern} or c.tax_id ilike ${pattern}
           or replace(replace(c.tax_id, ' ', ''), '-', '') ilike ${compact})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

interface ListedRow {
  id: number;
  number: string;
  created_at: Date | string;
  status: OrderStatus;
  price_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  client_id: number;
  client_name: string;
  erp_code: string;
  city: string;
  tax_id: string;
  rep_id: number | null;
  rep_name: string | null;
  line_count: number | string;
  transfer: unknown;
}

const listedColumns = sql`o.id, o.number, o.created_at, o.status, o.price_cents, o.discount_cents,
  o.tax_cents, o.total_cents, c.id as client_id, c.name as client_name, c.erp_code, c.city, c.tax_id,
  r.id as rep_id, r.name as rep_name,
  (select count(*) from order_lines l where l.order_id = o.id) as line_count, o.transfer`;

const listedFrom = sql`orders o join clients c on c.id = o.client_id
  left join sales_reps r on r.id = c.sales_rep_id`;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function rowBody(row: ListedRow): AdminOrderRow {
  return {
    id: row.id,
    number: row.number,
    created_at: iso(row.created_at),
    status: row.status,
    pharmacy: { id: row.client_id, name: row.client_name, erp_code: row.erp_code, city: row.city },
    sales_rep: row.rep_id !== null && row.rep_name !== null ? { id: row.rep_id, name: row.rep_name } : null,
    lines: Number(row.line_count),
    price: centsToEuros(row.price_cents),
    price_discount_line: centsToEuros(row.discount_cents),
    price_tax: centsToEuros(row.tax_cents),
    total_price: centsToEuros(row.total_cents),
    transfer: transferOnWire(row.transfer),
  };
}

/** `GET /api/v1/admin/orders`: a page (1-based) of the orders the filter selects, newest first. */
export async function listAdminOrders(
  context: CoreContext,
  { scope, filter, page }: { scope: StaffScope; filter: AdminOrdersFilter; page: number },
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const where = await whereOf(context, scope, filter);
  const [counted] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from ${listedFrom} where ${where}`,
  );
  const rows = await selectRows<ListedRow>(
    context.db,
    sql`select ${listedColumns} from ${listedFrom} where ${where}
        order by o.created_at desc, o.id desc
        limit ${ADMIN_ORDERS_PAGE_SIZE} offset ${(page - 1) * ADMIN_ORDERS_PAGE_SIZE}`,
  );
  return { rows: rows.map(rowBody), total: Number(counted?.total ?? 0) };
}

/** The export's columns, in order. */
export const EXPORT_COLUMNS = [
  'Número',
  'Fecha',
  'Farmacia',
  'Código cliente',
  'CIF/NIF',
  'Ciudad',
  'Comercial',
  'Estado',
  'Líneas',
  'Importe',
  'Descuento',
  'Impuestos',
  'Total',
] as const;

function exportRecord(row: ListedRow): string {
  return csvRecord([
    csvText(row.number),
    csvDay(row.created_at),
    csvText(row.client_name),
    csvText(row.erp_code),
    csvText(row.tax_id),
    csvText(row.city),
    csvText(row.rep_name ?? ''),
    csvText(ORDER_STATUS_LABELS[row.status]),
    csvInteger(Number(row.line_count)),
    csvCents(row.price_cents),
    csvCents(row.discount_cents),
    csvCents(row.tax_cents),
    csvCents(row.total_cents),
  ]);
}

/**
 * The orders the filter selects as a CSV file's text (the byte-order mark and the header first), newest first, read
 * `EXPORT_BATCH_SIZE` at a time after the last one read (by creation instant and id), so memory holds
 * one batch whatever the number of orders. Pulled by the reply's stream: a batch is read only when
 * the client has taken the previous one. The scope and a `clientId` are checked before the first
 * record (so a refusal is a refusal, not a broken file).
 */
export async function exportAdminOrders(
  context: CoreContext,
  {
    scope,
    filter,
    batchSize = EXPORT_BATCH_SIZE,
  }: { scope: StaffScope; filter: AdminOrdersFilter; batchSize?: number },
): Promise<AsyncGenerator<string>> {
  const where = await whereOf(context, scope, filter);
  return (async function* records() {
    yield CSV_BOM + csvRecord(EXPORT_COLUMNS.map(csvText));
    // The instant as text keeps its microseconds, which a JavaScript date would drop.
    let after: { at: string; id: number } | null = null;
    for (;;) {
      // Between batches, let the requests that have arrived be served: the embedded database runs
      // a statement within the call that starts it, so an export would otherwise hold every other
      // request until its last batch.
      await new Promise((resolve) => setImmediate(resolve));
      const keyset: SQL = after
        ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`
        : sql``;
      const rows: (ListedRow & { at_key: string })[] = await selectRows(
        context.db,
        sql`select ${listedColumns}, o.created_at::text as at_key from ${listedFrom}
            where ${where} ${keyset}
            order by o.created_at desc, o.id desc limit ${batchSize}`,
      );
      if (rows.length === 0) return;
      yield rows.map(exportRecord).join('');
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { at: last.at_key, id: last.id };
    }
  })();
}

/** One order's back-office header: its pharmacy, sales rep and sender. */
export interface AdminOrderHeader {
  id: number;
  clientId: number;
  status: OrderStatus;
  pharmacy: { id: number; name: string; erp_code: string; city: string; tax_id: string };
  salesRep: { id: number; name: string } | null;
  sentBy: { id: number; username: string } | null;
}

/**
 * The order's header for a staff member: null when there is no such order, 403 when its pharmacy is
 * another rep's.
 */
export async function adminOrderHeader(
  context: CoreContext,
  scope: StaffScope,
  orderId: number,
): Promise<AdminOrderHeader | null> {
  const [row] = await selectRows<{
    id: number;
    client_id: number;
    status: OrderStatus;
    client_name: string;
    erp_code: string;
    city: string;
    tax_id: string;
    sales_rep_id: number | null;
    rep_name: string | null;
    user_id: number | null;
    username: string | null;
  }>(
    context.db,
    sql`select o.id, o.client_id, o.status, c.name as client_name, c.erp_code, c.city, c.tax_id,
               c.sales_rep_id, r.name as rep_name, u.id as user_id, u.username
        from orders o join clients c on c.id = o.client_id
        left join sales_reps r on r.id = c.sales_rep_id
        left join users u on u.id = o.user_id
        where o.id = ${orderId}`,
  );
  if (!row) return null;
  await requireClientInScope(context, scope, row.client_id);
  return {
    id: row.id,
    clientId: row.client_id,
    status: row.status,
    pharmacy: {
      id: row.client_id,
      name: row.client_name,
      erp_code: row.erp_code,
      city: row.city,
      tax_id: row.tax_id,
    },
    salesRep:
      row.sales_rep_id !== null && row.rep_name !== null
        ? { id: row.sales_rep_id, name: row.rep_name }
        : null,
    sentBy:
      row.user_id !== null && row.username !== null ? { id: row.user_id, username: row.username } : null,
  };
}

/** An order's status changes, oldest first, with who made each (null once that user is deleted). */
export async function orderStatusHistory(
  context: CoreContext,
  orderId: number,
): Promise<OrderStatusChange[]> {
  const rows = await selectRows<{
    status: OrderStatus;
    at: Date | string;
    reason: string | null;
    user_id: number | null;
    username: string | null;
  }>(
    context.db,
    sql`select h.status, h.at, h.reason, u.id as user_id, u.username
        from order_status_changes h left join users u on u.id = h.user_id
        where h.order_id = ${orderId} order by h.at, h.id`,
  );
  return rows.map((row) => ({
    status: row.status,
    at: iso(row.at),
    by: row.user_id !== null && row.username !== null ? { id: row.user_id, username: row.username } : null,
    reason: row.reason,
  }));
}

/** Why a move is refused (409), in the words the admin reads. */
function refusedMove(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `El pedido ya está en estado «${ORDER_STATUS_LABELS[to]}».`;
  if (from === 'cancelled') return 'El pedido está cancelado: no puede cambiar de estado.';
  if (from === 'delivered') return 'El pedido ya está entregado: no puede cambiar de estado.';
  if (to === 'cancelled') return 'El pedido ya está enviado: no puede cancelarse.';
  return `Un pedido en estado «${ORDER_STATUS_LABELS[from]}» no puede pasar a «${ORDER_STATUS_LABELS[to]}».`;
}

/** A status change an admin asks for. */
export interface StatusChange {
  orderId: number;
  status: OrderStatus;
  /** A cancellation's reason (required to cancel, ignored otherwise). */
  reason?: string | undefined;
  /** The status the admin saw: when the order has moved since, 409. */
  fromStatus?: OrderStatus | undefined;
  actor: NonNullable<AuditActor>;
  /** When it happened, if not now (the ERP reports changes it made earlier). */
  at?: Date | undefined;
}

/**
 * Moves an order to `status`: 404 for an unknown order, 409 when the move is not allowed from its
 * status or the order has moved since the admin saw it. The update is conditional on the status read
 * (`where status = $read`), so of two admins moving it at once one wins and the other gets the 409;
 * the history row and the audit row commit with it or not at all.
 */
export async function changeOrderStatus(context: CoreContext, change: StatusChange): Promise<void> {
  await inTransaction(context, async (tx) => {
    const [current] = await selectRows<{ status: OrderStatus }>(
      tx.db,
      sql`select status from orders where id = ${change.orderId}`,
    );
    if (!current) throw new HttpError(404, ORDER_NOT_FOUND);
    if (change.fromStatus !== undefined && change.fromStatus !== current.status)
      throw new HttpError(409, STALE_STATUS);
    if (!NEXT_STATUSES[current.status].includes(change.status))
      throw new HttpError(409, refusedMove(current.status, change.status));
    const reason = change.status === 'cancelled' ? (change.reason?.trim() ?? null) : null;
    if (change.status === 'cancelled' && !reason)
      throw new HttpError(422, ADMIN_ORDER_MESSAGES.reasonRequired, {
        reason: [ADMIN_ORDER_MESSAGES.reasonRequired],
      });
    const moved = await selectRows<{ id: number }>(
      tx.db,
      sql`update orders set status = ${change.status}
          where id = ${change.orderId} and status = ${current.status} returning id`,
    );
    if (moved.length === 0) throw new HttpError(409, STALE_STATUS);
    await tx.db.insert(orderStatusChanges).values({
      orderId: change.orderId,
      status: change.status,
      reason,
      at: change.at ?? tx.now(),
      userId: change.actor.id,
    });
    await recordAudit(tx, {
      actor: change.actor,
      action: change.status === 'cancelled' ? 'order.cancelled' : 'order.status_changed',
      objectType: 'order',
      objectId: change.orderId,
      before: { status: current.status },
      after: reason === null ? { status: change.status } : { status: change.status, reason },
    });
    if (change.status === 'cancelled') await enqueueOrderEvent(tx, 'order.cancelled', change.orderId);
  });
  if (change.status === 'cancelled') wakeWebhookSenders();
}

/**
 * The status events of an order's timeline (the pharmacist's and the staff's): one per change, at
 * the moment it was made, with a cancellation's reason.
 */
export async function orderStatusEvents(
  context: CoreContext,
  orderId: number,
): Promise<{ status: OrderStatus; at: string; reason: string | null }[]> {
  const rows = await selectRows<{ status: OrderStatus; at: Date | string; reason: string | null }>(
    context.db,
    sql`select status, at, reason from order_status_changes where order_id = ${orderId} order by at, id`,
  );
  return rows.map((row) => ({ status: row.status, at: iso(row.at), reason: row.reason }));
}
