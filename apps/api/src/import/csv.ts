/**
 * CSV as spreadsheets export it, read with csv-parse: RFC 4180 quoting (separators, line breaks and
 * doubled quotes inside quotes), CRLF, LF or CR line ends, UTF-8 with or without a byte-order mark or
 * Excel's default Windows-1252 (decoded with iconv-lite), and `;` (Excel in a Spanish locale), `,`
 * or a tab as the separator, detected from the header line. The import reports each record by the
 * physical line it starts on, and says which encoding and separator it used.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/** A field separator the import accepts. */
export type CsvSeparator = ',' | ';' | '\t';

/** An encoding the import reads. */
export type CsvEncoding = 'UTF-8' | 'Windows-1252';

/** One record of the file, after the header. */
export interface CsvRecord {
  /** The physical line (1-based) the record starts on: what a spreadsheet shows as its row number. */
  line: number;
  fields: string[];
  /** Set when the record is malformed; its fields are then unreliable. */
  problem?: string;
}

/** A parsed file: its separator, header and records. Blank records (no text at all) are left out. */
export interface CsvTable {
  separator: CsvSeparator;
  header: string[];
  records: CsvRecord[];
}

/** A file that cannot be read at all (a quote never closed, no header). */
export class CsvError extends Error {
  override readonly name = 'CsvError';
}

const BOM = '\uFEFF';

/** How the report names a separator, in Spanish. */
export const SEPARATOR_NAMES: Readonly<Record<CsvSeparator, string>> = {
  ';': 'punto y coma (;)',
  ',': 'coma (,)',
  '\t': 'tabulador',
};

/**
 * Decodes a file's bytes: UTF-8 (a byte-order mark dropped) when they are valid UTF-8, else
 * Windows-1252, what Excel on Windows writes for "CSV (delimitado por comas)". Any byte sequence is
 * one or the other, so this never fails.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text, encoding: 'UTF-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'Windows-1252' };
  }
}

/**
 * The separator of a header line: the most frequent of `;`, `,` and tab outside quotes (`;`, then
 * tab, on a tie, and `;` when there is none).
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ';' || char === ',' || char === '\t')) counts[char] += 1;
  }
  let best: CsvSeparator = ';';
  for (const separator of ['\t', ','] as const) if (counts[separator] > counts[best]) best = separator;
  return best;
}

/** Line breaks in a text: CRLF, LF or a lone CR each count once. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * Splits CSV text into records of fields (no header handling), each with the line it starts on. A
 * quote inside an unquoted field is kept as text (`Tubo 12" largo`), as spreadsheets write it.
 * @throws CsvError when a quoted field is never closed, naming the line it opened on.
 */
export function parseCsvRecords(text: string, separator: CsvSeparator): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  try {
    // With `raw`, `on_record` receives `{ raw, record }`, which csv-parse's types do not model.
    const parseRaw = parse as unknown as (input: string, options: object) => CsvRecord[];
    const rows = parseRaw(source, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      raw: true,
      on_record: ({ raw, record }: { raw: string; record: string[] }) => {
        const start = line;
        line += lineBreaks(raw);
        return { line: start, fields: record };
      },
    });
    for (const row of rows) if (row.fields.some((value) => value !== '')) records.push(row);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvError(
        `Hay unas comillas sin cerrar: el campo que empieza en la línea ${line} no termina.`,
      );
    throw new CsvError(`El fichero no se puede leer como CSV (línea ${line}): ${(error as Error).message}`);
  }
  return records;
}

/**
 * Parses a CSV file with a header line: the separator is the header's (or `options.separator`).
 * Empty header cells at the end of the line (Excel's trailing empty columns) are dropped.
 * @throws CsvError when the file is empty or a quoted field is never closed.
 * @example parseCsv('referencia;precio\r\nBT-1;"12,50"\r\n').records[0].fields // ['BT-1', '12,50']
 */
export function parseCsv(text: string, options: { separator?: CsvSeparator } = {}): CsvTable {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = options.separator ?? detectSeparator(source);
  const [header, ...records] = parseCsvRecords(source, separator);
  if (!header)
    throw new CsvError('El fichero está vacío: falta la línea de cabecera con los nombres de columna.');
  const names = [...header.fields];
  while (names.length > 1 && names.at(-1)?.trim() === '') names.pop();
  return { separator, header: names, records };
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
