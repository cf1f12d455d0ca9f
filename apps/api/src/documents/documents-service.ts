/**
 * The documents of a pharmacy's account, read from the database: the ERP's shipments, the invoices
 * and refunds (with their PDF addresses), and an order's detail with its timeline (the order itself
 * from the orders module's service). Every query is bounded by the client's id, so a document of
 * another client is never read, let alone answered.
 *
 * A document names its order by number: the lists read it from the orders module's table, joined in
 * the same statement.
 */
import { documents, fillPath } from '@botica/api-client/endpoints';
import type {
  ErpShipment,
  Invoice,
  OrderDetail,
  OrderReference,
  Refund,
  TimelineEvent,
} from '@botica/api-client/schemas';
import { centsToEuros, type VatRate } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { orderStatusEvents } from '../orders/admin-orders-service.ts';
import { clientOrder } from '../orders/orders-service.ts';
import {
  type StoredDiscount,
  type StoredSurcharge,
  type StoredTax,
  storedAmountsInEuros,
} from '../orders/stored-amounts.ts';
import { erpPdfOf } from './erp-documents-service.ts';
import { type InvoicedCustomer, pdfFileName, renderInvoicePdf } from './invoice-pdf.ts';

/** A page of a list and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The PDF's file name: the token, then the year of issue (`{token}{year}.pdf`). */
export const PDF_FILE = /^([0-9a-f]{32})(\d{4})\.pdf$/;

/** The address of a document's PDF (`documents.pdf` under the public URL). */
export function pdfUrl(publicUrl: string, token: string, year: number): string {
  return `${publicUrl}/${fillPath(documents.pdf.path, { file: `${token}${year}.pdf` })}`;
}

interface ShipmentRow {
  id: number;
  delivery_note: string;
  shipped_at: Date | string;
  delivered_at: Date | string | null;
  carrier: string;
  tracking_number: string;
  tracking_url: string;
  status: ErpShipment['status'];
  packages: number;
  order_id: number;
  order_number: string;
  lines: ErpShipment['lines'] | string;
}

const shipmentColumns = sql`s.id, s.delivery_note, s.shipped_at, s.delivered_at, s.carrier, s.tracking_number,
  s.tracking_url, s.status, s.packages, s.order_id, o.number as order_number,
  (select coalesce(jsonb_agg(jsonb_build_object('product_id', l.product_id, 'reference', l.reference,
      'name', l.name, 'quantity', l.quantity, 'lot', l.lot, 'expires_on', l.expires_on::text)
      order by l.position), '[]'::jsonb)
    from shipment_lines l where l.shipment_id = s.id) as lines`;

function shipmentBody(row: ShipmentRow): ErpShipment {
  return {
    id: row.id,
    delivery_note: row.delivery_note,
    shipped_at: iso(row.shipped_at),
    delivered_at: row.delivered_at === null ? null : iso(row.delivered_at),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    status: row.status,
    packages: row.packages,
    order: { id: row.order_id, number: row.order_number },
    lines: parseJson(row.lines),
  };
}

async function countOf(context: CoreContext, query: SQL): Promise<number> {
  const [row] = await selectRows<{ total: number | string }>(context.db, query);
  return Number(row?.total ?? 0);
}

