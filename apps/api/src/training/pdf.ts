/**
 * The training PDFs (scientific materials, newsletters): A4 pages of text drawn with pdfkit through
 * the server's one PDF setup (src/pdf), so they share the invoices' embedded DejaVu Sans, palette and
 * document info. A title, a line under it, headed sections of paragraphs wrapped and paginated by
 * pdfkit, and a footer with 'Página n de m' on every page. The demo data writes them once, at seeding,
 * and they are then served as stored bytes, exactly as an uploaded file would be.
 */
import {
  A4,
  createPdfDocument,
  PDF_COLOURS,
  type PdfKitDocument,
  pdfBytesSync,
} from '../pdf/pdf-document.ts';

/** What a document says. */
export interface PdfDocument {
  title: string;
  /** A line under the title (authors, date, issue). */
  subtitle?: string;
  /** Sections: an optional heading and its paragraphs. */
  sections: readonly { heading?: string; paragraphs: readonly string[] }[];
  /** A line at the foot of every page, before the page number. */
  footer: string;
  /** Who publishes it (the document's author). */
  author: string;
  /** When it was published: its creation date (so the same document always gives the same bytes). */
  date: Date;
}

const MARGIN = 64;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
/** The lowest point text may reach: the footer sits below it. */
const TEXT_BOTTOM = A4.height - MARGIN;

/** Starts a new page when fewer than `height` points are left (a heading keeps its first lines). */
function keepSpace(doc: PdfKitDocument, height: number): void {
  if (doc.y + height > TEXT_BOTTOM) doc.addPage();
}

function footers(doc: PdfKitDocument, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = A4.height - MARGIN + 18;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + TEXT_WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(PDF_COLOURS.muted);
    // Drawn below the bottom margin: without a zero bottom margin pdfkit would open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(footer, MARGIN, y, { width: TEXT_WIDTH - 90, lineBreak: false, ellipsis: true });
    doc.text(`Página ${index - range.start + 1} de ${range.count}`, MARGIN + TEXT_WIDTH - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Documents already drawn in this process, by content: drawing one takes tens of milliseconds (the
 * embedded font is parsed for each), and the demo data draws the same three dozen at every seeding.
 */
const drawn = new Map<string, Uint8Array>();
const DRAWN_LIMIT = 200;

/**
 * Writes a document as PDF bytes (synchronously: the demo data is pure code). The same document gives
 * the same bytes, so they are kept for the next time it is asked for.
 * @example const bytes = renderPdf({ title: 'Valeriana', sections: [{ paragraphs: ['…'] }], footer: 'Botica', author: 'Botica', date });
 */
export function renderPdf(document: PdfDocument): Uint8Array {
  const key = JSON.stringify(document);
  const known = drawn.get(key);
  if (known) return known;
  if (drawn.size >= DRAWN_LIMIT) drawn.clear();
  const bytes = draw(document);
  drawn.set(key, bytes);
  return bytes;
}

function draw(document: PdfDocument): Uint8Array {
  const doc = createPdfDocument(
    { title: document.title, author: document.author, subject: document.subtitle, createdAt: document.date },
    MARGIN,
  );
  doc.font('bold').fontSize(20).fillColor(PDF_COLOURS.accent).text(document.title, MARGIN, MARGIN, {
    width: TEXT_WIDTH,
  });
  if (document.subtitle) {
    doc.moveDown(0.3).font('regular').fontSize(10.5).fillColor(PDF_COLOURS.muted).text(document.subtitle, {
      width: TEXT_WIDTH,
    });
  }
  const ruleY = doc.y + 8;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + TEXT_WIDTH, ruleY)
    .lineWidth(1)
    .strokeColor(PDF_COLOURS.accent)
    .stroke();
  doc.y = ruleY + 10;
  for (const section of document.sections) {
    if (section.heading) {
      doc.moveDown(0.8);
      keepSpace(doc, 60);
      doc.font('bold').fontSize(13).fillColor(PDF_COLOURS.ink).text(section.heading, MARGIN, doc.y, {
        width: TEXT_WIDTH,
      });
      doc.moveDown(0.25);
    }
    for (const paragraph of section.paragraphs) {
      doc.font('regular').fontSize(11).fillColor(PDF_COLOURS.ink).text(paragraph, MARGIN, doc.y, {
        width: TEXT_WIDTH,
        align: 'left',
        lineGap: 2.5,
        paragraphGap: 7,
      });
    }
  }
  footers(doc, document.footer);
  return pdfBytesSync(doc);
}
