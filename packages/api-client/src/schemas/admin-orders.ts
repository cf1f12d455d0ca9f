/**
 * The back office's orders (`/api/v1/admin/orders…`): every pharmacy's orders as the laboratory's
 * staff list, read, export and move along. Amounts are euros as on the rest of the wire.
 */
import { parseEuros } from '@botica/domain';
import * as z from 'zod/mini';
import { OrderSchema, OrderStatusSchema, QueryDateSchema } from './cart.ts';
import { DateTimeSchema, EurosSchema, IdSchema, MAX_ID, PaginationMetaSchema } from './common.ts';
import { OrderTransferSchema } from './delivery.ts';
import { TimelineEventSchema } from './documents.ts';

/** The orders the back office lists a page. */
export const ADMIN_ORDERS_PER_PAGE = 50;

/** The most characters of the list's search text (`q`). */
export const ADMIN_ORDERS_SEARCH_MAX = 100;

/** The most characters of a cancellation's reason. */
export const ORDER_CANCEL_REASON_MAX = 500;

/** The Spanish messages of the orders' refusals, as the server sends them. */
export const ADMIN_ORDER_MESSAGES = {
  notFound: 'El pedido no existe.',
  badAmount: 'Debe ser un importe en euros, por ejemplo 1234,50.',
  minAboveMax: 'El importe máximo no puede ser menor que el mínimo.',
  dateOrder: 'La fecha final no puede ser anterior a la inicial.',
  reasonRequired: 'El motivo de la cancelación es obligatorio.',
  reasonTooLong: `El motivo puede tener como máximo ${ORDER_CANCEL_REASON_MAX} caracteres.`,
  stale: 'El pedido ha cambiado de estado mientras lo mirabas: vuelve a cargarlo.',
} as const;

/** A positive id of a query string (`?client_id=7`). */
const QueryIdSchema = z.coerce
  .number()
  .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(MAX_ID));

/**
 * An amount in euros of a query string, as a person types it: `1234,50`, `1.234,50` or `1234.50`
 * (the domain's `parseEuros`); the server reads it to cents.
 */
export const QueryEurosSchema = z.string().check(
  z.maxLength(20, ADMIN_ORDER_MESSAGES.badAmount),
  z.refine((text) => parseEuros(text) !== null, ADMIN_ORDER_MESSAGES.badAmount),
);

/**
 * The filters of the orders' list and of its CSV export: sent `from` and/or `to` a day (both
 * included, Madrid days; `from` after `to` is a 422 under `to`), one pharmacy (`client_id`), a text
 * (`q`: the order's number, or the pharmacy's name or CIF/NIF), one `status`, one sales rep's
 * pharmacies (`sales_rep_id`), and a total between `min_total` and `max_total` (euros, both included;
 * a minimum over the maximum is a 422 under `max_total`).
 */
export const AdminOrdersFilterSchema = z.object({
  from: z.optional(QueryDateSchema),
  to: z.optional(QueryDateSchema),
  client_id: z.optional(QueryIdSchema),
  q: z.optional(
    z
      .string()
      .check(
        z.maxLength(
          ADMIN_ORDERS_SEARCH_MAX,
          `La búsqueda puede tener como máximo ${ADMIN_ORDERS_SEARCH_MAX} caracteres.`,
        ),
      ),
  ),
  status: z.optional(OrderStatusSchema),
  sales_rep_id: z.optional(QueryIdSchema),
  min_total: z.optional(QueryEurosSchema),
  max_total: z.optional(QueryEurosSchema),
});

type Filter = z.infer<typeof AdminOrdersFilterSchema>;

/** `from` after `to` is refused under `to`. */
const datesInOrder = z.refine<Filter>((query) => !query.from || !query.to || query.from <= query.to, {
  message: ADMIN_ORDER_MESSAGES.dateOrder,
  path: ['to'],
});

/** A minimum total over the maximum is refused under `max_total`. */
const totalsInOrder = z.refine<Filter>(
  (query) => {
    if (query.min_total === undefined || query.max_total === undefined) return true;
    const min = parseEuros(query.min_total);
    const max = parseEuros(query.max_total);
    return min === null || max === null || min <= max;
  },
  { message: ADMIN_ORDER_MESSAGES.minAboveMax, path: ['max_total'] },
);

