/** What every route module receives: the database, the settings and the clock. */
import type { Database } from './db/database.ts';
import type { Settings } from './settings/settings.ts';

export interface AppContext {
  db: Database;
  settings: Settings;
  /** The clock (tests move it, e.g. across a Madrid month boundary). */
  now: () => Date;
}
