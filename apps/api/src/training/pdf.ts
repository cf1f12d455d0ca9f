/**
 * Small, real PDF documents (PDF 1.4) written by hand: A4 pages of text in the standard Helvetica
 * fonts (WinAnsi encoding, so Spanish accents and ñ print), wrapped to the page, paginated, with a
 * cross-reference table whose offsets are exact. Enough for the demo data's scientific materials and
 * newsletters, without a PDF library: the documents are generated once, at seeding, and then served
 * as stored bytes, exactly as an uploaded file would be.
 */

/** What a document says. */
export interface PdfDocument {
  title: string;
  /** A line under the title (authors, date, issue). */
  subtitle?: string;
  /** Sections: an optional heading and its paragraphs. */
  sections: readonly { heading?: string; paragraphs: readonly string[] }[];
  /** A line at the foot of every page, before the page number. */
  footer: string;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Helvetica's average advance per character, in thousandths of the font size (close enough to wrap). */
const AVERAGE_ADVANCE = { regular: 0.5, bold: 0.55 } as const;

/** A text as WinAnsi (Latin-1 for what Spanish needs): characters outside it become '?'. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

/** A PDF literal string: `(…)` with its backslash, parentheses escaped. */
function literal(text: string): string {
  return `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Splits a paragraph into lines that fit `width` points at `size`. */
export function wrapText(text: string, size: number, width: number, weight: 'regular' | 'bold'): string[] {
  const perLine = Math.max(1, Math.floor(width / (size * AVERAGE_ADVANCE[weight])));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (candidate.length <= perLine || line === '') line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

interface Line {
  text: string;
  font: 'F1' | 'F2';
  size: number;
  /** Space before the line, in points. */
  before: number;
}

function layout(document: PdfDocument): Line[] {
  const lines: Line[] = [];
  const add = (text: string, font: 'F1' | 'F2', size: number, before: number, weight: 'regular' | 'bold') => {
    wrapText(text, size, TEXT_WIDTH, weight).forEach((part, index) => {
      lines.push({ text: part, font, size, before: index === 0 ? before : size * 0.45 });
    });
  };
  add(document.title, 'F2', 20, 0, 'bold');
  if (document.subtitle) add(document.subtitle, 'F1', 11, 10, 'regular');
  for (const section of document.sections) {
    if (section.heading) add(section.heading, 'F2', 13, 20, 'bold');
    for (const paragraph of section.paragraphs) add(paragraph, 'F1', 11, 9, 'regular');
  }
  return lines;
}

/** The content streams of the pages: the lines placed top-down, a new page when one is full. */
function pages(document: PdfDocument): string[] {
  const streams: string[] = [];
  let body: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const finish = () => {
    const number = streams.length + 1;
    const foot = `BT /F1 8 Tf ${MARGIN} 36 Td ${literal(`${document.footer} · Página ${number}`)} Tj ET`;
    streams.push([...body, foot].join('\n'));
    body = [];
    y = PAGE_HEIGHT - MARGIN;
  };
  for (const line of layout(document)) {
    const step = line.before + line.size;
    if (y - step < MARGIN + 20 && body.length > 0) finish();
    y -= body.length === 0 ? line.size : step;
    body.push(`BT /${line.font} ${line.size} Tf ${MARGIN} ${y.toFixed(1)} Td ${literal(line.text)} Tj ET`);
  }
  finish();
  return streams;
}

/**
 * Writes a document as PDF bytes.
 * @example const bytes = renderPdf({ title: 'Valeriana', sections: [{ paragraphs: ['…'] }], footer: 'Botica' });
 */
export function renderPdf(document: PdfDocument): Uint8Array {
  const streams = pages(document);
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = streams.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${literal(document.title)} /Producer (Botica) >>`;
  streams.forEach((stream, index) => {
    const pageId = pageIds[index] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    const bytes = winAnsi(stream);
    objects[pageId + 1] = `<< /Length ${bytes.length} >>\nstream\n${bytes}\nendstream`;
  });

  // Every character is one byte (WinAnsi), so string lengths are byte offsets.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
