/**
 * The documents behind the demo's past orders: the ERP's shipments (one delivery note an order, two
 * for some delivered orders, sent partially), one invoice per shipped order whose amounts are
 * exactly the order's, and refunds (facturas rectificativas) correcting part of some delivered
 * orders' invoices, priced with @botica/domain's `cartTotals` as the order was (same unit prices,
 * same group discount, same VAT regime). Invoices, refunds and delivery notes are numbered
 * consecutively per series and Madrid year in order of issue, across every pharmacy, as the
 * laboratory's own numbering would be. Deterministic: no clock, no `Math.random`; the PDF tokens are
 * the database's (a column default), never the generator's.
 */
import { type CartLine, cartTotals, centsToEuros, madridMonth, type VatRate } from '@botica/domain';
import type { invoiceLines, invoices, shipmentLines, shipments } from '../db/schema.ts';
import { storedAmountsOf } from '../orders/stored-amounts.ts';
import type { OrderLineRow, OrderRow, StoredDiscount, StoredSurcharge, StoredTax } from './orders.ts';
import type { ClientRow } from './pharmacies.ts';
import type { Random } from './random.ts';

export type ShipmentRow = typeof shipments.$inferInsert & { id: number; shippedAt: Date };
export type ShipmentLineRow = typeof shipmentLines.$inferInsert & { id: number };
export type InvoiceRow = Omit<typeof invoices.$inferInsert, 'pdfToken'> & {
  id: number;
  issuedAt: Date;
  discounts: StoredDiscount[];
  taxes: StoredTax[];
  surcharges: StoredSurcharge[];
};
export type InvoiceLineRow = typeof invoiceLines.$inferInsert & { id: number };

/** The carriers the laboratory ships with, and the form of their tracking addresses (demo: `.example`). */
export const CARRIERS = [
  { name: 'SEUR', slug: 'seur', prefix: 'SE' },
  { name: 'MRW', slug: 'mrw', prefix: 'MR' },
  { name: 'GLS', slug: 'gls', prefix: 'GL' },
  { name: 'Correos Express', slug: 'correos-express', prefix: 'CX' },
] as const;

/** Why the demo's refunds were issued. */
export const REFUND_REASONS = [
  'Producto dañado en el transporte.',
  'Error en la preparación del pedido: unidades no solicitadas.',
  'Devolución por fecha de caducidad próxima.',
  'Unidades facturadas y no recibidas.',
  'Devolución acordada con el delegado comercial.',
] as const;

export interface DocumentsOptions {
  now: Date;
  random: Random;
  orders: readonly OrderRow[];
  orderLines: readonly OrderLineRow[];
  clients: readonly ClientRow[];
}

