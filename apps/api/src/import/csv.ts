/**
 * CSV as RFC 4180 writes it, and as Spanish spreadsheets export it: quoted fields with embedded
 * separators, line breaks and doubled quotes (`""`), CRLF or LF line ends, UTF-8 with or without a
 * byte-order mark, and `;` (Excel in a Spanish locale) or `,` as the separator, detected from the
 * header line. Hand-written (about a hundred lines, no dependency): the import needs the physical
 * line of each record for its report, and a strict UTF-8 check with a Spanish message.
 */

/** A field separator the import accepts. */
export type CsvSeparator = ',' | ';';

/** One record of the file, after the header. */
export interface CsvRecord {
  /** The physical line (1-based) the record starts on: what a spreadsheet shows as its row number. */
  line: number;
  fields: string[];
  /** Set when the record is malformed (text after a closing quote); its fields are then unreliable. */
  problem?: string;
}

/** A parsed file: its separator, header and records. Blank records (no text at all) are left out. */
export interface CsvTable {
  separator: CsvSeparator;
  header: string[];
  records: CsvRecord[];
}

/** A file that cannot be read at all (not UTF-8, a quote never closed, no header). */
export class CsvError extends Error {
  override readonly name = 'CsvError';
}

const BOM = '\uFEFF';

/**
 * Decodes a file's bytes as UTF-8, dropping a byte-order mark. Spreadsheets on Windows often save
 * CSV in Windows-1252; such a file is refused rather than imported with broken accents.
 * @throws CsvError when the bytes are not UTF-8.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new CsvError(
      'El fichero no está codificado en UTF-8. En Excel, guárdelo como «CSV UTF-8 (delimitado por comas)».',
    );
  }
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The separator of a header line: the more frequent of `;` and `,` outside quotes (`;` on a tie). */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * Splits CSV text into records of fields (no header handling). A quote opens a quoted field only at
 * the start of a field; elsewhere it is kept as text (`12" pulgadas`), as spreadsheets write it.
 * @throws CsvError when a quoted field is never closed.
 */
export function parseCsvRecords(text: string, separator: CsvSeparator): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let fields: string[] = [];
  let field = '';
  let record: CsvRecord = { line, fields };
  let atFieldStart = true;
  let index = 0;
  const endField = () => {
    fields.push(field);
    field = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== '') || record.problem) records.push(record);
  };
  const newline = (char: string) => {
    if (char === '\r' && source[index + 1] === '\n') index += 1;
    line += 1;
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (atFieldStart && char === '"') {
      const startLine = line;
      index += 1;
      for (;;) {
        if (index >= source.length) {
          throw new CsvError(
            `Hay unas comillas sin cerrar: el campo que empieza en la línea ${startLine} no termina.`,
          );
        }
        const inner = source[index] as string;
        if (inner === '"') {
          if (source[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (inner === '\r' && source[index + 1] === '\n') {
          field += '\r\n';
          index += 2;
          line += 1;
          continue;
        }
        if (inner === '\n' || inner === '\r') line += 1;
        field += inner;
        index += 1;
      }
      atFieldStart = false;
      const next = source[index];
      if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') {
        record.problem ??= 'Hay texto después de las comillas que cierran un campo.';
        // Keep reading the rest of the field as text, so the record ends where it should.
        atFieldStart = false;
      }
      continue;
    }
    if (char === separator) {
      endField();
    } else if (char === '\n' || char === '\r') {
      endRecord();
      newline(char);
      fields = [];
      record = { line, fields };
    } else {
      field += char;
      atFieldStart = false;
    }
    index += 1;
  }
  if (!atFieldStart || fields.length > 0) endRecord();
  return records;
}

/**
 * Parses a CSV file with a header line: the separator is the header's (or `options.separator`).
 * @throws CsvError when the file is empty or a quoted field is never closed.
 * @example parseCsv('referencia;precio\r\nBT-1;"12,50"\r\n').records[0].fields // ['BT-1', '12,50']
 */
export function parseCsv(text: string, options: { separator?: CsvSeparator } = {}): CsvTable {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = options.separator ?? detectSeparator(source);
  const [header, ...records] = parseCsvRecords(source, separator);
  if (!header)
    throw new CsvError('El fichero está vacío: falta la línea de cabecera con los nombres de columna.');
  return { separator, header: header.fields, records };
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
