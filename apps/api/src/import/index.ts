/**
 * Importing the laboratory's real catalogue and clients from CSV files:
 * `pnpm --filter @botica/api import-csv -- <kind> <file.csv>`; see the README.
 */
export type { ColumnSpec, Rejection } from './columns.ts';
export { ImportFileError, normaliseHeader } from './columns.ts';
export type { CsvEncoding, CsvRecord, CsvSeparator, CsvTable } from './csv.ts';
export {
  CsvError,
  decodeCsv,
  detectSeparator,
  formatCsv,
  parseCsv,
  parseCsvRecords,
  SEPARATOR_NAMES,
} from './csv.ts';
export type { ImportKindName, ImportOptions, ImportReport } from './import-csv.ts';
export {
  formatImportReport,
  formatReading,
  IMPORT_KINDS,
  importCsv,
  isImportKind,
  rejectionsCsv,
} from './import-csv.ts';
export { unusablePasswordHash } from './people-kinds.ts';
