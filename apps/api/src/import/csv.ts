/**
 * CSV as spreadsheets export it, read with csv-parse: quoted fields with embedded separators, line
 * breaks and doubled quotes (`""`), CRLF, LF or CR line ends, and `;` (Excel in a Spanish locale),
 * `,` or a tab (Excel's «Texto (delimitado por tabulaciones)») as the separator, detected from the
 * header line. The bytes are UTF-8 (with or without a byte-order mark) when they are valid UTF-8,
 * else Windows-1252 (Excel's default «CSV (delimitado por comas)» on Windows), decoded with
 * iconv-lite. Each record keeps the physical line it starts on, for the import's report.
 */
import { type Options, CsvError as ParserError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/** A field separator the import accepts. */
export type CsvSeparator = ',' | ';' | '\t';

/** How a file's bytes were read. */
export type CsvEncoding = 'UTF-8' | 'UTF-8 con BOM' | 'Windows-1252';

/** One record of the file, after the header. */
export interface CsvRecord {
  /** The physical line (1-based) the record starts on: what a spreadsheet shows as its row number. */
  line: number;
  fields: string[];
}

/** A parsed file: its separator, header and records. Blank records (no text at all) are left out. */
export interface CsvTable {
  separator: CsvSeparator;
  /**
   * The header's cells. Unnamed columns at its end that no record fills (Excel writes `;;;` for
   * cells once touched) are left out; an unnamed column that carries data is kept.
   */
  header: string[];
  records: CsvRecord[];
}

/** A file that cannot be read at all (not text, a quote never closed, no header, no separator). */
export class CsvError extends Error {
  override readonly name = 'CsvError';
}

const BOM = '\uFEFF';

const SAVE_AS_CSV = 'En Excel, use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)».';

/** The separator's name in the import's output. */
export const SEPARATOR_NAMES: Record<CsvSeparator, string> = {
  ';': 'punto y coma (;)',
  ',': 'coma (,)',
  '\t': 'tabulador',
};

/**
 * Where the file shows it is not text: a NUL byte in its first 8,000 bytes (git's rule for binary
 * files), as UTF-16 and workbooks have. Other control characters are the cells' concern.
 */
function binaryAt(bytes: Uint8Array): number {
  return bytes.subarray(0, 8000).indexOf(0);
}

/** The five bytes Windows-1252 leaves undefined. */
function isUndefinedIn1252(byte: number): boolean {
  return byte === 0x81 || byte === 0x8d || byte === 0x8f || byte === 0x90 || byte === 0x9d;
}

/**
 * Decodes a file's bytes: UTF-8 (a byte-order mark dropped) when they are valid UTF-8, else
 * Windows-1252.
 * @throws CsvError when the bytes are neither: an Excel workbook, UTF-16 («Texto Unicode»), a binary
 * file or bytes Windows-1252 does not define (another code page), with advice for Excel.
 * @example decodeCsv(new Uint8Array([0x43, 0x61, 0x66, 0xe9])) // { text: 'Café', encoding: 'Windows-1252' }
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new CsvError(`El fichero es un libro de Excel (.xlsx), no un CSV. ${SAVE_AS_CSV}`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new CsvError(
      `El fichero está en UTF-16 («Texto Unicode» de Excel), que la importación no lee. ${SAVE_AS_CSV}`,
    );
  }
  const notText = (position: number) => {
    const line = bytes.subarray(0, position).filter((byte) => byte === 0x0a).length + 1;
    return new CsvError(
      `El fichero no es texto en UTF-8 ni en Windows-1252: la línea ${line} tiene un carácter que no es de texto (byte ${position + 1}). ${SAVE_AS_CSV}`,
    );
  };
  const binary = binaryAt(bytes);
  if (binary !== -1) throw notText(binary);
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return text.startsWith(BOM)
      ? { text: text.slice(1), encoding: 'UTF-8 con BOM' }
      : { text, encoding: 'UTF-8' };
  } catch {
    const undefinedByte = bytes.findIndex(isUndefinedIn1252);
    if (undefinedByte !== -1) throw notText(undefinedByte);
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'Windows-1252' };
  }
}

/**
 * The separator of a header line: the most frequent of `;`, tab and `,` outside quotes (`;`, then
 * tab, on a tie), or undefined when it has none of them.
 */
export function detectSeparator(text: string): CsvSeparator | undefined {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ';' || char === '\t' || char === ',')) counts[char] += 1;
  }
  let best: CsvSeparator | undefined;
  for (const separator of [';', '\t', ','] as const) {
    if (counts[separator] > (best ? counts[best] : 0)) best = separator;
  }
  return best;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** A record as csv-parse gives it with `raw`, and the line it starts on. */
