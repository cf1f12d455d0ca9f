/**
 * The documents the laboratory's ERP sends into Botica (`/api/v1/integration/…`, scope `documents`):
 * an order's status changes, its shipments (delivery notes, with lots and expiry dates) and its
 * invoices and refunds, whose amounts must add up before a pharmacist sees them. Amounts are euros as
 * on the rest of the wire; a refund's are positive, as the tables keep them (the PDF prints them
 * negative), or all negative, as many ERPs send them.
 */
import * as z from 'zod/mini';
import { OrderStatusSchema } from './cart.ts';
import { VatRateSchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema, IdSchema } from './common.ts';
import { OrderReferenceSchema, ShipmentStatusSchema } from './documents.ts';

/** A text the ERP sends: trimmed, not empty, at most `max` characters. */
function erpText(max: number) {
  return z
    .string()
    .check(z.trim(), z.minLength(1, 'No puede estar vacío.'), z.maxLength(max, `Máximo ${max} caracteres.`));
}

/** A product's reference as the catalogue and the order lines keep it. */
const ReferenceSchema = erpText(50);

/**
 * An amount of an ERP's document, in euros, two decimals at most and at most ten million either way:
 * an invoice's are positive; a refund's either all positive (as Botica keeps them) or all negative
 * (as many ERPs print a factura rectificativa), which is read as the same refund.
 */
const DocumentEurosSchema = z.number().check(
  z.gte(-10_000_000, 'Máximo 10.000.000 €.'),
  z.lte(10_000_000, 'Máximo 10.000.000 €.'),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Máximo dos decimales.'),
);

/** A day, `YYYY-MM-DD`. */
const DaySchema = z.iso.date('Una fecha como 2027-03-31.');

// ─── Status ────────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/v1/integration/orders/{id}/status`: the ERP moves an order as the back office does
 * (forward one step, or cancelled until it ships). `at` is when it happened in the ERP (now by
 * default; never in the future nor before the order); `note` is a cancellation's reason, required to
 * cancel. Asking for the status the order already has changes nothing (200, `changed: false`).
 */
export const IntegrationOrderStatusRequestSchema = z.object({
  status: OrderStatusSchema,
  at: z.optional(DateTimeSchema),
  note: z.optional(erpText(500)),
});
export type IntegrationOrderStatusRequest = z.infer<typeof IntegrationOrderStatusRequestSchema>;

/** The order after the change. */
export const IntegrationOrderStatusResponseSchema = z.object({
  data: z.object({
    ...OrderReferenceSchema.shape,
    status: OrderStatusSchema,
    /** False when the order already had that status. */
    changed: z.boolean(),
  }),
});
export type IntegrationOrderStatusResponse = z.infer<typeof IntegrationOrderStatusResponseSchema>;

// ─── Shipments ─────────────────────────────────────────────────────────────────────────────────

/** A line of a shipment: a product of the order, the units, and the lot they come from. */
export const IntegrationShipmentLineSchema = z.object({
  /** The product's reference, one of the order's lines. */
  reference: ReferenceSchema,
  quantity: z.int().check(z.gte(1, 'Al menos 1 unidad.'), z.lte(100_000)),
  /** The manufacturing lot. */
  lot: z.optional(z.nullable(erpText(40))),
  /** The lot's expiry date. */
  expires_on: z.optional(z.nullable(DaySchema)),
});

/**
 * `PUT /api/v1/integration/shipments`: a delivery note, created or replaced by its `number`. Its
 * lines must be products of the order, and with the order's other shipments never more units than
 * it ordered (422 under `lines.N.…`).
 */
export const IntegrationShipmentRequestSchema = z.object({
  /** The delivery note's number in the ERP ('albarán'), e.g. 'AL-2026-004512': the shipment's key. */
  number: erpText(40),
  order_id: IdSchema,
  carrier: erpText(100),
  tracking_number: erpText(100),
  /** The carrier's tracking page for this shipment (https). */
  tracking_url: z.url({ protocol: /^https?$/, error: 'Una dirección http(s).' }).check(z.maxLength(500)),
  shipped_at: DateTimeSchema,
  /** Where it is; `in_transit` when not said. */
  status: z.optional(ShipmentStatusSchema),
  delivered_at: z.optional(z.nullable(DateTimeSchema)),
  packages: z.optional(z.int().check(z.gte(1), z.lte(1000))),
  lines: z
    .array(IntegrationShipmentLineSchema)
    .check(z.minLength(1, 'Un envío lleva al menos una línea.'), z.maxLength(500)),
});
export type IntegrationShipmentRequest = z.infer<typeof IntegrationShipmentRequestSchema>;

/** The shipment as stored. */
export const IntegrationShipmentResponseSchema = z.object({
  data: z.object({
    id: IdSchema,
    number: z.string(),
    order: OrderReferenceSchema,
    /** The order's status after the shipment (it follows its shipments). */
    order_status: OrderStatusSchema,
    /** `created`, `updated`, or `unchanged` when the same shipment was sent again. */
    result: z.enum(['created', 'updated', 'unchanged']),
  }),
});
export type IntegrationShipmentResponse = z.infer<typeof IntegrationShipmentResponseSchema>;

