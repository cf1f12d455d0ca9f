/** What an import kind is: its columns, its natural key and how its valid rows reach the database. */
import type { Database } from '../db/database.ts';
import type { Columns, RowValues } from './columns.ts';

/** What happened to a row that was not rejected. */
export type Outcome = 'created' | 'updated' | 'unchanged';

/** A row whose cells all read well. */
export interface ValidRow<C extends Columns> {
  line: number;
  values: RowValues<C>;
  /** The cells as written, by column key (for the report). */
  raw: Partial<Record<keyof C, string>>;
}

/** How `apply` reports each row. */
export interface ApplyContext<C extends Columns> {
  /** The row cannot be applied (an unknown category, a tax id of another client…). */
  reject(row: ValidRow<C>, column: keyof C & string, reason: string): void;
  outcome(row: ValidRow<C>, outcome: Outcome): void;
}

/** An import kind. */
export interface ImportKindSpec<C extends Columns> {
  /** The name on the command line. */
  kind: string;
  /** What its rows are, in Spanish, plural ('productos'). */
  label: string;
  columns: C;
  /** The natural key: its column, and its value of a row as compared (case-folded where it must). */
  key: { column: keyof C & string; of(values: RowValues<C>): string };
  /**
   * Applies the rows, in the import's transaction, reporting each row through `context`. It writes
   * only what differs from what is stored, so a second run of the same file writes nothing (and the
   * pricing epoch and search caches stay as they were).
   */
  apply(tx: Database, rows: ValidRow<C>[], context: ApplyContext<C>): Promise<void>;
}

/** Any kind (the engine does not need its column types). */
// biome-ignore lint/suspicious/noExplicitAny: the engine handles every kind alike.
export type AnyImportKind = ImportKindSpec<any>;

/** Whether two values hold the same data (rows read from the database against rows of the file). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  }
  return a === b;
}

/** The fields of `next` that differ from `stored` (undefined values of `next` are left alone). */
export function changes<T extends Record<string, unknown>>(stored: T, next: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const [key, value] of Object.entries(next) as [keyof T, T[keyof T] | undefined][]) {
    if (value !== undefined && !sameValue(stored[key], value)) changed[key] = value;
  }
  return changed;
}

/** Rows of a JSON array parameter, for `in (…)` lists of any length on both drivers. */
export function jsonList(values: readonly (string | number)[]): string {
  return JSON.stringify(values);
}