export interface Documents {
  shipments: ShipmentRow[];
  shipmentLines: ShipmentLineRow[];
  invoices: InvoiceRow[];
  invoiceLines: InvoiceLineRow[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function yearOf(date: Date): number {
  return Number(madridMonth(date).key.slice(0, 4));
}

/** A working-hours instant `days` after `from` (never after `now`, never before `from`). */
function later(random: Random, from: Date, days: number, now: Date): Date {
  const day = new Date(from.getTime() + days * DAY_MS);
  day.setUTCHours(random.int(7, 16), random.int(0, 59), random.int(0, 59), 0);
  const time = Math.min(Math.max(day.getTime(), from.getTime() + HOUR_MS), now.getTime() - HOUR_MS);
  return new Date(Math.max(time, from.getTime()));
}

/** Generates the shipments, invoices and refunds of the orders, ids and numbers in order of issue. */
export function generateDocuments(options: DocumentsOptions): Documents {
  const { now, random, orders } = options;
  const clients = new Map(options.clients.map((client) => [client.id, client]));
  const linesOf = new Map<number, OrderLineRow[]>();
  for (const line of options.orderLines) {
    const list = linesOf.get(line.orderId) ?? [];
    list.push(line);
    linesOf.set(line.orderId, list);
  }

  interface ShipmentDraft {
    order: OrderRow;
    shippedAt: Date;
    deliveredAt: Date | null;
    status: ShipmentRow['status'];
    lines: { line: OrderLineRow; quantity: number }[];
  }
  interface DocumentDraft {
    kind: 'invoice' | 'refund';
    order: OrderRow;
    issuedAt: Date;
    corrects?: DocumentDraft;
    reason?: string;
    lines: { line: OrderLineRow; quantity: number; priceCents: number; netCents: number }[];
    priceCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
    discounts: StoredDiscount[];
    taxes: StoredTax[];
    surcharges: StoredSurcharge[];
    id?: number;
  }
  const shipmentDrafts: ShipmentDraft[] = [];
  const documentDrafts: DocumentDraft[] = [];

  for (const order of orders) {
    if (order.status !== 'shipped' && order.status !== 'delivered') continue;
    const lines = linesOf.get(order.id) ?? [];
    const shippedAt = later(random, order.createdAt, random.int(1, 2), now);
    const split = order.status === 'delivered' && lines.length >= 3 && random.chance(0.15);
    const parts = split
      ? [lines.slice(0, Math.ceil(lines.length / 2)), lines.slice(Math.ceil(lines.length / 2))]
      : [lines];
    let sentAt = shippedAt;
    parts.forEach((part, index) => {
      if (index > 0) sentAt = later(random, sentAt, random.int(2, 4), now);
      const delivered = order.status === 'delivered';
      const deliveredAt = delivered ? later(random, sentAt, random.int(1, 2), now) : null;
      const status: ShipmentRow['status'] = delivered
        ? 'delivered'
        : random.chance(0.08)
          ? 'incident'
          : 'in_transit';
      shipmentDrafts.push({
        order,
        shippedAt: sentAt,
        deliveredAt,
        status,
        lines: part.map((line) => ({ line, quantity: line.quantity })),
      });
    });

    const invoice: DocumentDraft = {
      kind: 'invoice',
      order,
      issuedAt: shippedAt,
      lines: lines.map((line) => ({
        line,
        quantity: line.quantity,
        priceCents: line.priceCents,
        netCents: line.netCents,
      })),
      priceCents: order.priceCents,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      discounts: order.discounts,
      taxes: order.taxes,
      surcharges: order.surcharges,
    };
    documentDrafts.push(invoice);

    const age = now.getTime() - shippedAt.getTime();
    if (order.status === 'delivered' && age > 12 * DAY_MS && random.chance(0.14)) {
      documentDrafts.push(refundOf(invoice));
    }
  }

  /** A refund of one or two lines of an invoice, part of their units, priced as the order was. */
  function refundOf(invoice: DocumentDraft): DocumentDraft {
    const count = invoice.lines.length;
    const first = random.int(0, count - 1);
    const indexes =
      random.chance(0.3) && count > 1 ? [first, (first + random.int(1, count - 1)) % count] : [first];
    const returned = indexes
      .sort((a, b) => a - b)
      .map((index) => (invoice.lines[index] as DocumentDraft['lines'][number]).line)
      .map((line) => ({ line, quantity: random.int(1, Math.max(1, Math.min(line.quantity, 3))) }));
    const cartLines: CartLine[] = returned.map(({ line, quantity }) => ({
      product: {
        price: centsToEuros(line.unitPriceCents),
        final_price: centsToEuros(line.unitPriceCents),
        vat_rate: line.vatRate as VatRate,
      },
      quantity,
    }));
    const totals = cartTotals(
      cartLines,
      invoice.discounts.map((discount) => ({
        group_name: discount.group_name,
        discount_percent: discount.discount_percent,
      })),
      { equivalenceSurcharge: invoice.order.recargoEquivalencia },
    );
    const issuedAt = later(random, invoice.issuedAt, random.int(4, 10), now);
    return {
      kind: 'refund',
      order: invoice.order,
      issuedAt,
      corrects: invoice,
      reason: random.pick(REFUND_REASONS),
      lines: returned.map(({ line, quantity }, index) => ({
        line,
        quantity,
        priceCents: totals.lines[index]?.priceCents ?? 0,
        netCents: totals.lines[index]?.netCents ?? 0,
      })),
      priceCents: totals.priceCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      ...storedAmountsOf(totals),
    };
  }

  const byTime =
    <T extends { order: OrderRow }>(at: (item: T) => Date) =>
    (a: T, b: T) =>
      at(a).getTime() - at(b).getTime() || a.order.id - b.order.id;

  const result: Documents = { shipments: [], shipmentLines: [], invoices: [], invoiceLines: [] };
  const sequences = new Map<string, number>();
  const next = (series: string, year: number) => {
    const key = `${series}${year}`;
    const value = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, value);
    return value;
  };

  shipmentDrafts.sort(byTime((draft) => draft.shippedAt));
  shipmentDrafts.forEach((draft, index) => {
    const id = index + 1;
    const year = yearOf(draft.shippedAt);
    const carrier = CARRIERS[draft.order.clientId % CARRIERS.length] ?? CARRIERS[0];
    const trackingNumber = `${carrier.prefix}${String(random.int(10_000_000, 99_999_999))}${String(id).padStart(4, '0')}`;
    result.shipments.push({
      id,
      clientId: draft.order.clientId,
      orderId: draft.order.id,
      deliveryNote: `AL-${year}-${String(next('AL', year)).padStart(6, '0')}`,
      carrier: carrier.name,
      trackingNumber,
      trackingUrl: `https://seguimiento.${carrier.slug}.example/envios/${trackingNumber}`,
      status: draft.status,
      packages: Math.max(
        1,
        Math.min(6, Math.ceil(draft.lines.reduce((sum, item) => sum + item.quantity, 0) / 12)),
      ),
      shippedAt: draft.shippedAt,
      deliveredAt: draft.deliveredAt,
    });
    const shipped = new Date(draft.shippedAt);
    draft.lines.forEach(({ line, quantity }, position) => {
      result.shipmentLines.push({
        id: result.shipmentLines.length + 1,
        shipmentId: id,
        productId: line.productId,
        position,
        reference: line.reference,
        name: line.name,
        quantity,
        ...demoLot(line.productId, shipped),
      });
    });
  });

  documentDrafts.sort(byTime((draft) => draft.issuedAt));
  documentDrafts.forEach((draft, index) => {
    draft.id = index + 1;
  });
  for (const draft of documentDrafts) {
    const id = draft.id as number;
    const year = yearOf(draft.issuedAt);
    const series = draft.kind === 'invoice' ? 'F' : 'R';
    const sequence = next(series, year);
    const client = clients.get(draft.order.clientId);
    if (!client) throw new Error(`order ${draft.order.id} has no client`);
    result.invoices.push({
      id,
      kind: draft.kind,
      clientId: draft.order.clientId,
      series,
      year,
      sequence,
      number: `${series}${year}-${String(sequence).padStart(6, '0')}`,
      issuedAt: draft.issuedAt,
      orderId: draft.order.id,
      correctsId: draft.corrects?.id ?? null,
      reason: draft.reason ?? null,
      customer: {
        name: client.name,
        tax_id: client.taxId,
        address: client.address,
        postal_code: client.postalCode,
        city: client.city,
        province: client.province,
      },
      priceCents: draft.priceCents,
      discountCents: draft.discountCents,
      taxCents: draft.taxCents,
      totalCents: draft.totalCents,
      discounts: draft.discounts,
      taxes: draft.taxes,
      recargoEquivalencia: draft.order.recargoEquivalencia,
      surcharges: draft.surcharges,
    });
    draft.lines.forEach(({ line, quantity, priceCents, netCents }, position) => {
      result.invoiceLines.push({
        id: result.invoiceLines.length + 1,
        invoiceId: id,
        productId: line.productId,
        position,
        reference: line.reference,
        name: line.name,
        quantity,
        unitPriceCents: line.unitPriceCents,
        priceCents,
        netCents,
        vatRate: line.vatRate,
      });
    });
  }
  return result;
}

/**
 * A shipped line's lot and expiry date, as an ERP sends them: the lot made the month before shipping
 * (`L` + year, month and product), expiring at the end of the month two years after it was made. Taken
 * from the line itself, not drawn: the rest of the demo data stays as it was.
 */
function demoLot(productId: number, shipped: Date): { lot: string; expiresOn: string } {
  const made = new Date(Date.UTC(shipped.getUTCFullYear(), shipped.getUTCMonth() - 1, 1));
  const year = made.getUTCFullYear();
  const month = made.getUTCMonth();
  const expires = new Date(Date.UTC(year + 2, month + 1, 0));
  return {
    lot: `L${String(year % 100).padStart(2, '0')}${String(month + 1).padStart(2, '0')}${String(productId).padStart(4, '0')}`,
    expiresOn: expires.toISOString().slice(0, 10),
  };
}
