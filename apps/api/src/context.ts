/**
 * The contexts a module receives (docs/decisions/014-server-modules.md).
 *
 * - `CoreContext`: the database, the settings and the clock. The infrastructure built before the
 *   services (the session store, the rate limiter, the outbox's sender) takes this one.
 * - `AppContext`: what every service takes as its one context argument: the core plus the mail
 *   outbox's wake-up and the rate limiter. Inside `inTransaction` its `db` is the transaction, so a
 *   service never knows (or casts) which one it writes through.
 * - `RouteContext`: what every module's transport (`register…Routes(app, context)`) receives: the
 *   services' context plus the HTTP-only collaborators (sessions, password checks, heavy requests).
 */
import type { PasswordChecks } from './auth/password-checks.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import type { HeavyRequests } from './http/heavy-requests.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Settings } from './settings/settings.ts';

export interface CoreContext {
  /** The database, or inside `inTransaction` the transaction: the same Drizzle interface. */
  db: Database;
  settings: Settings;
  /** The clock (tests move it, e.g. across a Madrid month boundary). */
  now: () => Date;
}

/** Wakes the outbox's sender once a transaction that wrote mail has committed. */
export interface MailWakeUp {
  nudge(): void;
}

export interface AppContext extends CoreContext {
  mail: MailWakeUp;
  limiter: RateLimiter;
}

export interface RouteContext extends AppContext {
  sessions: SessionStore;
  passwordChecks: PasswordChecks;
  /** Searches and filtered listings: a few at once per client (src/http/heavy-requests.ts). */
  heavy: HeavyRequests;
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
