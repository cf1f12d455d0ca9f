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
import type { CoreContext } from './core-context.ts';
import type { HeavyRequests } from './http/heavy-requests.ts';
import type { RateLimiter } from './http/rate-limit.ts';

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

export type { CoreContext } from './core-context.ts';
export { inTransaction } from './core-context.ts';
