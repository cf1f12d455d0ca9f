/**
 * The e-mails of a sent order, laid out by the one template (`composeMail`) and written into the
 * outbox in the checkout's transaction: the pharmacy's confirmation (what it ordered, the amounts
 * with VAT and, in that regime, the recargo de equivalencia, where it goes and who sent it) and the
 * sales administration's notice of a new order. Every amount through `formatEuros`.
 */
import {
  type CartTotals,
  closeSentence,
  formatCount,
  formatDate,
  formatDateTime,
  formatEuros,
  formatPercent,
  formatPhone,
  formatTime,
} from '@botica/domain';
import type { OutgoingMail } from '../mail/outbox.ts';
import { composeMail, type MailContent, type MailTable } from '../mail/template.ts';
import type { Settings } from '../settings/settings.ts';

/** Everything the messages say about an order. */
export interface OrderMailInput {
  order: { number: string; createdAt: Date; notes: string | null };
  lines: readonly {
    reference: string;
    name: string;
    format: string;
    quantity: number;
    unitCents: number;
    priceCents: number;
  }[];
  totals: Pick<CartTotals, 'priceCents' | 'discounts' | 'vat' | 'surcharges' | 'totalCents'>;
  /** Whether the pharmacy is in the regime of recargo de equivalencia. */
  recargoEquivalencia: boolean;
  pharmacy: { name: string; taxId: string; email: string };
  /** The shop the order goes to (the one chosen, else the pharmacy's main premises). */
  shop: { name: string; address: string; postalCode: string; city: string; province: string; phone: string };
  /** The wholesaler of a transfer order, with the pharmacy's customer number there; none: direct. */
  transfer?: { name: string; customer_number: string | null } | null;
  /** Who sent it. */
  sender: { name: string; username: string };
  /** The portal's origin for the link to PEDIDOS WEB, e.g. `https://portal.botica.example`. */
  portalOrigin: string;
  laboratory: Settings['laboratory'];
}

/** PEDIDOS WEB in the portal: the pharmacy's sent orders. */
export function ordersPageUrl(portalOrigin: string): string {
  return `${portalOrigin}/account/orders`;
}

