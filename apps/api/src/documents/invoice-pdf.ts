/**
 * An invoice or refund as a PDF (docs/decisions/011-invoice-pdfs.md): a complete Spanish invoice
 * under RD 1619/2012 art. 6 — series and number, date of issue, the laboratory's and the pharmacy's
 * names, tax ids and addresses, the lines, the tax base and the VAT of each rate, the recargo de
 * equivalencia of each rate when the pharmacy is in that regime, and the total; a refund (factura
 * rectificativa, art. 15) names the invoice it corrects and why, and shows its amounts negative.
 *
 * pdfkit draws it on A4 in DejaVu Sans, embedded (subset) so accents and the euro sign print and
 * the text can be selected and searched; every amount goes through @botica/domain's `formatEuros`.
 */
import {
  addressLines,
  formatDate,
  formatEuros,
  formatPercent,
  formatPhone,
  type Laboratory,
  registryLine,
} from '@botica/domain';
import { A4, createPdfDocument, PDF_COLOURS, type PdfKitDocument, pdfBytes } from '../pdf/pdf-document.ts';

/** The customer as invoiced (`invoices.customer`). */
export interface InvoicedCustomer {
  name: string;
  tax_id: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
}

/** A line of the document, in cents. */
export interface PdfLine {
  reference: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  net_cents: number;
  vat_rate: number;
}

/** Everything the PDF prints; amounts in cents, a refund's positive (printed negative). */
export interface InvoicePdfInput {
  kind: 'invoice' | 'refund';
  /** E.g. 'F2026-000123'. */
  number: string;
  issuedAt: Date;
  orderNumber: string;
  /** The invoice a refund corrects. */
  corrects?: { number: string; issuedAt: Date } | undefined;
  /** Why a refund was issued. */
  reason?: string | undefined;
  customer: InvoicedCustomer;
  lines: readonly PdfLine[];
  priceCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  discounts: readonly { group_name: string; discount_percent: number | string; amount_cents: number }[];
  taxes: readonly { rate: number; base_cents: number; amount_cents: number }[];
  recargoEquivalencia: boolean;
  surcharges: readonly { vat_rate: number; rate: number; base_cents: number; amount_cents: number }[];
}

/** The PDF's file name as the browser saves it: 'factura-F2026-000123.pdf'. */
export function pdfFileName(kind: InvoicePdfInput['kind'], number: string): string {
  const safe = number.replace(/[^A-Za-z0-9-]/g, '');
  return kind === 'refund' ? `factura-rectificativa-${safe}.pdf` : `factura-${safe}.pdf`;
}

const PAGE = { ...A4, margin: 42 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLOURS = PDF_COLOURS;

/** The columns of the lines' table: x offset from the margin, width, alignment. */
const COLUMNS = [
  { key: 'reference', title: 'Referencia', x: 0, width: 62, align: 'left' },
  { key: 'name', title: 'Descripción', x: 66, width: 196, align: 'left' },
  { key: 'quantity', title: 'Cant.', x: 266, width: 36, align: 'right' },
  { key: 'unit', title: 'Precio ud.', x: 306, width: 66, align: 'right' },
  { key: 'vat', title: 'IVA', x: 376, width: 34, align: 'right' },
  { key: 'price', title: 'Importe', x: 414, width: 97.28, align: 'right' },
] as const;

type Doc = PdfKitDocument;

function cents(value: number, negative: boolean): string {
  return formatEuros(negative && value !== 0 ? -value : value);
}

function header(doc: Doc, input: InvoicePdfInput, laboratory: Laboratory): void {
  const top = PAGE.margin;
  doc.font('bold').fontSize(20).fillColor(COLOURS.accent).text(laboratory.tradeName, PAGE.margin, top);
  doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink);
  const [legalName, ...address] = addressLines(laboratory);
  doc.font('bold').text(legalName ?? laboratory.legalName, PAGE.margin, top + 28);
  doc.font('regular');
  doc.text(`CIF: ${laboratory.taxId}`);
  for (const line of address) doc.text(line);
  doc.text(`Tel. ${formatPhone(laboratory.phone)} · ${laboratory.salesEmail}`);

  const right = PAGE.margin + CONTENT_WIDTH / 2 + 20;
  const width = CONTENT_WIDTH / 2 - 20;
  const title = input.kind === 'refund' ? 'FACTURA RECTIFICATIVA' : 'FACTURA';
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(COLOURS.ink)
    .text(title, right, top + 2, { width, align: 'right' });
  doc.fontSize(9).moveDown(0.4);
  const facts: [string, string][] = [
    ['Número', input.number],
    ['Fecha de expedición', formatDate(input.issuedAt)],
    ['Pedido', input.orderNumber],
  ];
  if (input.kind === 'refund' && input.corrects) {
    facts.push(['Factura rectificada', input.corrects.number]);
    facts.push(['Fecha de la rectificada', formatDate(input.corrects.issuedAt)]);
  }
  let y = doc.y;
  for (const [label, value] of facts) {
    doc.font('regular').fillColor(COLOURS.muted).text(label, right, y, { width: 110, lineBreak: false });
    doc
      .font('bold')
      .fillColor(COLOURS.ink)
      .text(value, right + 110, y, { width: width - 110, align: 'right' });
    y = Math.max(doc.y, y + 13);
  }
}

