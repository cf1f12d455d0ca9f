/**
 * The e-mails of the ERP's documents, laid out by the one template and written into the outbox in the
 * transaction that stores the document: an order's first shipment (the carrier and the tracking link)
 * and an issued invoice or refund (where to find it). Every amount through `formatEuros`.
 */
import {
  closeSentence,
  formatCount,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPhone,
} from '@botica/domain';
import type { OutgoingMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import type { Settings } from '../settings/settings.ts';

/** The pharmacy a message goes to. */
interface Recipient {
  name: string;
  email: string;
}

/** Everything the shipment's message says. */
export interface ShipmentMailInput {
  pharmacy: Recipient;
  orderNumber: string;
  deliveryNote: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: Date;
  packages: number;
  lines: readonly {
    reference: string;
    name: string;
    quantity: number;
    lot: string | null;
    expiresOn: string | null;
  }[];
  portalOrigin: string;
  laboratory: Settings['laboratory'];
}

/** The lot and expiry of a line as the table prints them ('—' when the ERP sent none). */
function lotText(line: ShipmentMailInput['lines'][number]): string {
  if (line.lot === null) return '—';
  return line.expiresOn === null ? line.lot : `${line.lot} (cad. ${formatDate(line.expiresOn)})`;
}

/** A line in the plain text: 'Equinácea Forte, ref. BT-10550: 2 uds., lote L2611A, caduca el 31/10/2028'. */
function lineText(line: ShipmentMailInput['lines'][number]): string {
  const lot = [
    line.lot === null ? '' : `lote ${line.lot}`,
    line.expiresOn === null ? '' : `caduca el ${formatDate(line.expiresOn)}`,
  ].filter(Boolean);
  const units = `${formatCount(line.quantity)} ${line.quantity === 1 ? 'ud.' : 'uds.'}`;
  return `${line.name}, ref. ${line.reference}: ${[units, ...lot].join(', ')}`;
}

/** The pharmacy's notice that its order has left, with the carrier and the tracking link. */
export function shipmentMail(input: ShipmentMailInput): OutgoingMail {
  const packages = `${formatCount(input.packages)} ${input.packages === 1 ? 'bulto' : 'bultos'}`;
  return {
    kind: 'order_shipped',
    to: input.pharmacy.email,
    mail: composeMail(input.laboratory, {
      subject: `Tu pedido ${input.orderNumber} ya está en camino`,
      greeting: `Hola, ${input.pharmacy.name}:`,
      paragraphs: [
        `El pedido ${input.orderNumber} salió de nuestro almacén el ${formatDate(input.shippedAt)} con ${input.carrier} (${packages}, albarán ${input.deliveryNote}).`,
        `Puedes seguirlo en la página del transportista con el número ${input.trackingNumber}.`,
      ],
      action: { label: 'Seguir el envío', url: input.trackingUrl },
      table: {
        caption: 'Productos enviados',
        columns: [{ title: 'Producto' }, { title: 'Cantidad', align: 'right' }, { title: 'Lote' }],
        rows: input.lines.map((line) => ({
          cells: [`${line.name} · Ref. ${line.reference}`, formatCount(line.quantity), lotText(line)],
          text: lineText(line),
        })),
      },
      details: [
        ['Pedido', input.orderNumber],
        ['Albarán', input.deliveryNote],
        ['Transportista', input.carrier],
        ['Número de seguimiento', input.trackingNumber],
        ['Seguimiento', input.trackingUrl],
        ['Fecha de salida', formatDateTime(input.shippedAt)],
      ],
      detailsCaption: 'Datos del envío',
      closing: [
        `Tienes tus envíos en ${input.portalOrigin}/account/erp-shipments. Si falta algo al recibirlo, escríbenos a ${input.laboratory.salesEmail} o llámanos al ${formatPhone(input.laboratory.phone)} indicando el albarán.`,
      ],
    }),
  };
}

/** Everything the invoice's message says. */
export interface InvoiceMailInput {
  pharmacy: Recipient;
  kind: 'invoice' | 'refund';
  number: string;
  issuedAt: Date;
  orderNumber: string;
  totalCents: number;
  /** A refund's invoice and reason. */
  corrects?: { number: string; reason: string } | undefined;
  portalOrigin: string;
  laboratory: Settings['laboratory'];
}

/** The pharmacy's notice of an issued invoice or refund, and where to find it. */
export function invoiceMail(input: InvoiceMailInput): OutgoingMail {
  const refund = input.kind === 'refund';
  const what = refund ? `la factura rectificativa ${input.number}` : `la factura ${input.number}`;
  const corrects = input.corrects
    ? ` Corrige la factura ${input.corrects.number}: ${closeSentence(input.corrects.reason)}`
    : '';
  return {
    kind: refund ? 'refund_issued' : 'invoice_issued',
    to: input.pharmacy.email,
    mail: composeMail(input.laboratory, {
      subject: refund ? `Nueva factura rectificativa ${input.number}` : `Nueva factura ${input.number}`,
      greeting: `Hola, ${input.pharmacy.name}:`,
      paragraphs: [
        `Ya tienes en MIS FACTURAS ${what}, del pedido ${input.orderNumber}, emitida el ${formatDate(input.issuedAt)} por ${formatEuros(refund ? -input.totalCents : input.totalCents)}.${corrects}`,
      ],
      action: { label: 'Ver mis facturas', url: `${input.portalOrigin}/account/invoices` },
      details: [
        [refund ? 'Factura rectificativa' : 'Factura', input.number],
        ['Pedido', input.orderNumber],
        ['Fecha de emisión', formatDate(input.issuedAt)],
        ['Total', formatEuros(refund ? -input.totalCents : input.totalCents)],
      ],
      detailsCaption: refund ? 'Datos de la factura rectificativa' : 'Datos de la factura',
      closing: [
        `Si algún dato no es correcto, escríbenos a ${input.laboratory.salesEmail} o llámanos al ${formatPhone(input.laboratory.phone)} indicando el número de factura.`,
      ],
    }),
  };
}