/** '3 referencias, 25 unidades' */
function countLine(lines: OrderMailInput['lines']): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${formatCount(lines.length)} ${lines.length === 1 ? 'referencia' : 'referencias'}, ${formatCount(units)} ${units === 1 ? 'unidad' : 'unidades'}`;
}

function shopLine(shop: OrderMailInput['shop']): string {
  const place = shop.city === shop.province ? shop.city : `${shop.city} (${shop.province})`;
  return `${shop.name}, ${shop.address}, ${shop.postalCode} ${place}`;
}

/** 'Transfer a través de Cofares (nº cliente 458812)' */
export function transferLine(transfer: NonNullable<OrderMailInput['transfer']>): string {
  const number = transfer.customer_number ? ` (nº cliente ${transfer.customer_number})` : '';
  return `Transfer a través de ${transfer.name}${number}`;
}

function linesTable(lines: OrderMailInput['lines']): MailTable {
  return {
    caption: 'Productos',
    columns: [
      { title: 'Producto' },
      { title: 'Cantidad', align: 'right' },
      { title: 'Precio ud.', align: 'right' },
      { title: 'Importe', align: 'right' },
    ],
    rows: lines.map((line) => ({
      cells: [
        `${line.name} (${line.format}) · Ref. ${line.reference}`,
        formatCount(line.quantity),
        formatEuros(line.unitCents),
        formatEuros(line.priceCents),
      ],
      text: `${line.name} (${line.format}), ref. ${line.reference}: ${formatCount(line.quantity)} × ${formatEuros(line.unitCents)} = ${formatEuros(line.priceCents)}`,
    })),
  };
}

/** The amounts: the lines, the discounts, the tax base, the VAT and recargo of each rate, the total. */
function amounts(input: OrderMailInput): [string, string][] {
  const { totals } = input;
  const discountCents = totals.discounts.reduce((sum, line) => sum + line.amountCents, 0);
  const rows: [string, string][] = [['Suma de los productos', formatEuros(totals.priceCents)]];
  for (const discount of totals.discounts) {
    rows.push([
      `Descuento ${discount.groupName} (${formatPercent(discount.discountPercent)})`,
      formatEuros(-discount.amountCents),
    ]);
  }
  rows.push(['Base imponible', formatEuros(totals.priceCents - discountCents)]);
  for (const vat of totals.vat) {
    rows.push([
      `IVA ${formatPercent(vat.rate)} sobre ${formatEuros(vat.baseCents)}`,
      formatEuros(vat.amountCents),
    ]);
  }
  if (input.recargoEquivalencia) {
    for (const surcharge of totals.surcharges) {
      rows.push([
        `Recargo de equivalencia ${formatPercent(surcharge.rate)} sobre ${formatEuros(surcharge.baseCents)}`,
        formatEuros(surcharge.amountCents),
      ]);
    }
  }
  rows.push(['Total del pedido', formatEuros(totals.totalCents)]);
  return rows;
}

function facts(input: OrderMailInput): [string, string][] {
  return [
    ['Pedido', input.order.number],
    ['Fecha', formatDateTime(input.order.createdAt)],
    ['Farmacia', `${input.pharmacy.name} (CIF/NIF ${input.pharmacy.taxId})`],
    ['Se entrega en', shopLine(input.shop)],
    ...(input.transfer ? [['Envío', transferLine(input.transfer)] as [string, string]] : []),
    ['Teléfono de la farmacia', formatPhone(input.shop.phone)],
    ['Enviado por', `${input.sender.name} (usuario ${input.sender.username})`],
    ...(input.order.notes ? [['Observaciones', input.order.notes] as [string, string]] : []),
  ];
}

/** Who serves the order where: the laboratory's warehouse, or the wholesaler of a transfer order. */
function destinationSentence(input: OrderMailInput): string {
  if (!input.transfer) return `Lo preparamos en nuestro almacén para ${shopLine(input.shop)}`;
  const number = input.transfer.customer_number ? ` (nº cliente ${input.transfer.customer_number})` : '';
  return `Lo pasamos como transfer a ${input.transfer.name}${number}, que lo entregará en ${shopLine(input.shop)}`;
}

/** The pharmacy's confirmation of its order. */
export function orderConfirmationContent(input: OrderMailInput): MailContent {
  return {
    subject: `Hemos recibido tu pedido ${input.order.number}`,
    greeting: `Hola, ${input.pharmacy.name}:`,
    paragraphs: [
      `Hemos recibido el pedido ${input.order.number}, que ${input.sender.name} envió el ${formatDate(input.order.createdAt)} a las ${formatTime(input.order.createdAt)} desde el portal de pedidos: ${countLine(input.lines)}, por un total de ${formatEuros(input.totals.totalCents)} con impuestos.`,
      closeSentence(destinationSentence(input)),
    ],
    action: { label: 'Ver mis pedidos', url: ordersPageUrl(input.portalOrigin) },
    table: linesTable(input.lines),
    details: [...facts(input), ...amounts(input)],
    detailsCaption: 'Datos e importes del pedido',
    closing: [
      `Si algún dato no es correcto, escríbenos a ${input.laboratory.salesEmail} o llámanos al ${formatPhone(input.laboratory.phone)} indicando el número de pedido.`,
    ],
  };
}

/** The sales administration's notice of a new order. */
export function orderNoticeContent(input: OrderMailInput): MailContent {
  return {
    subject: `Nuevo pedido ${input.order.number}: ${input.pharmacy.name}`,
    greeting: 'Hola:',
    paragraphs: [
      `${input.pharmacy.name} ha enviado el pedido ${input.order.number} desde el portal (${countLine(input.lines)}, ${formatEuros(input.totals.totalCents)} con impuestos).`,
      'Prepáralo para la dirección de entrega indicada. La farmacia ha recibido una confirmación con estos mismos datos.',
    ],
    table: linesTable(input.lines),
    details: [...facts(input), ['Correo de la farmacia', input.pharmacy.email], ...amounts(input)],
    detailsCaption: 'Datos e importes del pedido',
  };
}

/**
 * The two messages of a sent order, ready for the outbox: the pharmacy's confirmation and the sales
 * administration's notice.
 * @example for (const mail of orderMails(input)) await enqueueMail(tx, mail, now);
 */
export function orderMails(input: OrderMailInput): OutgoingMail[] {
  return [
    {
      kind: 'order_confirmation',
      to: input.pharmacy.email,
      mail: composeMail(input.laboratory, orderConfirmationContent(input)),
    },
    {
      kind: 'order_notice',
      to: input.laboratory.salesEmail,
      mail: composeMail(input.laboratory, orderNoticeContent(input)),
    },
  ];
}