// ─── Invoices and refunds ──────────────────────────────────────────────────────────────────────

/** A series: letters and digits, e.g. 'F', 'R', 'FV26'. */
const SeriesSchema = z.string().check(z.regex(/^[A-Za-z0-9]{1,10}$/, 'De 1 a 10 letras o cifras.'));
/** A number as printed, ending in its consecutive digits: 'F2026-000123'. */
const NumberSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,28}[0-9]$/,
      'Letras, cifras, «-», «.» o «_», y acaba en su consecutivo.',
    ),
  );

/** A line of an invoice: quantity × unit price − discount = base, to the cent. */
export const IntegrationInvoiceLineSchema = z.object({
  /** The product's reference, one of the order's lines. */
  reference: ReferenceSchema,
  quantity: z.int().check(z.gte(1, 'Al menos 1 unidad.'), z.lte(1_000_000)),
  unit_price: DocumentEurosSchema,
  /** The line's share of the discounts (0 when none). */
  discount: z.optional(DocumentEurosSchema),
  /** The line's taxable base. */
  base: DocumentEurosSchema,
  vat_rate: VatRateSchema,
});

/**
 * `PUT /api/v1/integration/invoices`: an invoice or refund, by its `series` and `number`. Its
 * amounts must add up (each line, the base, VAT and — for a pharmacy in that regime — recargo of
 * each rate, rounded half up to the cent, the discounts and the total), or 422 names each
 * difference in euros under its field. The same document sent again changes nothing; other
 * amounts under an issued number are 409: an issued invoice is corrected by a refund.
 */
export const IntegrationInvoiceRequestSchema = z
  .object({
    kind: z.enum(['invoice', 'refund']),
    series: SeriesSchema,
    number: NumberSchema,
    /** The order it bills (a refund: the order of the invoice it corrects). */
    order_id: IdSchema,
    issued_at: DateTimeSchema,
    /** A refund's invoice: the one it corrects. */
    corrects: z.optional(z.object({ series: SeriesSchema, number: NumberSchema })),
    /** Why a refund is issued. */
    reason: z.optional(erpText(500)),
    lines: z
      .array(IntegrationInvoiceLineSchema)
      .check(z.minLength(1, 'Una factura lleva al menos una línea.'), z.maxLength(1000)),
    /** The discount lines that share out the lines' discounts ([] when there are none). */
    discounts: z.optional(
      z.array(
        z.object({
          group_name: erpText(100),
          discount_percent: z.number().check(z.gte(0), z.lte(100)),
          amount: DocumentEurosSchema,
        }),
      ),
    ),
    /** The VAT of each rate of the lines. */
    taxes: z
      .array(z.object({ rate: VatRateSchema, base: DocumentEurosSchema, amount: DocumentEurosSchema }))
      .check(z.maxLength(3)),
    /** The recargo de equivalencia of each rate, for a pharmacy in that regime; its rate as printed. */
    surcharges: z.optional(
      z
        .array(
          z.object({
            vat_rate: VatRateSchema,
            rate: z.number().check(z.gte(0), z.lte(100)),
            base: DocumentEurosSchema,
            amount: DocumentEurosSchema,
          }),
        )
        .check(z.maxLength(3)),
    ),
    total: DocumentEurosSchema,
  })
  .check(
    z.refine((body) => body.kind === 'invoice' || body.corrects !== undefined, {
      message: 'Un abono dice qué factura corrige.',
      path: ['corrects'],
    }),
    z.refine((body) => body.kind === 'invoice' || body.reason !== undefined, {
      message: 'Un abono dice por qué se emite.',
      path: ['reason'],
    }),
    z.refine((body) => body.kind === 'refund' || (body.corrects === undefined && body.reason === undefined), {
      message: 'Solo un abono corrige otra factura.',
      path: ['corrects'],
    }),
  );
export type IntegrationInvoiceRequest = z.infer<typeof IntegrationInvoiceRequestSchema>;

/** The document as stored. */
export const IntegrationInvoiceResponseSchema = z.object({
  data: z.object({
    id: IdSchema,
    kind: z.enum(['invoice', 'refund']),
    series: z.string(),
    number: z.string(),
    order: OrderReferenceSchema,
    /** As stored: positive, a refund's too. */
    total: EurosSchema,
    /** Whose PDF the pharmacy is served: the ERP's own once uploaded, else the one Botica lays out. */
    pdf: z.enum(['erp', 'botica']),
    /** `created`; `unchanged` when the same document was sent again; `pdf_stored` for its PDF. */
    result: z.enum(['created', 'unchanged', 'pdf_stored']),
  }),
});
export type IntegrationInvoiceResponse = z.infer<typeof IntegrationInvoiceResponseSchema>;

/** The series and number of a document in a path. */
export const IntegrationInvoiceParamsSchema = z.object({ series: SeriesSchema, number: NumberSchema });