function customerBox(doc: Doc, input: InvoicePdfInput, y: number): number {
  const { customer } = input;
  const x = PAGE.margin;
  const lines = [
    customer.name,
    `NIF/CIF: ${customer.tax_id}`,
    customer.address,
    customer.city === customer.province
      ? `${customer.postal_code} ${customer.city}`
      : `${customer.postal_code} ${customer.city} (${customer.province})`,
  ];
  const height = 16 + lines.length * 12 + 8;
  doc.roundedRect(x, y, CONTENT_WIDTH / 2 + 10, height, 4).fillAndStroke(COLOURS.band, COLOURS.rule);
  doc
    .fillColor(COLOURS.muted)
    .font('regular')
    .fontSize(7.5)
    .text('CLIENTE', x + 10, y + 8);
  doc.fillColor(COLOURS.ink).fontSize(9);
  lines.forEach((line, index) => {
    doc.font(index === 0 ? 'bold' : 'regular').text(line, x + 10, y + 20 + index * 12, {
      width: CONTENT_WIDTH / 2 - 10,
      lineBreak: false,
      ellipsis: true,
    });
  });
  if (input.kind === 'refund' && input.reason) {
    const rx = x + CONTENT_WIDTH / 2 + 20;
    const width = CONTENT_WIDTH / 2 - 20;
    doc
      .fillColor(COLOURS.muted)
      .font('regular')
      .fontSize(7.5)
      .text('MOTIVO DE LA RECTIFICACIÓN', rx, y + 8, { width });
    doc
      .fillColor(COLOURS.ink)
      .fontSize(9)
      .text(input.reason, rx, y + 20, { width });
  }
  return y + height;
}

function tableHeader(doc: Doc, y: number): number {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 18).fill(COLOURS.accent);
  doc.fillColor('#ffffff').font('bold').fontSize(8);
  for (const column of COLUMNS) {
    doc.text(column.title, PAGE.margin + column.x + (column.key === 'reference' ? 6 : 0), y + 5, {
      width: column.width - (column.key === 'price' ? 6 : 0),
      align: column.align,
      lineBreak: false,
    });
  }
  return y + 22;
}

/** The bottom of the space the lines may take on a page (the footer sits below it). */
const LINES_BOTTOM = PAGE.height - PAGE.margin - 40;

