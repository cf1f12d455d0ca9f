/** The documents module's tables: the ERP's shipments, and the invoices and refunds, with their lines. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from '../accounts/tables.ts';
import { products } from '../catalogue/tables.ts';
import { bytea, id } from '../db/columns.ts';
import { orders } from '../orders/tables.ts';

/** The status of an ERP shipment: being prepared, on its way, delivered, or held up by an incident. */
export const SHIPMENT_STATUSES = ['preparing', 'in_transit', 'delivered', 'incident'] as const;

/**
 * Shipments from the laboratory's ERP (ENVIOS): one delivery note ('albarán') each, for one order;
 * an order may leave in several (a partial shipment). Read-only for the portal: the ERP writes them.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The delivery note number, e.g. 'AL-2026-004512'. */
    deliveryNote: text('delivery_note').notNull().unique(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The carrier's tracking page for this shipment. */
    trackingUrl: text('tracking_url').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    packages: smallint('packages').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_client_shipped_idx').on(t.clientId, t.shippedAt),
    index('shipments_order_idx').on(t.orderId),
    check('shipments_status', sql`${t.status} IN ('preparing', 'in_transit', 'delivered', 'incident')`),
    check('shipments_packages', sql`${t.packages} >= 1`),
  ],
);

/** The lines of a shipment: which products of its order, and how many units. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: id(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The manufacturing lot the units come from, as the ERP sent it; null when it did not say. */
    lot: text('lot'),
    /** The lot's expiry date; null when the ERP did not say. */
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [index('shipment_lines_shipment_idx').on(t.shipmentId)],
);

/**
 * Invoices (kind 'invoice', series 'F') and refunds (kind 'refund', facturas rectificativas, series
 * 'R'), as issued: every field RD 1619/2012 asks of an invoice is stored at issue time, the
 * customer's identity included (a later change of the pharmacy's address does not rewrite an issued
 * invoice); the laboratory's comes from the settings' identity (LAB_*). An invoice bills one order and its
 * amounts are the order's; a refund corrects part of one invoice (`corrects_id`) for a `reason`, its
 * amounts positive (the PDF shows them negative). `pdf_token` is the random part of the PDF's
 * address (GET /api/v1/documents/{token}{year}.pdf), made by the database, never by the generator.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'refund'] }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'F' for invoices, 'R' for refunds: a refund's series is its own (RD 1619/2012 art. 6.1.a). */
    series: text('series').notNull(),
    /** The Madrid year of issue: numbers restart every year within a series. */
    year: smallint('year').notNull(),
    /** Consecutive within the series and year. */
    sequence: integer('sequence').notNull(),
    /** Series, year and sequence as printed, e.g. 'F2026-000123'. */
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The order an invoice bills (a refund: its invoice's). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice a refund corrects; null for an invoice. */
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    /** Why a refund was issued; null for an invoice. */
    reason: text('reason'),
    /** The customer as invoiced: { name, tax_id, address, postal_code, city, province }. */
    customer: jsonb('customer').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** As `orders.discounts`. */
    discounts: jsonb('discounts').notNull(),
    /** As `orders.taxes`. */
    taxes: jsonb('taxes').notNull(),
    recargoEquivalencia: boolean('recargo_equivalencia').notNull(),
    /** As `orders.surcharges`. */
    surcharges: jsonb('surcharges').notNull(),
    /** 32 hex characters from the database's random UUIDs (122 random bits). */
    pdfToken: text('pdf_token').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * For a document the ERP sent: the SHA-256 of what it sent, so the same document sent again is
     * recognised as unchanged and different amounts under an issued number are refused. Null for
     * the documents Botica made itself.
     */
    sourceDigest: text('source_digest'),
  },
  (t) => [
    uniqueIndex('invoices_series_year_sequence_idx').on(t.series, t.year, t.sequence),
    index('invoices_client_kind_issued_idx').on(t.clientId, t.kind, t.issuedAt),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_kind', sql`${t.kind} IN ('invoice', 'refund')`),
    check(
      'invoices_refund_corrects',
      sql`(${t.kind} = 'refund') = (${t.correctsId} IS NOT NULL AND ${t.reason} IS NOT NULL)`,
    ),
  ],
);

/** The lines of an invoice or refund, as issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** After the line's share of the discounts: the taxable base of the line. */
    netCents: integer('net_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * The ERP's own PDF of an invoice or refund, when it sends one: the pharmacy is then served these
 * bytes instead of the PDF Botica lays out. One per document; a new upload replaces it.
 */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('invoice_files_size', sql`${t.size} = octet_length(${t.content})`)],
);
