/**
 * The documents of a pharmacy's account: the ERP's shipments (ENVIOS), invoices and refunds (MIS
 * FACTURAS), an order's detail with its timeline, and the reorder of an order (PEDIDOS WEB).
 * Amounts are euros as on the rest of the wire; a refund's are positive (what it gives back).
 */
import * as z from 'zod/mini';
import {
  CartSchema,
  DiscountSchema,
  OrderSchema,
  OrderStatusSchema,
  QueryDateSchema,
  SurchargeLineSchema,
  TaxLineSchema,
} from './cart.ts';
import { VatRateSchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema, IdSchema, paginated } from './common.ts';

/**
 * The query of the documents' lists (`erp_shipments`, `invoices`, `refunds`): 1-based `page`, and
 * `per_page` from 1 to 50 (10 by default).
 */
export const DocumentsQuerySchema = z.object({
  page: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
  ),
  per_page: z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(50)),
  ),
});
export type DocumentsQuery = z.infer<typeof DocumentsQuerySchema>;

/** The most characters of a document number searched for. */
export const DOCUMENT_NUMBER_SEARCH_MAX = 30;

/**
 * The query of `invoices` and `refunds`: `DocumentsQuery`'s page and size, and optionally only the
 * documents issued `from` and/or `to` a day (both included, Madrid days) and those whose number
 * contains `number` (ignoring case and spaces: '000123', 'f2026-000123', 'R2026'). `from` after
 * `to` is refused (422 under `to`).
 */
export const InvoicesQuerySchema = z
  .object({
    ...DocumentsQuerySchema.shape,
    from: z.optional(QueryDateSchema),
    to: z.optional(QueryDateSchema),
    number: z.optional(
      z
        .string()
        .check(z.maxLength(DOCUMENT_NUMBER_SEARCH_MAX, 'El número puede tener como máximo 30 caracteres.')),
    ),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'La fecha final no puede ser anterior a la inicial.',
      path: ['to'],
    }),
  );
export type InvoicesQuery = z.infer<typeof InvoicesQuerySchema>;

/** The order a document belongs to, as the lists name it. */
export const OrderReferenceSchema = z.object({
  id: IdSchema,
  /** E.g. 'PW-2026-000123'. */
  number: z.string(),
});
export type OrderReference = z.infer<typeof OrderReferenceSchema>;

/** Where a shipment is: being prepared, on its way, delivered, or held up by an incident. */
export const ShipmentStatusSchema = z.enum(['preparing', 'in_transit', 'delivered', 'incident']);
export type ShipmentStatus = z.infer<typeof ShipmentStatusSchema>;

/** A line of a shipment: the product and the units that travel in it. */
export const ShipmentLineSchema = z.object({
  product_id: IdSchema,
  reference: z.string(),
  name: z.string(),
  quantity: z.int().check(z.gte(1)),
  /** The manufacturing lot of the units, when the ERP said. */
  lot: z.optional(z.nullable(z.string())),
  /** The lot's expiry date (YYYY-MM-DD), when the ERP said. */
  expires_on: z.optional(z.nullable(z.string())),
});

/** A shipment from the laboratory's ERP: one delivery note ('albarán') of one order. */
export const ErpShipmentSchema = z.object({
  id: IdSchema,
  /** The delivery note number, e.g. 'AL-2026-004512'. */
  delivery_note: z.string(),
  shipped_at: DateTimeSchema,
  /** When it was delivered; null until then. */
  delivered_at: z.nullable(DateTimeSchema),
  carrier: z.string(),
  tracking_number: z.string(),
  /** The carrier's tracking page for this shipment. */
  tracking_url: z.string(),
  status: ShipmentStatusSchema,
  packages: z.int().check(z.gte(1)),
  order: OrderReferenceSchema,
  lines: z.array(ShipmentLineSchema),
});
export type ErpShipment = z.infer<typeof ErpShipmentSchema>;
/** `GET /api/v1/clients/{clientId}/erp_shipments`: newest first. */
export const ErpShipmentsResponseSchema = paginated(ErpShipmentSchema);
export type ErpShipmentsResponse = z.infer<typeof ErpShipmentsResponseSchema>;