function linesTable(doc: Doc, input: InvoicePdfInput, startY: number): number {
  const negative = input.kind === 'refund';
  let y = tableHeader(doc, startY);
  doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink);
  input.lines.forEach((line, index) => {
    const nameColumn = COLUMNS[1];
    const height = Math.max(12, doc.heightOfString(line.name, { width: nameColumn.width })) + 5;
    if (y + height > LINES_BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, PAGE.margin);
      doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink);
    }
    if (index % 2 === 1) doc.rect(PAGE.margin, y - 2, CONTENT_WIDTH, height).fill(COLOURS.band);
    doc.fillColor(COLOURS.ink);
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      reference: line.reference,
      name: line.name,
      quantity: String(negative ? -line.quantity : line.quantity),
      unit: formatEuros(line.unit_price_cents),
      vat: formatPercent(line.vat_rate),
      price: cents(line.price_cents, negative),
    };
    for (const column of COLUMNS) {
      doc.text(cells[column.key], PAGE.margin + column.x + (column.key === 'reference' ? 6 : 0), y, {
        width: column.width - (column.key === 'price' ? 6 : 0) - (column.key === 'reference' ? 6 : 0),
        align: column.align,
        ...(column.key === 'name' ? {} : { lineBreak: false }),
      });
    }
    y += height;
  });
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(COLOURS.rule)
    .stroke();
  return y + 8;
}

/** One row of label and amount at the right of the page. */
function amountRow(doc: Doc, y: number, label: string, amount: string, bold = false): number {
  const x = PAGE.margin + CONTENT_WIDTH - 260;
  doc
    .font(bold ? 'bold' : 'regular')
    .fontSize(bold ? 11 : 9)
    .fillColor(COLOURS.ink);
  doc.text(label, x, y, { width: 160, align: 'left', lineBreak: false });
  doc.text(amount, x + 160, y, { width: 94, align: 'right', lineBreak: false });
  return y + (bold ? 17 : 13);
}

/** The tax table: base, VAT and, in the regime, recargo de equivalencia of each rate. */
const TAX_COLUMNS = [
  { title: 'Tipo de IVA', x: 0, width: 70 },
  { title: 'Base imponible', x: 74, width: 96 },
  { title: 'Cuota de IVA', x: 174, width: 86 },
  { title: 'Recargo de equivalencia', x: 264, width: 126 },
  { title: 'Cuota de recargo', x: 394, width: 117.28 },
] as const;

function taxTable(doc: Doc, input: InvoicePdfInput, startY: number): number {
  const negative = input.kind === 'refund';
  const withSurcharge = input.recargoEquivalencia;
  const columns = withSurcharge ? TAX_COLUMNS : TAX_COLUMNS.slice(0, 3);
  let y = startY;
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted);
  columns.forEach((column, index) => {
    doc.text(column.title, PAGE.margin + column.x, y, {
      width: column.width - (index === columns.length - 1 && withSurcharge ? 6 : 0),
      align: index === 0 ? 'left' : 'right',
      lineBreak: false,
    });
  });
  y += 12;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  y += 4;
  doc.font('regular').fontSize(9).fillColor(COLOURS.ink);
  for (const tax of input.taxes) {
    const surcharge = input.surcharges.find((line) => line.vat_rate === tax.rate);
    const cells = [
      formatPercent(tax.rate),
      cents(tax.base_cents, negative),
      cents(tax.amount_cents, negative),
      surcharge ? formatPercent(surcharge.rate) : '',
      surcharge ? cents(surcharge.amount_cents, negative) : '',
    ];
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', PAGE.margin + column.x, y, {
        width: column.width - (index === columns.length - 1 && withSurcharge ? 6 : 0),
        align: index === 0 ? 'left' : 'right',
        lineBreak: false,
      });
    });
    y += 13;
  }
  return y;
}

