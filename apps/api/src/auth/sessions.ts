/**
 * Sessions and CSRF, the Laravel Sanctum SPA model (docs/decisions/005). `GET /sanctum/csrf-cookie`
 * hands a CSRF token out in the readable `XSRF-TOKEN` cookie; every POST, PUT, PATCH and DELETE must
 * send it back in `X-XSRF-TOKEN`, else 419. Two kinds of session stand behind the HttpOnly session
 * cookie (`botica_session`):
 * - **Logged in: stored.** The cookie holds a random value; the database keeps only its SHA-256, the
 *   user, the CSRF token and the last activity. A session idle for longer than `SESSION_IDLE_MINUTES`
 *   is gone (and deleted by the scheduled pruning, `prune.ts`).
 * - **Anonymous: stateless, nothing stored.** The cookie holds `anon.{issued}.{nonce}` (the time it
 *   was handed out, in seconds, base 36, and 16 random bytes) and the CSRF token is the HMAC-SHA256 of
 *   that value under the server's key (`csrf-secret.ts`, the same on every instance). A state change
 *   is accepted when the header equals the HMAC of the cookie sent with it: a double-submit check
 *   that is also signed and bound to the HttpOnly cookie. So a token is worth nothing without its own
 *   HttpOnly cookie: a token planted as a cookie (e.g. by script on a sibling subdomain, which can
 *   write `XSRF-TOKEN` for the parent domain but cannot write an HttpOnly cookie) does not pass, and
 *   neither does any token made without the key. It expires like a stored session
 *   (`SESSION_IDLE_MINUTES` after it was handed out; the portal fetches the cookie before every POST,
 *   which renews it past half its life). A login replaces it with a new stored session and a new
 *   token (no fixation). docs/decisions/005, _Anonymous visitors_.
 *
 * A stored session is read from the database on every request, except on the few routes whose one
 * statement re-checks it itself (`SessionStore.checkInStatement`: the cart's save and read). There
 * the process remembers the sessions it has read (a hint, never an authority): the remembered user
 * and CSRF token let the route run, and its statement writes (or reads) only while the session row
 * still exists, is within the idle limit, carries that CSRF token and belongs to that user, still
 * active, with the same role and pharmacy; it also touches `last_seen_at` as `load` does. When that
 * check fails the statement writes nothing and the route reads the session as every other request
 * does (`SessionStore.reread`), so a logout, a password change or a deactivation on any instance
 * holds at that very statement, with no notification between instances. docs/decisions/026.
 *
 * The catalogue's reads (registered with `SessionStore.readsFromCache`) take a session from the same
 * memory while it hears every change to sessions, users and pharmacies' names (session-cache.ts), and
 * every state change answers only once every instance has heard what it changed. docs/decisions/034.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { operations, routerPath } from '@botica/api-client/endpoints';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../core-context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { SharedListener } from '../db/listener.ts';
import { HttpError } from '../http/errors.ts';
import { csrfSecret } from './csrf-secret.ts';
import { SessionCache } from './session-cache.ts';
import type { RequestSession, SessionUser } from './session-user.ts';
import { sessions } from './tables.ts';

/** The HttpOnly session cookie. */
export const SESSION_COOKIE = 'botica_session';
/** The readable CSRF cookie (Sanctum's name). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header that carries the CSRF token back (Sanctum's name). */
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Touch `last_seen_at` at most this often, so reads do not write on every request; and at least four
 * times per idle limit, so that a short limit (SESSION_IDLE_MINUTES=1) never ends an active session
 * whose last use was not yet recorded.
 */
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    /**
     * Set when `session` is the process's remembered one, not yet confirmed by the database: the
     * route's statement must re-check it (`sessionCheckValues`), else `SessionStore.reread` it.
     */
    sessionCheck: SessionCheck | null;
  }
}

