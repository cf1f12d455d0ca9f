/**
 * The back office's orders' transport (`/api/v1/admin/orders…`): the list and its CSV export, one
 * order, and an admin's status change. Every read is narrowed to the staff member's scope.
 *
 * The order's timeline is the documents module's (which reads this module's orders), so it is
 * handed in by the app rather than imported.
 */
import { Readable } from 'node:stream';
import {
  ADMIN_ORDER_MESSAGES,
  type AdminOrderDetail,
  type AdminOrdersExportQuery,
  adminOrders,
  pharmacyDocuments,
} from '@botica/api-client/admin';
import { fillPath } from '@botica/api-client/endpoints';
import type { Order, TimelineEvent } from '@botica/api-client/schemas';
import { madridDay, parseEuros } from '@botica/domain';
import type { FastifyInstance } from 'fastify';
import { staffScope } from '../accounts/staff-scope.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { CoreContext, RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrdersFilter,
  adminOrderHeader,
  changeOrderStatus,
  exportAdminOrders,
  listAdminOrders,
  NEXT_STATUSES,
  orderStatusHistory,
} from './admin-orders-service.ts';

/** The documents module's order detail, whose order and timeline the back office shows. */
export type OrderWithTimeline = (
  context: CoreContext,
  order: { clientId: number; orderId: number; withInvoices: boolean },
) => Promise<(Order & { timeline: TimelineEvent[] }) | null>;

/**
 * The timeline as the staff read it: an invoice's or refund's PDF at the staff's address (the
 * pharmacist's carries the pharmacy's own token, which is not the staff's to use).
 */
function staffTimeline(publicUrl: string, timeline: TimelineEvent[]): TimelineEvent[] {
  return timeline.map((event) =>
    event.pdf_url === undefined
      ? event
      : {
          ...event,
          pdf_url: `${publicUrl}/${fillPath(pharmacyDocuments.pdf.path, { id: event.document_id })}`,
        },
  );
}

/** What the export sends at a time at most before the client reads on (bytes). */
const EXPORT_HIGH_WATER_MARK = 64 * 1024;

/** The query's filters as the service takes them (amounts as typed, to cents). */
function filterOf(query: AdminOrdersExportQuery): AdminOrdersFilter {
  const cents = (text: string | undefined) =>
    text === undefined ? undefined : (parseEuros(text) ?? undefined);
  return {
    from: query.from,
    to: query.to,
    clientId: query.client_id,
    q: query.q,
    status: query.status,
    salesRepId: query.sales_rep_id,
    minTotalCents: cents(query.min_total),
    maxTotalCents: cents(query.max_total),
  };
}

/** Today's Madrid day as AAAA-MM-DD (the export's file name). */
function madridToday(now: Date): string {
  const { year, month, day } = madridDay(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function registerAdminOrderRoutes(
  app: FastifyInstance,
  context: RouteContext,
  { orderWithTimeline }: { orderWithTimeline: OrderWithTimeline },
): void {
  /** The order as the back office shows it; 404 unknown, 403 another rep's. */
  async function detail(user: SessionUser, orderId: number): Promise<AdminOrderDetail> {
    const header = await adminOrderHeader(context, staffScope(user), orderId);
    if (!header) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const order = await orderWithTimeline(context, {
      clientId: header.clientId,
      orderId,
      withInvoices: true,
    });
    if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const { timeline, ...fields } = order;
    return {
      ...fields,
      sent_by: header.sentBy,
      pharmacy: header.pharmacy,
      sales_rep: header.salesRep,
      status_changes: await orderStatusHistory(context, orderId),
      timeline: staffTimeline(context.settings.publicUrl, timeline),
      // A sales rep reads; only an admin moves an order along.
      next_statuses: user.role === 'admin' ? [...NEXT_STATUSES[order.status]] : [],
    };
  }

  route(app, adminOrders.list, async ({ query, user, request }) => {
    const page = query.page ?? 1;
    const { rows, total } = await context.heavy.run(request, () =>
      listAdminOrders(context, { scope: staffScope(user), filter: filterOf(query), page }),
    );
    return {
      data: rows,
      meta: pageMeta(page, ADMIN_ORDERS_PAGE_SIZE, total),
    };
  });

  route(app, adminOrders.export, async ({ query, user, reply }) => {
    const text = await exportAdminOrders(context, { scope: staffScope(user), filter: filterOf(query) });
    const bytes = Readable.from(
      (async function* encoded() {
        for await (const chunk of text) yield Buffer.from(chunk, 'utf8');
      })(),
      { objectMode: false, highWaterMark: EXPORT_HIGH_WATER_MARK },
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="pedidos-${madridToday(context.now())}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  route(app, adminOrders.get, async ({ params, user }) => ({ data: await detail(user, params.id) }));

  route(app, adminOrders.changeStatus, async ({ params, body, user }) => {
    await changeOrderStatus(context, {
      orderId: params.id,
      status: body.status,
      reason: body.reason,
      fromStatus: body.from_status,
      actor: { id: user.id, username: user.username },
    });
    return { data: await detail(user, params.id) };
  });
}