/** A line of an invoice or refund, as issued. */
export const InvoiceLineSchema = z.object({
  product_id: IdSchema,
  reference: z.string(),
  name: z.string(),
  quantity: z.int().check(z.gte(1)),
  unit_price: EurosSchema,
  /** unit_price × quantity. */
  price: EurosSchema,
  /** The line after its share of the discounts: its taxable base. */
  price_include_discount: EurosSchema,
  vat_rate: VatRateSchema,
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** What invoices and refunds share: the number, the date, the lines, the taxes and the PDF. */
const documentFields = {
  id: IdSchema,
  /** Series, year and number as printed: 'F2026-000123' (invoices), 'R2026-000012' (refunds). */
  number: z.string(),
  /** 'F' for invoices, 'R' for refunds (facturas rectificativas). */
  series: z.string(),
  issued_at: DateTimeSchema,
  order: OrderReferenceSchema,
  lines: z.array(InvoiceLineSchema),
  price: EurosSchema,
  discounts: z.array(DiscountSchema),
  price_discount_line: EurosSchema,
  /** VAT by rate: tax base and amount. */
  taxes: z.array(TaxLineSchema),
  /** Whether the pharmacy was in the regime of recargo de equivalencia. */
  recargo_equivalencia: z.boolean(),
  /** The recargo de equivalencia by VAT rate; empty outside the regime. */
  surcharges: z.array(SurchargeLineSchema),
  /** Every tax: the sum of `taxes` and `surcharges`. */
  price_tax: EurosSchema,
  /** price − price_discount_line + price_tax. */
  total_price: EurosSchema,
  /**
   * The PDF (`GET /api/v1/documents/{token}{year}.pdf`): the token is random and unguessable, and
   * the PDF is served only to a logged-in user of the same pharmacy allowed to see invoices.
   */
  pdf_url: z.string(),
};

/** An invoice: it bills one order, and its amounts are the order's. */
export const InvoiceSchema = z.object(documentFields);
export type Invoice = z.infer<typeof InvoiceSchema>;
/** `GET /api/v1/clients/{clientId}/invoices`: newest first. */
export const InvoicesResponseSchema = paginated(InvoiceSchema);
export type InvoicesResponse = z.infer<typeof InvoicesResponseSchema>;

/** The invoice a refund corrects. */
export const CorrectedInvoiceSchema = z.object({
  id: IdSchema,
  number: z.string(),
  issued_at: DateTimeSchema,
});

/**
 * A refund (factura rectificativa): it corrects part of one invoice, for a reason. Its amounts are
 * what it gives back, as positive numbers.
 */
export const RefundSchema = z.object({
  ...documentFields,
  corrects: CorrectedInvoiceSchema,
  reason: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;
/** `GET /api/v1/driver/customers/clients/{clientId}/refunds`: newest first. */
export const RefundsResponseSchema = paginated(RefundSchema);
export type RefundsResponse = z.infer<typeof RefundsResponseSchema>;

/**
 * What happened to an order, one entry each: sent, shipped, delivered, invoiced, refunded, and each
 * change of its status the laboratory made (`status`, with the new `status` and, for a cancellation,
 * its `reason`).
 */
export const TimelineEventSchema = z.object({
  kind: z.enum(['order', 'shipment', 'delivery', 'invoice', 'refund', 'status']),
  at: DateTimeSchema,
  /** The document's number: the order's, the delivery note's, the invoice's or the refund's. */
  number: z.string(),
  /** The id of the order, shipment, invoice or refund. */
  document_id: IdSchema,
  /** The shipment's carrier tracking page. */
  tracking_url: z.optional(z.string()),
  /** The invoice's or refund's PDF. */
  pdf_url: z.optional(z.string()),
  /** A `status` event's new status of the order. */
  status: z.optional(OrderStatusSchema),
  /** A cancellation's reason, as the laboratory gave it. */
  reason: z.optional(z.string()),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

/**
 * `GET /api/v1/clients/{clientId}/orders/{orderId}`: the order with its shipments, invoices and
 * refunds, and its timeline (oldest first). A user who may not see invoices gets neither invoices
 * nor refunds, in the lists or the timeline.
 */
export const OrderDetailSchema = z.object({
  ...OrderSchema.shape,
  shipments: z.array(ErpShipmentSchema),
  invoices: z.array(InvoiceSchema),
  refunds: z.array(RefundSchema),
  timeline: z.array(TimelineEventSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
export const OrderDetailResponseSchema = z.object({ data: OrderDetailSchema });

/** `POST /api/v1/clients/{clientId}/orders/{orderId}/reorder`: no fields (unknown ones are refused). */
export const ReorderRequestSchema = z.strictObject({});

/** A product of the order that was not put back in the cart: it is no longer sold. */
export const SkippedLineSchema = z.object({
  product_id: IdSchema,
  reference: z.string(),
  name: z.string(),
  quantity: z.int().check(z.gte(1)),
});
export type SkippedLine = z.infer<typeof SkippedLineSchema>;

/** A line whose merged quantity went over the most one line may hold, and was cut to it. */
export const AdjustedLineSchema = z.object({
  product_id: IdSchema,
  reference: z.string(),
  name: z.string(),
  /** What the cart would have held: its quantity plus the order's. */
  requested: z.int().check(z.gte(1)),
  /** What it holds. */
  quantity: z.int().check(z.gte(1)),
});
export type AdjustedLine = z.infer<typeof AdjustedLineSchema>;

/**
 * The answer to a reorder: the cart as saved (its new `version`), the products skipped and the
 * lines whose quantity was cut.
 */
export const ReorderResponseSchema = z.object({
  data: CartSchema,
  skipped: z.array(SkippedLineSchema),
  adjusted: z.array(AdjustedLineSchema),
});
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;
