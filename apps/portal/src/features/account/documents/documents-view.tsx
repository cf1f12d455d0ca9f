/**
 * What the account's document pages (PEDIDOS WEB, ENVIOS, MIS FACTURAS) share: the Spanish names of
 * statuses and timeline events, the amounts block (lines, discount, VAT and recargo by rate, total),
 * the timeline of an order and the query of a list's page.
 */
import type { Invoice, Order, OrderDetail, ShipmentStatus, TimelineEvent } from '@botica/api-client/schemas';
import { eurosToCents, formatDate, formatDateTime, formatEuros, formatPercent } from '@botica/domain';
import { type BadgeTone, Link } from '@botica/ui';
import type { ReactNode } from 'react';
import './documents.css';

/** An order's status as the pharmacist reads it. */
export const ORDER_STATUS: Record<Order['status'], { label: string; tone: BadgeTone }> = {
  received: { label: 'Recibido', tone: 'info' },
  processing: { label: 'En preparación', tone: 'warning' },
  shipped: { label: 'Enviado', tone: 'primary' },
  delivered: { label: 'Entregado', tone: 'success' },
  cancelled: { label: 'Cancelado', tone: 'neutral' },
};

/** A shipment's status as the pharmacist reads it. */
export const SHIPMENT_STATUS: Record<ShipmentStatus, { label: string; tone: BadgeTone }> = {
  preparing: { label: 'En preparación', tone: 'warning' },
  in_transit: { label: 'En tránsito', tone: 'primary' },
  delivered: { label: 'Entregado', tone: 'success' },
  incident: { label: 'Incidencia', tone: 'danger' },
};

/** A page number from a query string: 1 unless a whole number from 1 on. */
export function pageParam(params: URLSearchParams, name = 'page'): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** 'N unidades' / '1 unidad'. */
export function units(count: number): string {
  return `${count} ${count === 1 ? 'unidad' : 'unidades'}`;
}

/**
 * How many products and units a document holds, in words: '3 productos y 25 unidades' ('3, 25
 * unidades' read as a decimal number).
 */
export function productsAndUnits(lines: readonly { quantity: number }[]): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${lines.length} ${lines.length === 1 ? 'producto' : 'productos'} y ${units(count)}`;
}

/** A document's number ('PW-2026-000198'), never broken at its hyphens. */
export function DocumentNumber({ children }: { children: string }) {
  return <span className="documents__number">{children}</span>;
}

/** Where the PDF of an invoice or refund is downloaded from, with its number in the link's text. */
export function PdfLink({ href, number }: { href: string; number: string }) {
  return (
    <Link href={href} download variant="standalone" aria-label={`Descargar PDF de ${number}`}>
      Descargar PDF
    </Link>
  );
}

/** The amounts of an order or invoice: lines, discounts, VAT and recargo by rate, total. */
export function AmountsSummary({
  document,
  negative = false,
}: {
  document: Pick<
    Invoice,
    | 'price'
    | 'discounts'
    | 'price_discount_line'
    | 'taxes'
    | 'surcharges'
    | 'recargo_equivalencia'
    | 'total_price'
  >;
  negative?: boolean;
}) {
  const money = (euros: number) =>
    formatEuros(negative && euros !== 0 ? -eurosToCents(euros) : eurosToCents(euros));
  const base = eurosToCents(document.price) - eurosToCents(document.price_discount_line);
  return (
    <dl className="documents__amounts">
      <div>
        <dt>Suma de productos</dt>
        <dd>{money(document.price)}</dd>
      </div>
      {document.discounts.map((discount) => (
        <div key={discount.group_name}>
          <dt>
            Descuento {discount.group_name} ({formatPercent(discount.discount_percent)})
          </dt>
          <dd>{formatEuros(negative ? eurosToCents(discount.amount) : -eurosToCents(discount.amount))}</dd>
        </div>
      ))}
      <div>
        <dt>Base imponible</dt>
        <dd>{formatEuros(negative ? -base : base)}</dd>
      </div>
      {document.taxes.map((tax) => (
        <div key={`vat-${tax.rate}`}>
          <dt>
            IVA {formatPercent(tax.rate)} sobre <span className="documents__amount">{money(tax.base)}</span>
          </dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      {document.surcharges.map((line) => (
        <div key={`re-${line.vat_rate}`}>
          <dt>Recargo de equivalencia {formatPercent(line.rate)}</dt>
          <dd>{money(line.amount)}</dd>
        </div>
      ))}
      <div className="documents__total">
        <dt>Total</dt>
        <dd>{money(document.total_price)}</dd>
      </div>
    </dl>
  );
}

function eventText(event: TimelineEvent): ReactNode {
  const number = <DocumentNumber>{event.number}</DocumentNumber>;
  switch (event.kind) {
    case 'order':
      return <>Pedido {number} enviado</>;
    case 'shipment':
      return <>Salida del almacén · albarán {number}</>;
    case 'delivery':
      return <>Entregado · albarán {number}</>;
    case 'invoice':
      return <>Factura {number}</>;
    case 'refund':
      return <>Factura rectificativa {number}</>;
    case 'status':
      return statusText(event);
  }
}

/** A change of the order's status by the laboratory: its new status, and a cancellation's reason. */
function statusText(event: TimelineEvent): string {
  const label = event.status ? ORDER_STATUS[event.status].label : 'Estado actualizado';
  return event.status === 'cancelled' && event.reason ? `${label}: ${event.reason}` : label;
}

/**
 * One timeline per order: the order, the laboratory's changes of its status, its shipments and
 * deliveries, its invoices and refunds, linked.
 */
export function OrderTimeline({ detail }: { detail: OrderDetail }) {
  return (
    <ol className="documents__timeline" aria-label={`Seguimiento del pedido ${detail.number}`}>
      {detail.timeline.map((event) => (
        <li
          // A status event names its order, as the order's own does: its time tells them apart.
          key={`${event.kind}-${event.document_id}-${event.at}-${event.status ?? ''}`}
          className={`documents__event documents__event--${event.kind}`}
        >
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          <span className="documents__event-text">{eventText(event)}</span>
          {event.tracking_url ? (
            <Link href={event.tracking_url} isExternal variant="inline">
              Seguimiento del envío
            </Link>
          ) : null}
          {event.pdf_url ? <PdfLink href={event.pdf_url} number={event.number} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A date as the lists show it. */
export function day(value: string): string {
  return formatDate(value);
}

/**
 * A shipped line's lot and expiry date, as the box says them (for the pharmacy's traceability), or ''
 * when the laboratory's ERP did not send them.
 * @example lotText({ lot: 'L2611A', expires_on: '2028-10-31' }) // 'Lote L2611A · Caduca el 31/10/2028'
 */
export function lotText(line: { lot?: string | null; expires_on?: string | null }): string {
  const parts = [
    line.lot ? `Lote ${line.lot}` : '',
    line.expires_on ? `Caduca el ${formatDate(`${line.expires_on}T12:00:00Z`)}` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}
