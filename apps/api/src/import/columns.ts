/**
 * The columns of an import file and reading one record through them: required and optional columns
 * by header name, each cell read by its `CellReader`, every problem of the row collected with its
 * column, in Spanish.
 */
import type { CellReader } from './fields.ts';

/** A column of an import kind. */
export interface ColumnSpec<T, R extends boolean = boolean> {
  /** The header name, as documented (lower case, no accents, `_` between words). */
  name: string;
  required: R;
  read: CellReader<T>;
  /** One line for the README and `--help`. */
  help: string;
}

/** A column every file of the kind must have, with a value in every row. */
export function required<T>(name: string, read: CellReader<T>, help: string): ColumnSpec<T, true> {
  return { name, required: true, read, help };
}

/** A column a file may leave out (the value is then kept, or defaulted for a new row). */
export function optional<T>(name: string, read: CellReader<T>, help: string): ColumnSpec<T, false> {
  return { name, required: false, read, help };
}

/** The columns of a kind, by the key its code uses. */
export type Columns = Record<string, ColumnSpec<unknown>>;

/**
 * A row's values: a required column's value; for an optional column `undefined` when the file has no
 * such column (keep what is stored) and `null` when its cell is empty (the default, or nothing).
 */
export type RowValues<C extends Columns> = {
  [K in keyof C]: C[K] extends ColumnSpec<infer T, infer R>
    ? R extends true
      ? T
      : T | null | undefined
    : never;
};

/** One problem of one row: what the report lists. */
export interface Rejection {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** The header name of the column at fault ('' for the whole row). */
  column: string;
  /** The cell as written ('' for the whole row). */
  value: string;
  /** Why, in Spanish. */
  reason: string;
}

/** A file that cannot be imported at all (unknown or missing columns, not CSV, not UTF-8). */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

/**
 * A header cell as the import compares it: trimmed, lower case, without accents, spaces and hyphens
 * as `_`. `Código postal` and `codigo_postal` are one column.
 * @example normaliseHeader(' Descripción ') // 'descripcion'
 */
export function normaliseHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Where each column of the kind is in the file's header (absent optional columns are left out). */
export type HeaderIndex = Map<string, number>;

/**
 * Maps the header onto the kind's columns. The header comes from `parseCsv`, which leaves out the
 * trailing empty columns: an unnamed column left in it carries data, and is refused.
 * @throws ImportFileError for an unknown, repeated or missing required column, naming them all.
 */
export function indexHeader(header: readonly string[], columns: Columns, kind: string): HeaderIndex {
  const byName = new Map(Object.entries(columns).map(([key, spec]) => [spec.name, key]));
  const index: HeaderIndex = new Map();
  const problems: string[] = [];
  header.forEach((cell, position) => {
    const name = normaliseHeader(cell);
    const key = byName.get(name);
    if (key === undefined) {
      if (name !== '') problems.push(`la columna «${cell.trim()}» no es de este tipo de fichero`);
      else problems.push(`la columna ${position + 1} no tiene nombre`);
    } else if (index.has(key)) problems.push(`la columna «${name}» aparece dos veces`);
    else index.set(key, position);
  });
  for (const [key, spec] of Object.entries(columns)) {
    if (spec.required && !index.has(key)) problems.push(`falta la columna obligatoria «${spec.name}»`);
  }
  if (problems.length > 0) {
    const names = Object.values(columns)
      .map((spec) => (spec.required ? `${spec.name}*` : spec.name))
      .join(', ');
    throw new ImportFileError(
      `La cabecera no sirve para importar ${kind}: ${problems.join('; ')}.\nColumnas de ${kind} (* obligatoria): ${names}.`,
    );
  }
  return index;
}

/**
 * Reads one record through the columns: the values, or every problem found in it. Cells are trimmed;
 * an empty cell of a required column is a problem. Trailing empty cells past the header (the `;;;`
 * Excel writes at the end of a line) are allowed.
 */
export function readRow<C extends Columns>(
  columns: C,
  index: HeaderIndex,
  headerLength: number,
  record: { line: number; fields: readonly string[]; problem?: string },
): { ok: true; values: RowValues<C> } | { ok: false; rejections: Rejection[] } {
  const rejections: Rejection[] = [];
  const reject = (column: string, value: string, reason: string) =>
    rejections.push({ line: record.line, column, value, reason });
  if (record.problem) reject('', '', record.problem);
  const fields = [...record.fields];
  while (fields.length > headerLength && fields.at(-1)?.trim() === '') fields.pop();
  if (fields.length !== headerLength) {
    reject(
      '',
      '',
      `La fila tiene ${fields.length} columnas y la cabecera ${headerLength}: revise los separadores y las comillas.`,
    );
    return { ok: false, rejections };
  }
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(columns)) {
    const position = index.get(key);
    if (position === undefined) {
      values[key] = undefined;
      continue;
    }
    const raw = fields[position] ?? '';
    const cell = raw.trim();
    if (cell === '') {
      if (spec.required) reject(spec.name, raw, 'Es obligatorio.');
      values[key] = null;
      continue;
    }
    const read = spec.read(cell);
    if (read.ok) values[key] = read.value;
    else reject(spec.name, raw, read.reason);
  }
  if (rejections.length > 0) return { ok: false, rejections };
  return { ok: true, values: values as RowValues<C> };
}