interface Row {
  raw: string;
  record: string[];
  start: number;
}

/**
 * Splits CSV text into records of fields (no header handling), each with the physical line it
 * starts on. A quote opens a quoted field only at the start of a field; elsewhere it is kept as text
 * (`12" pulgadas`), as spreadsheets write it, and so is text after a closing quote (`"12,5"0`, which
 * the column's check then refuses). The line end is the file's first (CRLF, LF or CR).
 * @throws CsvError when a quoted field is never closed.
 */
export function parseCsvRecords(text: string, separator: CsvSeparator): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  // The line the next record starts on: csv-parse counts a CRLF inside quotes as two lines, so the
  // line breaks of each record's raw text are counted here instead.
  let line = 1;
  let rows: Row[];
  try {
    const options = {
      delimiter: separator,
      relax_quotes: true,
      relax_column_count: true,
      raw: true,
      // With `raw`, csv-parse hands each record over as { raw, record }.
      on_record: (row: Row) => {
        row.start = line;
        line += row.raw.match(LINE_BREAK)?.length ?? 0;
        return row;
      },
    };
    rows = parse(source, options as unknown as Options) as unknown as Row[];
  } catch (error) {
    if (error instanceof ParserError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(
        `Hay unas comillas sin cerrar: el campo que empieza en la línea ${line} no termina.`,
      );
    }
    throw error;
  }
  for (const row of rows) {
    if (row.record.some((value) => value !== '')) records.push({ line: row.start, fields: row.record });
  }
  return records;
}

/**
 * Parses a CSV file with a header line: the separator is the header's (or `options.separator`).
 * Empty lines and Excel's trailing empty columns are left out.
 * @throws CsvError when the file is empty, its header has no separator, or a quoted field is never
 * closed.
 * @example parseCsv('referencia;precio;;\r\nBT-1;"12,50";;\r\n').records[0].fields // ['BT-1', '12,50', '', '']
 */
export function parseCsv(text: string, options: { separator?: CsvSeparator } = {}): CsvTable {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = options.separator ?? detectSeparator(source.replace(/^(\s*[\r\n])+/, ''));
  if (separator === undefined) {
    if (source.trim() === '')
      throw new CsvError('El fichero está vacío: falta la línea de cabecera con los nombres de columna.');
    throw new CsvError(
      'No se reconoce el separador de columnas: la cabecera no tiene punto y coma (;), comas (,) ni tabuladores. ' +
        SAVE_AS_CSV,
    );
  }
  const [headerRecord, ...records] = parseCsvRecords(source, separator);
  if (!headerRecord)
    throw new CsvError('El fichero está vacío: falta la línea de cabecera con los nombres de columna.');
  // Excel's trailing empty columns: unnamed, and empty in every record.
  let width = headerRecord.fields.length;
  while (width > 0 && headerRecord.fields[width - 1]?.trim() === '') width -= 1;
  for (const record of records) {
    const last = Math.min(record.fields.length, headerRecord.fields.length) - 1;
    for (let position = last; position >= width; position -= 1) {
      if (record.fields[position]?.trim() !== '') {
        width = position + 1;
        break;
      }
    }
  }
  return { separator, header: headerRecord.fields.slice(0, width), records };
}

/** Quotes a field when it holds the separator, a quote, a line break or space at either end. */
function formatField(value: string, separator: CsvSeparator): string {
  const needsQuotes =
    value.includes(separator) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Writes records as CSV (CRLF line ends, quotes only where needed): what `parseCsvRecords` reads back.
 * @example formatCsv([['a', 'b;c']], ';') // 'a;"b;c"\r\n'
 */
export function formatCsv(rows: readonly (readonly string[])[], separator: CsvSeparator): string {
  return rows
    .map((row) => `${row.map((value) => formatField(value, separator)).join(separator)}\r\n`)
    .join('');
}
