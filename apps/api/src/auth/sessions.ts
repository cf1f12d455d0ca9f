/**
 * Sessions and CSRF, the Laravel Sanctum SPA model (ARCHITECTURE.md §2). The session cookie holds a
 * random value; the database keeps only its SHA-256, the user, the CSRF token and the last activity.
 * `GET /sanctum/csrf-cookie` starts a session (anonymous until login) and hands the CSRF token out in
 * the readable `XSRF-TOKEN` cookie; every POST, PUT, PATCH and DELETE must send it back in
 * `X-XSRF-TOKEN`, else 419. A session idle for longer than `SESSION_IDLE_MINUTES` is gone.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { preparedStatement } from '../db/database.ts';
import { sessions } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** The HttpOnly session cookie. */
export const SESSION_COOKIE = 'botica_session';
/** The readable CSRF cookie (Sanctum's name). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header that carries the CSRF token back (Sanctum's name). */
export const XSRF_HEADER = 'x-xsrf-token';

/** Touch `last_seen_at` at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The logged-in user as the routes need it. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: 'client' | 'sales_rep' | 'admin';
  clientId: number | null;
  clientName: string | null;
  isSubUser: boolean;
}

/** The session of a request: none, anonymous (CSRF only) or with a user. */
export interface RequestSession {
  id: string;
  csrfToken: string;
  user: SessionUser | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  client_name: string | null;
}

/**
 * The session row with its user and client, by the hash of the cookie: one primary-key lookup per
 * request, a named prepared statement (planned once per connection).
 */
const readSession = preparedStatement<SessionRow>(
  'botica_session_read',
  sql`select s.id, s.csrf_token, s.last_seen_at, s.user_id, u.username, u.name, u.email, u.role,
             u.client_id, u.parent_user_id, u.is_active, c.name as client_name
      from sessions s
      left join users u on u.id = s.user_id
      left join clients c on c.id = u.client_id
      where s.id = ${sql.placeholder('id')}`,
);

/**
 * Sessions in the database: load, create, renew and end them. Every request reads its session row
 * (nothing is cached in the process), so a logout, a password change or a deactivated user takes
 * effect on every instance and worker at the very next request (docs/decisions/005).
 */
export class SessionStore {
  readonly #context: AppContext;
  constructor(context: AppContext) {
    this.#context = context;
  }

  get #idleMs(): number {
    return this.#context.settings.sessionIdleMinutes * 60_000;
  }

  /** The live session of a cookie value, or null (unknown, expired, or its user deactivated). */
  async load(cookie: string): Promise<RequestSession | null> {
    if (cookie.length < 20 || cookie.length > 100) return null;
    const id = hashToken(cookie);
    const now = this.#context.now().getTime();
    const read = await this.#read(id);
    if (!read) return null;
    if (now - read.lastSeen > this.#idleMs) {
      await this.#context.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (now - read.lastSeen > TOUCH_INTERVAL_MS) {
      await this.#context.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, id));
    }
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
          };
    return {
      session: { id, csrfToken: row.csrf_token, user },
      lastSeen: new Date(row.last_seen_at).getTime(),
    };
  }

  /** Starts a session (anonymous when `userId` is null); returns the cookie value and the session. */
  async create(
    userId: number | null,
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

  /** Ends a session. */
  async destroy(id: string): Promise<void> {
    await this.#context.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Deletes the sessions idle for longer than the limit. */
  async prune(): Promise<void> {
    const limit = new Date(this.#context.now().getTime() - this.#idleMs);
    await this.#context.db.delete(sessions).where(lt(sessions.lastSeenAt, limit));
  }
}

/** Writes the session and CSRF cookies (Secure behind HTTPS, or as COOKIE_SECURE says). */
export function setSessionCookies(
  context: AppContext,
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

/**
 * Loads the session of every request and refuses a state change whose `X-XSRF-TOKEN` does not match
 * the session's token (419: missing, stale, or no session at all).
 */
export function installSessions(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies[SESSION_COOKIE];
    request.session = cookie ? await store.load(cookie) : null;
    if (!STATE_CHANGING.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!request.session || !token || !sameToken(token, request.session.csrfToken)) {
      throw new HttpError(419, 'La sesión ha expirado o el token CSRF no es válido. Recarga la página.');
    }
  });
}
