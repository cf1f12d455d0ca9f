/**
 * Importing one CSV file of one kind: read and check every row, then apply the valid ones in one
 * transaction under an advisory lock, and report what happened to each row. By default the valid
 * rows are applied and the rejected ones listed; `strict` applies nothing when any row is rejected;
 * `dryRun` does all the work, database checks included, and rolls it back.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { lockPricingEpoch } from '../db/pricing-epoch-lock.ts';

import { categoriesKind, productsKind, specialPricesKind } from './catalogue-kinds.ts';
import { type Columns, ImportFileError, indexHeader, type Rejection, readRow } from './columns.ts';
import {
  type CsvEncoding,
  CsvError,
  type CsvSeparator,
  decodeCsv,
  formatCsv,
  parseCsv,
  SEPARATOR_NAMES,
} from './csv.ts';
import type { AnyImportKind, Outcome, ValidRow } from './kind.ts';
import { clientsKind, discountGroupsKind, salesRepsKind, usersKind } from './people-kinds.ts';

/** Every import kind, in the order a first import runs them (each may name rows of the ones before). */
export const IMPORT_KINDS = {
  categories: categoriesKind,
  products: productsKind,
  'discount-groups': discountGroupsKind,
  'special-prices': specialPricesKind,
  'sales-reps': salesRepsKind,
  clients: clientsKind,
  users: usersKind,
} as const satisfies Record<string, AnyImportKind>;

/** The name of an import kind on the command line. */
export type ImportKindName = keyof typeof IMPORT_KINDS;

/** Whether a text names an import kind. */
export function isImportKind(name: string): name is ImportKindName {
  return Object.hasOwn(IMPORT_KINDS, name);
}

/** Options of `importCsv`. */
export interface ImportOptions {
  /** Check and apply everything, then roll it back: the report says what an import would do. */
  dryRun?: boolean;
  /** Apply nothing when any row is rejected. */
  strict?: boolean;
  /** Work for the import's transaction after its rows (the back-in-stock alerts of the products kind). */
  afterApply?: (tx: Database) => Promise<void>;
}

/** What an import did. */
export interface ImportReport {
  kind: ImportKindName;
  /** How the file's bytes were read (absent when the import was given text). */
  encoding?: CsvEncoding;
  /** The separator found in the header. */
  separator: CsvSeparator;
  /** Records read after the header (blank lines are not records). */
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows rejected (a row with several problems counts once). */
  rejected: number;
  /** Every problem, by line: a row may have several. */
  rejections: Rejection[];
  /** Whether the changes were committed (false for a dry run, or a strict import with rejections). */
  applied: boolean;
  dryRun: boolean;
  strict: boolean;
}

/** Any constant: two imports (or an import and the demo seeding) take turns. */
export const IMPORT_LOCK = 4_202_027;

class Rollback extends Error {}

/**
 * Imports one CSV file (its bytes or text) of one kind into a migrated database.
 * @throws ImportFileError when the file cannot be read at all (not UTF-8, an unclosed quote, a header
 * with unknown or missing columns): nothing is imported.
 * @example const report = await importCsv(db, 'products', await readFile('productos.csv'));
 */