function totals(doc: Doc, input: InvoicePdfInput, startY: number): number {
  const negative = input.kind === 'refund';
  let y = startY;
  y = amountRow(doc, y, 'Suma de las líneas', cents(input.priceCents, negative));
  for (const discount of input.discounts) {
    y = amountRow(
      doc,
      y,
      `Descuento ${discount.group_name} (${formatPercent(Number(discount.discount_percent))})`,
      cents(-discount.amount_cents, negative),
    );
  }
  const baseCents = input.priceCents - input.discountCents;
  y = amountRow(doc, y, 'Base imponible', cents(baseCents, negative));
  y += 6;
  y = taxTable(doc, input, y);
  y += 6;
  const vatCents = input.taxes.reduce((sum, tax) => sum + tax.amount_cents, 0);
  const surchargeCents = input.surcharges.reduce((sum, line) => sum + line.amount_cents, 0);
  y = amountRow(doc, y, 'Total IVA', cents(vatCents, negative));
  if (input.recargoEquivalencia)
    y = amountRow(doc, y, 'Total recargo de equivalencia', cents(surchargeCents, negative));
  const ruleX = PAGE.margin + CONTENT_WIDTH - 260;
  doc
    .moveTo(ruleX, y + 1)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y + 1)
    .lineWidth(0.8)
    .strokeColor(COLOURS.ink)
    .stroke();
  y += 6;
  return amountRow(
    doc,
    y,
    input.kind === 'refund' ? 'TOTAL RECTIFICADO' : 'TOTAL FACTURA',
    cents(input.totalCents, negative),
    true,
  );
}

function notes(doc: Doc, input: InvoicePdfInput, y: number): void {
  const lines: string[] = [];
  if (input.recargoEquivalencia) {
    lines.push(
      'Cliente acogido al régimen especial del recargo de equivalencia (arts. 154 a 163 de la Ley 37/1992 del IVA).',
    );
  }
  if (input.kind === 'refund') {
    lines.push('Factura rectificativa emitida conforme al artículo 15 del Real Decreto 1619/2012.');
  }
  lines.push(
    input.kind === 'refund'
      ? 'El importe rectificado se abonará en la cuenta de domiciliación de la farmacia.'
      : 'Forma de pago: domiciliación bancaria a 30 días de la fecha de la factura.',
  );
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(lines.join('\n'), PAGE.margin, y, { width: CONTENT_WIDTH });
}

function footers(doc: Doc, laboratory: Laboratory, number: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE.height - PAGE.margin - 22;
    doc
      .moveTo(PAGE.margin, y - 4)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y - 4)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
    const [, ...address] = addressLines(laboratory);
    doc.text(`${laboratory.legalName} · CIF ${laboratory.taxId} · ${address.join(', ')}`, PAGE.margin, y, {
      width: CONTENT_WIDTH - 150,
      lineBreak: false,
    });
    doc.text(registryLine(laboratory), PAGE.margin, y + 9, { width: CONTENT_WIDTH - 150, lineBreak: false });
    doc.text(
      `${number} · Página ${index - range.start + 1} de ${range.count}`,
      PAGE.margin + CONTENT_WIDTH - 140,
      y,
      {
        width: 140,
        align: 'right',
        lineBreak: false,
      },
    );
  }
}

/**
 * Renders the document as PDF bytes.
 * @example const bytes = await renderInvoicePdf(input, settings.identity); // starts with '%PDF-'
 */
export function renderInvoicePdf(input: InvoicePdfInput, laboratory: Laboratory): Promise<Buffer> {
  const title = `${input.kind === 'refund' ? 'Factura rectificativa' : 'Factura'} ${input.number}`;
  const doc = createPdfDocument(
    {
      title,
      author: laboratory.legalName,
      subject: `${title} · ${input.customer.name}`,
      createdAt: input.issuedAt,
    },
    PAGE.margin,
  );

  header(doc, input, laboratory);
  let y = customerBox(doc, input, Math.max(doc.y, PAGE.margin + 104) + 14);
  y = linesTable(doc, input, y + 16);
  // The totals block (about 200 points) stays whole: on a new page when it does not fit.
  const block = 150 + 13 * input.taxes.length + 13 * input.discounts.length;
  if (y + block > LINES_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y = totals(doc, input, y + 4);
  notes(doc, input, y + 14);
  footers(doc, laboratory, input.number);
  return pdfBytes(doc);
}
