/**
 * The context the infrastructure and the narrower services take (docs/decisions/014-server-modules.md):
 * the database or a transaction, the settings and the clock. Apart from `context.ts`, whose wider
 * contexts name the infrastructure's types: the infrastructure imports this file, so no circle forms.
 */
import type { Database } from './db/database.ts';
import type { Settings } from './settings/settings.ts';

export interface CoreContext {
  /** The database, or inside `inTransaction` the transaction: the same Drizzle interface. */
  db: Database;
  settings: Settings;
  /** The clock (tests move it, e.g. across a Madrid month boundary). */
  now: () => Date;
}

/**
 * Runs `work` in one transaction, with a context whose `db` is that transaction; the same context
 * type, so services called inside take it unchanged.
 */
export function inTransaction<C extends CoreContext, T>(
  context: C,
  work: (transaction: C) => Promise<T>,
): Promise<T> {
  return context.db.transaction((tx) => work({ ...context, db: tx }));
}