/** `GET /api/v1/admin/orders`: the filters and a 1-based `page` of 50, newest first. */
export const AdminOrdersQuerySchema = z
  .object({
    ...AdminOrdersFilterSchema.shape,
    page: z.optional(
      z.coerce
        .number()
        .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
    ),
  })
  .check(datesInOrder, totalsInOrder);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** `GET /api/v1/admin/orders/export.csv`: the list's filters, every matching order (no page). */
export const AdminOrdersExportQuerySchema = AdminOrdersFilterSchema.check(datesInOrder, totalsInOrder);
export type AdminOrdersExportQuery = z.infer<typeof AdminOrdersExportQuerySchema>;

/** The pharmacy of an order, as the back office names it. */
export const AdminOrderPharmacySchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The pharmacy's code in the laboratory's ERP ('Código cliente'). */
  erp_code: z.string(),
  city: z.string(),
});
export type AdminOrderPharmacy = z.infer<typeof AdminOrderPharmacySchema>;

/** The pharmacy's sales rep; null when it has none. */
export const AdminOrderSalesRepSchema = z.nullable(z.object({ id: IdSchema, name: z.string() }));

/** One order of the back office's list. */
export const AdminOrderRowSchema = z.object({
  id: IdSchema,
  /** E.g. 'PW-2026-000123'. */
  number: z.string(),
  created_at: DateTimeSchema,
  status: OrderStatusSchema,
  pharmacy: AdminOrderPharmacySchema,
  sales_rep: AdminOrderSalesRepSchema,
  /** How many lines it has. */
  lines: z.int().check(z.gte(0)),
  /** Sum of the lines. */
  price: EurosSchema,
  /** Sum of the discount lines. */
  price_discount_line: EurosSchema,
  /** Every tax (VAT and recargo de equivalencia). */
  price_tax: EurosSchema,
  /** price − price_discount_line + price_tax. */
  total_price: EurosSchema,
  /** The wholesaler it travels through as a transfer order, as sent; null: straight to the laboratory. */
  transfer: z.nullable(OrderTransferSchema),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrdersResponseSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  meta: PaginationMetaSchema,
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;

/** A staff member or pharmacy user as the order's history names them (null once deleted). */
const ActorSchema = z.nullable(z.object({ id: IdSchema, username: z.string() }));

/** One change of an order's status: to what, when, by whom and, for a cancellation, why. */
export const OrderStatusChangeSchema = z.object({
  status: OrderStatusSchema,
  at: DateTimeSchema,
  by: ActorSchema,
  reason: z.nullable(z.string()),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/**
 * `GET /api/v1/admin/orders/{id}`: the order as sent (lines, discounts, taxes, surcharges, totals,
 * notes), who sent it, its pharmacy and sales rep, its status history (oldest first), the timeline
 * the pharmacist sees, and the statuses an admin may move it to now.
 */
export const AdminOrderDetailSchema = z.object({
  ...OrderSchema.shape,
  /** The pharmacy's user who sent it; null once that user is deleted. */
  sent_by: ActorSchema,
  pharmacy: z.object({ ...AdminOrderPharmacySchema.shape, tax_id: z.string() }),
  sales_rep: AdminOrderSalesRepSchema,
  status_changes: z.array(OrderStatusChangeSchema),
  /** The pharmacist's timeline of the order (oldest first), invoices and refunds included. */
  timeline: z.array(TimelineEventSchema),
  /** Where an admin may move it now (empty once delivered or cancelled, and for a sales rep). */
  next_statuses: z.array(OrderStatusSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
export const AdminOrderDetailResponseSchema = z.object({ data: AdminOrderDetailSchema });
export type AdminOrderDetailResponse = z.infer<typeof AdminOrderDetailResponseSchema>;

/**
 * `POST /api/v1/admin/orders/{id}/status`: the new `status`; a `reason` (1–500 characters) to cancel;
 * optionally the status the admin saw (`from_status`): when the order has moved since, 409.
 */
export const ChangeOrderStatusRequestSchema = z
  .object({
    status: OrderStatusSchema,
    reason: z.optional(
      z.string().check(z.trim(), z.maxLength(ORDER_CANCEL_REASON_MAX, ADMIN_ORDER_MESSAGES.reasonTooLong)),
    ),
    from_status: z.optional(OrderStatusSchema),
  })
  .check(
    z.refine((body) => body.status !== 'cancelled' || (body.reason ?? '').length > 0, {
      message: ADMIN_ORDER_MESSAGES.reasonRequired,
      path: ['reason'],
    }),
  );
export type ChangeOrderStatusRequest = z.infer<typeof ChangeOrderStatusRequestSchema>;