/** `GET /api/v1/clients/{clientId}/erp_shipments`: newest first. */
export async function listShipments(
  context: CoreContext,
  { clientId, page, perPage }: { clientId: number; page: number; perPage: number },
): Promise<Page<ErpShipment>> {
  const total = await countOf(
    context,
    sql`select count(*) as total from shipments where client_id = ${clientId}`,
  );
  const rows = await selectRows<ShipmentRow>(
    context.db,
    sql`select ${shipmentColumns} from shipments s join orders o on o.id = s.order_id
        where s.client_id = ${clientId}
        order by s.shipped_at desc, s.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { items: rows.map(shipmentBody), total };
}

interface StoredLine {
  product_id: number;
  reference: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  net_cents: number;
  vat_rate: number;
}

/** An invoice or refund as stored, its lines and the invoice a refund corrects included. */
export interface DocumentRow {
  id: number;
  kind: 'invoice' | 'refund';
  client_id: number;
  series: string;
  year: number;
  number: string;
  issued_at: Date | string;
  order_id: number;
  order_number: string;
  reason: string | null;
  corrects_id: number | null;
  corrects_number: string | null;
  corrects_issued_at: Date | string | null;
  customer: InvoicedCustomer | string;
  price_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  discounts: StoredDiscount[] | string;
  taxes: StoredTax[] | string;
  recargo_equivalencia: boolean;
  surcharges: StoredSurcharge[] | string;
  pdf_token: string;
  lines: StoredLine[] | string;
}

const documentColumns = sql`d.id, d.kind, d.client_id, d.series, d.year, d.number, d.issued_at, d.order_id,
  o.number as order_number, d.reason, d.corrects_id, c.number as corrects_number,
  c.issued_at as corrects_issued_at, d.customer, d.price_cents, d.discount_cents, d.tax_cents,
  d.total_cents, d.discounts, d.taxes, d.recargo_equivalencia, d.surcharges, d.pdf_token,
  (select coalesce(jsonb_agg(jsonb_build_object('product_id', l.product_id, 'reference', l.reference,
      'name', l.name, 'quantity', l.quantity, 'unit_price_cents', l.unit_price_cents,
      'price_cents', l.price_cents, 'net_cents', l.net_cents, 'vat_rate', l.vat_rate)
      order by l.position), '[]'::jsonb)
    from invoice_lines l where l.invoice_id = d.id) as lines`;

const documentJoins = sql`from invoices d join orders o on o.id = d.order_id
  left join invoices c on c.id = d.corrects_id`;

/** A stored document's amounts and lines in cents (what the PDF prints). */
export interface DocumentAmounts {
  lines: StoredLine[];
  discounts: StoredDiscount[];
  taxes: StoredTax[];
  surcharges: StoredSurcharge[];
  customer: InvoicedCustomer;
}

/** The parsed jsonb parts of a document row. */
export function documentAmounts(row: DocumentRow): DocumentAmounts {
  return {
    lines: parseJson(row.lines),
    discounts: parseJson(row.discounts),
    taxes: parseJson(row.taxes),
    surcharges: parseJson(row.surcharges),
    customer: parseJson(row.customer),
  };
}

function invoiceBody(row: DocumentRow, publicUrl: string): Invoice {
  const amounts = documentAmounts(row);
  return {
    id: row.id,
    number: row.number,
    series: row.series,
    issued_at: iso(row.issued_at),
    order: { id: row.order_id, number: row.order_number },
    lines: amounts.lines.map((line) => ({
      product_id: line.product_id,
      reference: line.reference,
      name: line.name,
      quantity: line.quantity,
      unit_price: centsToEuros(line.unit_price_cents),
      price: centsToEuros(line.price_cents),
      price_include_discount: centsToEuros(line.net_cents),
      vat_rate: line.vat_rate as VatRate,
    })),
    price: centsToEuros(row.price_cents),
    ...storedAmountsInEuros(amounts),
    price_discount_line: centsToEuros(row.discount_cents),
    recargo_equivalencia: row.recargo_equivalencia,
    price_tax: centsToEuros(row.tax_cents),
    total_price: centsToEuros(row.total_cents),
    pdf_url: pdfUrl(publicUrl, row.pdf_token, row.year),
  };
}

function refundBody(row: DocumentRow, publicUrl: string): Refund {
  return {
    ...invoiceBody(row, publicUrl),
    corrects: {
      id: row.corrects_id ?? 0,
      number: row.corrects_number ?? '',
      issued_at: iso(row.corrects_issued_at ?? row.issued_at),
    },
    reason: row.reason ?? '',
  };
}

/**
 * What the invoices' and refunds' lists may be narrowed to: Madrid days `from` and `to` (included)
 * and a part of the number (ignoring case and spaces).
 */
export interface DocumentsFilter {
  from?: string | undefined;
  to?: string | undefined;
  number?: string | undefined;
}

async function listDocuments(
  context: CoreContext,
  kind: DocumentRow['kind'],
  { clientId, page, perPage, filter = {} }: DocumentsQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const conditions: SQL[] = [sql`d.client_id = ${clientId}`, sql`d.kind = ${kind}`];
  // A Madrid day, whatever the server's zone: the instant's date on Madrid's wall clock.
  const madridDay = sql`(d.issued_at at time zone 'Europe/Madrid')::date`;
  if (filter.from) conditions.push(sql`${madridDay} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${madridDay} <= ${filter.to}::date`);
  const number = filter.number?.replace(/\s+/g, '').toUpperCase();
  // strpos, not LIKE: what is typed is matched as it is, '%' and '_' included.
  if (number) conditions.push(sql`strpos(upper(d.number), ${number}) > 0`);
  const where = sql.join(conditions, sql` and `);
  const total = await countOf(context, sql`select count(*) as total from invoices d where ${where}`);
  const rows = await selectRows<DocumentRow>(
    context.db,
    sql`select ${documentColumns} ${documentJoins}
        where ${where}
        order by d.issued_at desc, d.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { rows, total };
}

/** A page of a client's invoices or refunds, filtered. */
export interface DocumentsQuery {
  clientId: number;
  page: number;
  perPage: number;
  filter?: DocumentsFilter;
}

/** `GET /api/v1/clients/{clientId}/invoices`: newest first, filtered. */
export async function listInvoices(context: CoreContext, query: DocumentsQuery): Promise<Page<Invoice>> {
  const { rows, total } = await listDocuments(context, 'invoice', query);
  return { items: rows.map((row) => invoiceBody(row, context.settings.publicUrl)), total };
}

/** `GET /api/v1/driver/customers/clients/{clientId}/refunds`: newest first, filtered. */
export async function listRefunds(context: CoreContext, query: DocumentsQuery): Promise<Page<Refund>> {
  const { rows, total } = await listDocuments(context, 'refund', query);
  return { items: rows.map((row) => refundBody(row, context.settings.publicUrl)), total };
}

/**
 * The document whose PDF token this is, if it belongs to `clientId` and was issued in `year`:
 * otherwise null, whichever part did not match (the answer never tells whether it exists).
 */
async function findDocumentForPdf(
  context: CoreContext,
  { clientId, token, year }: { clientId: number; token: string; year: number },
): Promise<DocumentRow | null> {
  const [row] = await selectRows<DocumentRow>(
    context.db,
    sql`select ${documentColumns} ${documentJoins}
        where d.pdf_token = ${token} and d.year = ${year} and d.client_id = ${clientId}`,
  );
  return row ?? null;
}

/**
 * `GET /api/v1/documents/{token}{year}.pdf`: the PDF of the client's invoice or refund of that file
 * name, laid out now, and the name it is offered under; null when the name is not a document's or the
 * document is not the client's (the answer never tells which).
 */
export async function documentPdf(
  context: CoreContext,
  { clientId, file }: { clientId: number; file: string },
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const match = PDF_FILE.exec(file);
  if (!match) return null;
  const row = await findDocumentForPdf(context, {
    clientId,
    token: match[1] as string,
    year: Number(match[2]),
  });
  if (!row) return null;
  return renderDocumentPdf(context, row);
}

/** A document's PDF (the ERP's own when it sent one, else laid out now) and the name it is offered under. */
async function renderDocumentPdf(
  context: CoreContext,
  row: DocumentRow,
): Promise<{ pdf: Buffer; fileName: string }> {
  const own = await erpPdfOf(context, row.id);
  if (own) return { pdf: own, fileName: pdfFileName(row.kind, row.number) };
  const amounts = documentAmounts(row);
  const pdf = await renderInvoicePdf(
    {
      kind: row.kind,
      number: row.number,
      issuedAt: new Date(row.issued_at),
      orderNumber: row.order_number,
      corrects:
        row.corrects_number && row.corrects_issued_at
          ? { number: row.corrects_number, issuedAt: new Date(row.corrects_issued_at) }
          : undefined,
      reason: row.reason ?? undefined,
      customer: amounts.customer,
      lines: amounts.lines,
      priceCents: row.price_cents,
      discountCents: row.discount_cents,
      taxCents: row.tax_cents,
      totalCents: row.total_cents,
      discounts: amounts.discounts,
      taxes: amounts.taxes,
      recargoEquivalencia: row.recargo_equivalencia,
      surcharges: amounts.surcharges,
    },
    context.settings.identity,
  );
  return { pdf, fileName: pdfFileName(row.kind, row.number) };
}

/**
 * The PDF of the invoice or refund `id` (the same document the pharmacy downloads) and its pharmacy,
 * for the back office, which checks the pharmacy against the staff member's scope before answering;
 * null for an unknown id.
 */
export async function documentPdfById(
  context: CoreContext,
  id: number,
): Promise<{ clientId: number; pdf: () => Promise<{ pdf: Buffer; fileName: string }> } | null> {
  const [row] = await selectRows<DocumentRow>(
    context.db,
    sql`select ${documentColumns} ${documentJoins} where d.id = ${id}`,
  );
  if (!row) return null;
  return { clientId: row.client_id, pdf: () => renderDocumentPdf(context, row) };
}

/**
 * `GET /api/v1/clients/{clientId}/orders/{orderId}`: the order, its shipments, invoices and refunds
 * (the last two only when `withInvoices`), and its timeline, oldest first, with the laboratory's
 * changes of its status. Null when the client has
 * no such order.
 */
export async function orderDetail(
  context: CoreContext,
  { clientId, orderId, withInvoices }: { clientId: number; orderId: number; withInvoices: boolean },
): Promise<OrderDetail | null> {
  const order = await clientOrder(context, { clientId, orderId });
  if (!order) return null;
  const shipmentRows = await selectRows<ShipmentRow>(
    context.db,
    sql`select ${shipmentColumns} from shipments s join orders o on o.id = s.order_id
        where s.order_id = ${orderId} and s.client_id = ${clientId} order by s.shipped_at, s.id`,
  );
  const documentRows = withInvoices
    ? await selectRows<DocumentRow>(
        context.db,
        sql`select ${documentColumns} ${documentJoins}
            where d.order_id = ${orderId} and d.client_id = ${clientId} order by d.issued_at, d.id`,
      )
    : [];
  const publicUrl = context.settings.publicUrl;
  const shipmentList = shipmentRows.map(shipmentBody);
  const invoiceList = documentRows
    .filter((doc) => doc.kind === 'invoice')
    .map((doc) => invoiceBody(doc, publicUrl));
  const refundList = documentRows
    .filter((doc) => doc.kind === 'refund')
    .map((doc) => refundBody(doc, publicUrl));
  const reference: OrderReference = { id: order.id, number: order.number };
  const timeline: TimelineEvent[] = [
    { kind: 'order', at: order.created_at, number: reference.number, document_id: reference.id },
  ];
  for (const shipment of shipmentList) {
    timeline.push({
      kind: 'shipment',
      at: shipment.shipped_at,
      number: shipment.delivery_note,
      document_id: shipment.id,
      tracking_url: shipment.tracking_url,
    });
    if (shipment.delivered_at) {
      timeline.push({
        kind: 'delivery',
        at: shipment.delivered_at,
        number: shipment.delivery_note,
        document_id: shipment.id,
      });
    }
  }
  for (const invoice of invoiceList) {
    timeline.push({
      kind: 'invoice',
      at: invoice.issued_at,
      number: invoice.number,
      document_id: invoice.id,
      pdf_url: invoice.pdf_url,
    });
  }
  for (const refund of refundList) {
    timeline.push({
      kind: 'refund',
      at: refund.issued_at,
      number: refund.number,
      document_id: refund.id,
      pdf_url: refund.pdf_url,
    });
  }
  // The laboratory's status changes, read with the rest, so a change shows at once.
  for (const event of await orderStatusEvents(context, orderId)) {
    timeline.push({
      kind: 'status',
      at: event.at,
      number: reference.number,
      document_id: reference.id,
      status: event.status,
      ...(event.reason === null ? {} : { reason: event.reason }),
    });
  }
  const order_ = ['order', 'status', 'shipment', 'delivery', 'invoice', 'refund'];
  timeline.sort((a, b) => a.at.localeCompare(b.at) || order_.indexOf(a.kind) - order_.indexOf(b.kind));
  return { ...order, shipments: shipmentList, invoices: invoiceList, refunds: refundList, timeline };
}