export async function importCsv(
  db: Database,
  kindName: ImportKindName,
  source: Uint8Array | string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const kind: AnyImportKind = IMPORT_KINDS[kindName];
  let table: ReturnType<typeof parseCsv>;
  let encoding: CsvEncoding | undefined;
  try {
    const decoded = typeof source === 'string' ? { text: source, encoding } : decodeCsv(source);
    encoding = decoded.encoding;
    table = parseCsv(decoded.text);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(error.message);
    throw error;
  }
  const columns = kind.columns as Columns;
  let index: ReturnType<typeof indexHeader>;
  try {
    index = indexHeader(table.header, columns, kind.label);
  } catch (error) {
    if (error instanceof ImportFileError)
      throw new ImportFileError(`${error.message}\n${formatReading(encoding, table.separator)}`);
    throw error;
  }

  const rejections: Rejection[] = [];
  const valid: ValidRow<Columns>[] = [];
  const firstLineOfKey = new Map<string, number>();
  const keyColumn = columns[kind.key.column] as Columns[string];
  for (const record of table.records) {
    const read = readRow(columns, index, table.header.length, record);
    if (!read.ok) {
      rejections.push(...read.rejections);
      continue;
    }
    const raw: Record<string, string> = {};
    for (const [key, position] of index) raw[key] = record.fields[position] ?? '';
    const key = kind.key.of(read.values);
    const first = firstLineOfKey.get(key);
    if (first !== undefined) {
      rejections.push({
        line: record.line,
        column: keyColumn.name,
        value: raw[kind.key.column] ?? '',
        reason: `Repite la fila de la línea ${first}: cada ${keyColumn.name} solo puede aparecer una vez por fichero.`,
      });
      continue;
    }
    firstLineOfKey.set(key, record.line);
    valid.push({ line: record.line, values: read.values, raw });
  }

  const outcomes = new Map<number, Outcome>();
  const dryRun = options.dryRun === true;
  const strict = options.strict === true;
  let applied = false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      await lockPricingEpoch(tx);
      await kind.apply(tx, valid, {
        reject: (row, column, reason) => {
          const spec = columns[column] as Columns[string];
          rejections.push({ line: row.line, column: spec.name, value: row.raw[column] ?? '', reason });
        },
        outcome: (row, outcome) => {
          outcomes.set(row.line, outcome);
        },
      });
      if (dryRun || (strict && rejections.length > 0)) throw new Rollback();
      await options.afterApply?.(tx);
    });
    applied = true;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }

  rejections.sort((a, b) => a.line - b.line);
  const rejectedLines = new Set(rejections.map((rejection) => rejection.line));
  const count = (outcome: Outcome) =>
    [...outcomes].filter(([line, value]) => value === outcome && !rejectedLines.has(line)).length;
  return {
    kind: kindName,
    ...(encoding ? { encoding } : {}),
    separator: table.separator,
    read: table.records.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    rejected: rejectedLines.size,
    rejections,
    applied,
    dryRun,
    strict,
  };
}

/** How a file was read, in Spanish: 'Leído como Windows-1252, con tabulador como separador.' */
export function formatReading(encoding: CsvEncoding | undefined, separator: CsvSeparator): string {
  const as = encoding ? ` como ${encoding}` : '';
  return `Leído${as}, con ${SEPARATOR_NAMES[separator]} como separador.`;
}

/**
 * The report as the console shows it, in Spanish: how the file was read, the counts, then each rejected row with its line,
 * column and reason.
 */
export function formatImportReport(report: ImportReport, file: string): string {
  const label = IMPORT_KINDS[report.kind].label;
  const lines = [
    `Importación de ${label} desde ${file}${report.dryRun ? ' (simulación: no se ha guardado nada)' : ''}`,
    formatReading(report.encoding, report.separator),
    `  leídas:      ${report.read}`,
    `  nuevas:      ${report.created}`,
    `  modificadas: ${report.updated}`,
    `  sin cambios: ${report.unchanged}`,
    `  rechazadas:  ${report.rejected}`,
  ];
  if (!report.dryRun) {
    if (report.applied)
      lines.push(
        report.rejected > 0
          ? 'Se han guardado las filas válidas; corrija las rechazadas y vuelva a importar el fichero.'
          : 'Se han guardado todos los cambios.',
      );
    else lines.push('Modo estricto: no se ha guardado nada porque hay filas rechazadas.');
  }
  if (report.rejections.length > 0) {
    lines.push('', 'Filas rechazadas:');
    for (const rejection of report.rejections) {
      const where = rejection.column ? `, columna ${rejection.column}` : '';
      const value = rejection.value.trim() ? ` («${shorten(rejection.value.trim())}»)` : '';
      lines.push(`  línea ${rejection.line}${where}${value}: ${rejection.reason}`);
    }
  }
  return lines.join('\n');
}

function shorten(value: string): string {
  const single = value.replace(/\s+/g, ' ');
  return single.length > 60 ? `${single.slice(0, 59)}…` : single;
}

/**
 * A spreadsheet would run a cell starting with `=`, `+`, `-` or `@` as a formula: the report's copy of
 * the file's cell gets a leading apostrophe, as spreadsheets themselves write text.
 */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The rejected rows as CSV (`;`, UTF-8 with a byte-order mark, so a Spanish Excel opens it as is):
 * linea;columna;valor;motivo.
 */
export function rejectionsCsv(report: ImportReport): string {
  const rows = [
    ['linea', 'columna', 'valor', 'motivo'],
    ...report.rejections.map((rejection) => [
      String(rejection.line),
      rejection.column,
      inert(rejection.value),
      rejection.reason,
    ]),
  ];
  return `\uFEFF${formatCsv(rows, ';')}`;
}

export { ImportFileError };