/** A remembered session, as the statement that serves its request re-checks it. */
export interface SessionCheck {
  /** The session's id (the SHA-256 of its cookie). */
  id: string;
  csrfToken: string;
  userId: number;
  role: SessionUser['role'];
  clientId: number | null;
  /** The request's time: the session is live if last seen within the idle limit before it. */
  now: Date;
}

/**
 * A state change refused by the CSRF check: missing, stale or forged token, or no session at all.
 */
export const CSRF_REFUSAL = 'La sesión ha expirado o el token CSRF no es válido. Recarga la página.';

/**
 * Thrown by a statement's caller when its re-check of a remembered session failed (the statement
 * wrote nothing): the route then reads the session from the database (`SessionStore.reread`).
 */
export class SessionNotConfirmed extends Error {
  override readonly name = 'SessionNotConfirmed';
  constructor() {
    super('the remembered session was not confirmed by the statement');
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The machine clients' area (src/integration/): authenticated by API key, never by cookie. */
export const INTEGRATION_PATH = /^\/api\/v1\/integration(\/|\?|$)/;

/** An anonymous visitor's session cookie: `anon.{issued seconds, base 36}.{16 random bytes}`. */
const ANONYMOUS_COOKIE = /^anon\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;
/** How far ahead of this instance's clock another instance's may have dated an anonymous cookie. */
const CLOCK_SKEW_MS = 60_000;

function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface SessionRow {
  id: string;
  csrf_token: string;
  last_seen_at: Date | string;
  user_id: number | null;
  username: string | null;
  name: string | null;
  email: string | null;
  role: SessionUser['role'] | null;
  client_id: number | null;
  parent_user_id: number | null;
  is_active: boolean | null;
  can_send_orders: boolean | null;
  can_view_invoices: boolean | null;
  sales_rep_id: number | null;
  client_name: string | null;
}

/**
 * The session row with its user and client, by the hash of the cookie: one primary-key lookup per
 * request, a named prepared statement (planned once per connection). (Folding the once-a-minute touch
 * into it as a data-modifying CTE was measured and not taken: no faster, and it saves a round trip
 * only once a minute per session; apps/api/README.md, _Anonymous visitors_.) It reads the accounts
 * module's users and clients: every request needs them, in the same one lookup.
 */
const readSession = preparedStatement<SessionRow>(
  'botica_session_read',
  sql`select s.id, s.csrf_token, s.last_seen_at, s.user_id, u.username, u.name, u.email, u.role,
             u.client_id, u.parent_user_id, u.is_active, u.can_send_orders, u.can_view_invoices,
             u.sales_rep_id,
             c.name as client_name
      from sessions s
      left join users u on u.id = s.user_id
      left join clients c on c.id = u.client_id
      where s.id = ${sql.placeholder('id')}`,
);

/**
 * The re-check of a remembered session inside a statement, as a `with` query named `session_check`
 * (one boolean column, `ok`; true when the statement serves no remembered session) followed by a
 * `session_touch` one that moves `last_seen_at` on as `SessionStore.load` does. Put it first in the
 * statement's `with`, make its writes depend on `(select ok from session_check)`, and give it
 * `sessionCheckValues(...)`. It reads the accounts module's users: the same row the session read joins.
 */
export const sessionCheckQueries = sql`session_check as (
        select ${sql.placeholder('sessionId')}::text is null or exists (
          select 1 from sessions s join users u on u.id = s.user_id
          where s.id = ${sql.placeholder('sessionId')}::text
            and s.csrf_token = ${sql.placeholder('sessionToken')}::text
            and s.last_seen_at >= ${sql.placeholder('sessionLiveSince')}::timestamptz
            and u.id = ${sql.placeholder('sessionUserId')}::int and u.is_active
            and u.role = ${sql.placeholder('sessionRole')}::text
            and u.client_id is not distinct from ${sql.placeholder('sessionClientId')}::int) as ok
      ), session_touch as (
        update sessions set last_seen_at = ${sql.placeholder('sessionNow')}::timestamptz
        where id = ${sql.placeholder('sessionId')}::text
          and last_seen_at < ${sql.placeholder('sessionTouchBefore')}::timestamptz
          and (select ok from session_check)
        returning id
      )`;

/** The named values of `sessionCheckQueries` for a statement that serves no remembered session. */
export const NO_SESSION_CHECK: Readonly<Record<string, unknown>> = Object.freeze({
  sessionId: null,
  sessionToken: null,
  sessionLiveSince: null,
  sessionUserId: null,
  sessionRole: null,
  sessionClientId: null,
  sessionNow: null,
  sessionTouchBefore: null,
});

/** Ends every session of a user (run it in the transaction that changes the user's password or access). */
export async function endUserSessions(context: CoreContext, userId: number): Promise<void> {
  await context.db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Sessions in the database: load, create, renew and end them. Every request reads its session row,
 * so a logout, a password change or a deactivated user takes effect on every instance and worker at
 * the very next request (docs/decisions/005); except on the routes registered with
 * `checkInStatement`, whose own statement re-checks the session the process remembers
 * (docs/decisions/026).
 */
export class SessionStore {
  readonly #context: CoreContext;
  readonly #secret: () => Promise<Buffer>;
  /**
   * Stored sessions last read with a user: hints for `checkInStatement` routes, and the answer of
   * `readsFromCache` routes while it hears every change (session-cache.ts).
   */
  readonly cache: SessionCache;
  /** `METHOD path` of the routes whose statement re-checks the session. */
  readonly #checkedInStatement = new Set<string>();
  /** `METHOD path` of the routes that take a cached session (docs/decisions/034). */
  readonly #readFromCache = new Set<string>();
  /** `METHOD path` of the routes that change sessions with a GET. */
  readonly #changeSessions = new Set<string>();
  constructor(context: CoreContext, cache: SessionCache = new SessionCache(new SharedListener())) {
    this.#context = context;
    this.#secret = csrfSecret(context);
    this.cache = cache;
  }

  get #idleMs(): number {
    return this.#context.settings.sessionIdleMinutes * 60_000;
  }

  get #touchIntervalMs(): number {
    return Math.min(TOUCH_INTERVAL_MS, this.#idleMs / 4);
  }

  /**
   * Registers an endpoint whose handler runs with the remembered session and whose statement
   * re-checks it (`sessionCheckQueries`), rereading it when that fails.
   */
  checkInStatement(endpoint: { method: string; path: string }): void {
    this.#checkedInStatement.add(`${endpoint.method} ${routerPath(endpoint.path)}`);
  }

  /** Whether a request is to a route registered with `checkInStatement`. */
  checksInStatement(request: FastifyRequest): boolean {
    return this.#checkedInStatement.has(`${request.method} ${request.routeOptions.url ?? ''}`);
  }

  /**
   * Registers a catalogue read that may take the session from the cache (docs/decisions/034): what
   * it answers is the same for every session that may call it, bar the pharmacy it names.
   */
  readsFromCache(endpoint: { method: string; path: string }): void {
    this.#readFromCache.add(`${endpoint.method} ${routerPath(endpoint.path)}`);
  }

  /** Whether a request is to a route registered with `readsFromCache`. */
  servesFromCache(request: FastifyRequest): boolean {
    return this.#readFromCache.has(`${request.method} ${request.routeOptions.url ?? ''}`);
  }

  /** Registers a route that changes sessions without a state-changing method (the logout, a GET). */
  changesSessions(endpoint: { method: string; path: string }): void {
    this.#changeSessions.add(`${endpoint.method} ${routerPath(endpoint.path)}`);
  }

  /**
   * Whether a request's answer waits for the barrier (`SessionCache.barrier`): every state change
   * but the catalogue's reads and the statements that check their own session, which change no
   * session, user or pharmacy; and the routes registered with `changesSessions`.
   */
  endsWithBarrier(request: FastifyRequest): boolean {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (this.#changeSessions.has(route)) return true;
    if (!STATE_CHANGING.has(request.method)) return false;
    return !this.#checkedInStatement.has(route) && !this.#readFromCache.has(route);
  }

  /**
   * The cached session of a cookie, while the cache hears every change and the session was seen
   * within the touch interval (else `load` reads it, and touches it when due); null otherwise.
   */
  cached(cookie: string): RequestSession | null {
    if (!this.cache.serving || cookie.length < 20 || cookie.length > 100) return null;
    const entry = this.cache.get(hashToken(cookie));
    if (!entry || this.#context.now().getTime() - entry.lastSeen > this.#touchIntervalMs) return null;
    return entry.session;
  }

  /**
   * The session this process last read for a cookie, with what its statement must re-check, or
   * null (never read here, forgotten, or not a logged-in user's).
   */
  remembered(cookie: string): { session: RequestSession; check: SessionCheck } | null {
    if (cookie.length < 20 || cookie.length > 100) return null;
    const session = this.cache.get(hashToken(cookie))?.session;
    if (!session) return null;
    return {
      session,
      check: {
        id: session.id as string,
        csrfToken: session.csrfToken,
        userId: session.user.id,
        role: session.user.role,
        clientId: session.user.clientId,
        now: this.#context.now(),
      },
    };
  }

  /** The named values of `sessionCheckQueries` for a check, or for none (`null`: always ok). */
  sessionCheckValues(check: SessionCheck | null): Record<string, unknown> {
    if (!check) return NO_SESSION_CHECK;
    const now = check.now.getTime();
    return {
      sessionId: check.id,
      sessionToken: check.csrfToken,
      // `load`'s rule: gone once idle for longer than the limit; touched once idle for longer than
      // the touch interval.
      sessionLiveSince: new Date(now - this.#idleMs).toISOString(),
      sessionUserId: check.userId,
      sessionRole: check.role,
      sessionClientId: check.clientId,
      sessionNow: check.now.toISOString(),
      sessionTouchBefore: new Date(now - this.#touchIntervalMs).toISOString(),
    };
  }

  /**
   * Runs the statement of a route registered with `checkInStatement` with the values that make it
   * re-check the request's remembered session (none when the session was read). When that check
   * fails (`SessionNotConfirmed`), or before answering any `HttpError` on an unconfirmed session, the
   * session is read (`reread`: 419 when it is gone) and, for a failed check, `run` runs again with no
   * check, on the session just read (so `run` must take its user from `request.session` each time).
   */
  async inStatement<T>(
    request: FastifyRequest,
    run: (sessionCheck: Readonly<Record<string, unknown>>) => Promise<T>,
  ): Promise<T> {
    try {
      return await run(this.sessionCheckValues(request.sessionCheck));
    } catch (error) {
      const refused = error instanceof SessionNotConfirmed || error instanceof HttpError;
      if (request.sessionCheck === null || !refused) throw error;
      await this.reread(request);
      if (!(error instanceof SessionNotConfirmed)) throw error;
      return run(NO_SESSION_CHECK);
    }
  }

  /**
   * Reads the session of a request whose remembered session was not confirmed (or must be before a
   * refusal is answered), as the request hook does for every other request: forgets the remembered
   * one, and answers 419 as the hook would have when the session is gone or its token differs.
   */
  async reread(request: FastifyRequest): Promise<void> {
    const cookie = request.cookies[SESSION_COOKIE] ?? '';
    if (request.sessionCheck) this.cache.delete(request.sessionCheck.id);
    request.sessionCheck = null;
    request.session = await this.load(cookie);
    // A read asks no CSRF token: its route's guard judges the session just read.
    if (!STATE_CHANGING.has(request.method)) return;
    const token = csrfHeader(request);
    if (!request.session || !token || !sameToken(token, request.session.csrfToken)) {
      throw new HttpError(419, CSRF_REFUSAL);
    }
  }

  /** The live session of a cookie value, or null (unknown, expired, or its user deactivated). */
  async load(cookie: string): Promise<RequestSession | null> {
    if (cookie.length < 20 || cookie.length > 100) return null;
    const id = hashToken(cookie);
    const now = this.#context.now().getTime();
    const read = await this.#read(id);
    if (!read) {
      this.cache.delete(id);
      return null;
    }
    if (now - read.lastSeen > this.#idleMs) {
      this.cache.delete(id);
      await this.#context.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    let lastSeen = read.lastSeen;
    if (now - read.lastSeen > this.#touchIntervalMs) {
      await this.#context.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, id));
      lastSeen = now;
    }
    this.cache.set(read.session, lastSeen);
    return read.session;
  }

  async #read(id: string): Promise<{ session: RequestSession; lastSeen: number } | null> {
    const [row] = await readSession(this.#context.db, { id });
    if (!row || (row.user_id !== null && row.is_active === false)) return null;
    const user: SessionUser | null =
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            username: row.username as string,
            name: row.name as string,
            email: row.email,
            role: row.role as SessionUser['role'],
            clientId: row.client_id,
            clientName: row.client_name,
            isSubUser: row.parent_user_id !== null,
            // A main user always has both permissions, whatever its row says.
            canSendOrders: row.parent_user_id === null || row.can_send_orders === true,
            canViewInvoices: row.parent_user_id === null || row.can_view_invoices === true,
            salesRepId: row.role === 'sales_rep' ? row.sales_rep_id : null,
          };
    return {
      session: { id, csrfToken: row.csrf_token, user },
      lastSeen: new Date(row.last_seen_at).getTime(),
    };
  }

  /** Starts a logged-in session; returns the cookie value, the session's id and its CSRF token. */
  async create(
    userId: number,
    meta: { ip: string; userAgent: string | undefined },
  ): Promise<{ cookie: string; id: string; csrfToken: string }> {
    const cookie = randomToken();
    const id = hashToken(cookie);
    const csrfToken = randomToken();
    const now = this.#context.now();
    await this.#context.db.insert(sessions).values({
      id,
      userId,
      csrfToken,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
    return { cookie, id, csrfToken };
  }

  /** Whether a session cookie is an anonymous visitor's (stateless) rather than a stored session's. */
  static isAnonymousCookie(cookie: string): boolean {
    return cookie.startsWith('anon.');
  }

  /** An anonymous visitor's CSRF token: the HMAC of its session cookie under the server's key. */
  async #anonymousToken(cookie: string): Promise<string> {
    return createHmac('sha256', await this.#secret())
      .update(`botica-anonymous-csrf\n${cookie}`)
      .digest('base64url');
  }

  /** Hands out a new anonymous session: its cookie value and CSRF token. Nothing is stored. */
  async startAnonymous(): Promise<{ cookie: string; csrfToken: string }> {
    const issued = Math.floor(this.#context.now().getTime() / 1000).toString(36);
    const cookie = `anon.${issued}.${randomBytes(16).toString('base64url')}`;
    return { cookie, csrfToken: await this.#anonymousToken(cookie) };
  }

  /** The anonymous session of a cookie value, or null (malformed or expired). No database row. */
  async anonymous(cookie: string): Promise<RequestSession | null> {
    const match = ANONYMOUS_COOKIE.exec(cookie);
    if (!match) return null;
    const issuedAt = Number.parseInt(match[1] as string, 36) * 1000;
    const now = this.#context.now().getTime();
    if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > this.#idleMs) return null;
    return { id: null, csrfToken: await this.#anonymousToken(cookie), user: null, issuedAt };
  }

  /** Whether an anonymous session is past half its life (the CSRF cookie call then hands a new one). */
  isAging(session: RequestSession): boolean {
    return (
      session.issuedAt !== undefined && this.#context.now().getTime() - session.issuedAt > this.#idleMs / 2
    );
  }

  /**
   * Ends every session of a user, through `within` (the context of the transaction that changes the
   * user): what another module's change to a user runs, without reaching the sessions itself.
   */
  endSessionsOf(within: CoreContext, userId: number): Promise<void> {
    // Only tidiness: the deletion's notification drops them everywhere (session-cache.ts).
    this.cache.dropUser(userId);
    return endUserSessions(within, userId);
  }

  /** Ends a session. */
  async destroy(id: string): Promise<void> {
    this.cache.delete(id);
    await this.#context.db.delete(sessions).where(eq(sessions.id, id));
  }

  /**
   * Deletes up to `batchSize` sessions idle for longer than the limit; returns how many. Rows another
   * instance is deleting (or a request is touching) at that moment are skipped (`for update skip
   * locked`), so several instances prune side by side without waiting for each other.
   */
  async pruneExpired(batchSize: number): Promise<number> {
    const limit = new Date(this.#context.now().getTime() - this.#idleMs).toISOString();
    const deleted = await selectRows<{ id: string }>(
      this.#context.db,
      sql`delete from sessions where id in (
            select id from sessions where last_seen_at < ${limit}::timestamptz
            limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  }
}

/** Writes the session and CSRF cookies (Secure behind HTTPS, or as COOKIE_SECURE says). */
export function setSessionCookies(
  context: CoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
  values: { cookie?: string; csrfToken: string },
): void {
  const setting = context.settings.cookieSecure;
  const secure = setting === 'always' || (setting === 'auto' && request.protocol === 'https');
  if (values.cookie !== undefined) {
    reply.setCookie(SESSION_COOKIE, values.cookie, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }
  reply.setCookie(XSRF_COOKIE, values.csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/** Removes both cookies. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

/** The request's `X-XSRF-TOKEN` header (the first, if sent twice). */
function csrfHeader(request: FastifyRequest): string | undefined {
  const header = request.headers[XSRF_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * Loads the session of every request (a stored one from the database, an anonymous one from its
 * cookie alone) and refuses a state change whose `X-XSRF-TOKEN` does not match the session's token
 * (419: missing, stale, forged, or no session at all). Every state change passes here, so the
 * anonymous calls (login, register, send_reset and reset) need nothing more. On a route registered
 * with `SessionStore.checkInStatement`, a remembered session whose token the header matches is used
 * without a read, and `request.sessionCheck` tells the route's statement to re-check it.
 */
export function installSessions(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionCheck', null);
  app.addHook('onRequest', async (request) => {
    // Liveness never touches the database, whatever cookie the prober sends (src/health/routes.ts).
    if (request.routeOptions.url === operations.health.path) return;
    // The integration area never reads a session nor asks a CSRF token: its API key is the credential.
    if (INTEGRATION_PATH.test(request.url)) return;
    const cookie = request.cookies[SESSION_COOKIE];
    const token = csrfHeader(request);
    const changing = STATE_CHANGING.has(request.method);
    if (cookie && (token || !changing) && store.checksInStatement(request)) {
      const remembered = SessionStore.isAnonymousCookie(cookie) ? null : store.remembered(cookie);
      // A token that differs from the remembered one is judged on the session read below.
      if (remembered && (!changing || (token && sameToken(token, remembered.session.csrfToken)))) {
        request.session = remembered.session;
        request.sessionCheck = remembered.check;
        return;
      }
    }
    // A catalogue read with a cached session (docs/decisions/034) is checked like any other below.
    request.session = !cookie
      ? null
      : SessionStore.isAnonymousCookie(cookie)
        ? await store.anonymous(cookie)
        : ((store.servesFromCache(request) ? store.cached(cookie) : null) ?? (await store.load(cookie)));
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.session || !token || !sameToken(token, request.session.csrfToken)) {
      throw new HttpError(419, CSRF_REFUSAL);
    }
  });
  // A change answers once every process's cache has dropped what it changed (session-cache.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && store.endsWithBarrier(request)) await store.cache.barrier();
    return payload;
  });
}
