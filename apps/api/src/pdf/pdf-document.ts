/**
 * What every PDF the server draws shares (docs/decisions/011-invoice-pdfs.md): pdfkit on A4, DejaVu
 * Sans embedded (subset) as `regular` and `bold` so accents, `ñ` and `€` print and the text can be
 * selected and searched, the document's info and language, the palette, and the bytes at the end.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A pdfkit document with the fonts `regular` and `bold` registered. */
export type PdfKitDocument = InstanceType<typeof PDFDocument>;

/** An A4 page in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** The palette of the server's documents. */
export const PDF_COLOURS = {
  ink: '#1d2a24',
  muted: '#5b6862',
  accent: '#1f6b4f',
  rule: '#c9d3ce',
  band: '#eef4f1',
} as const;

/** The document's info dictionary (what a viewer shows as its properties and window title). */
export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  /** Also seeds the file's ID: the same content and date give the same bytes. */
  createdAt: Date;
}

/**
 * A new A4 document in Spanish with buffered pages (so footers can say 'Página n de m') and the
 * fonts registered; draw on it, then `pdfBytes` or `pdfBytesSync`.
 * @example const doc = createPdfDocument({ title: 'Factura F1', author: 'Botica', createdAt: new Date() }, 42);
 */
export function createPdfDocument(info: PdfInfo, margin: number): PdfKitDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    lang: 'es-ES',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      ...(info.subject ? { Subject: info.subject } : {}),
      Creator: 'Botica',
      Producer: 'Botica (pdfkit)',
      CreationDate: info.createdAt,
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  return doc;
}

/** Ends the document and collects its bytes as they stream out. */
export function pdfBytes(doc: PdfKitDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

/**
 * Ends the document and returns its bytes at once. pdfkit writes synchronously (fonts, deflate)
 * into the stream's buffer; `read()` takes all of it. For pure code that cannot wait (the demo data).
 */
export function pdfBytesSync(doc: PdfKitDocument): Buffer {
  doc.end();
  const bytes: unknown = doc.read();
  if (!Buffer.isBuffer(bytes)) throw new Error('the PDF was not written synchronously');
  return bytes;
}
