/**
 * `GET /sanctum/csrf-cookie`, `POST /api/v1/auth/login`, `GET /api/v1/auth/logout`, `GET /api/v1/user`.
 * An anonymous visitor's CSRF cookie is stateless (`sessions.ts`); a session is stored from login on.
 */
import { LoginRequestSchema, type User, UserSchema } from '@botica/api-client/schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { output, parse } from '../http/validation.ts';
import { addressKey, limitAttempt } from './attempt-limits.ts';
import { DeviceCookies } from './device-cookie.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { PasswordChecks } from './password-checks.ts';
import { clearSessionCookies, type SessionStore, type SessionUser, setSessionCookies } from './sessions.ts';

/** The wire's user. */
export function userBody(user: SessionUser): User {
  return output(UserSchema, {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    client: user.clientId === null ? null : { id: user.clientId, name: user.clientName ?? '' },
    is_sub_user: user.isSubUser,
    permissions: { can_send_orders: user.canSendOrders, can_view_invoices: user.canViewInvoices },
  });
}

const FAILED_LOGIN = 'Estas credenciales no coinciden con nuestros registros.';

export function registerAuthRoutes(
  app: FastifyInstance,
  context: AppContext,
  store: SessionStore,
  limiter: RateLimiter,
  passwordChecks: PasswordChecks,
): void {
  const devices = new DeviceCookies(context);
  // Verifying against a real hash when the user is unknown keeps the answer time the same.
  const dummyHash = hashPassword('not-a-password');

  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    const session = request.session;
    if (session?.id) {
      // A stored session (logged in): its own token again.
      setSessionCookies(context, request, reply, { csrfToken: session.csrfToken });
      return reply.code(204).send();
    }
    // An anonymous visitor: nothing is stored, and the calls are limited per address (a flood is
    // answered from memory once over the limit, without a statement per call).
    await limiter.attempt(
      'csrf_cookie',
      [
        {
          scope: 'address',
          key: addressKey(request.clientAddress),
          limit: context.settings.csrfCookieLimitPerAddress,
          windowSeconds: 60,
        },
      ],
      { rememberRefusals: true },
    );
    if (session && !store.isAging(session)) {
      setSessionCookies(context, request, reply, { csrfToken: session.csrfToken });
    } else {
      setSessionCookies(context, request, reply, await store.startAnonymous());
    }
    return reply.code(204).send();
  });

  app.post('/api/v1/auth/login', async (request, reply) => {
    const body = parse(LoginRequestSchema, request.body);
    // A browser that logged in as this username before (its device cookie) has its own budget and is
    // not held back by failures from elsewhere (device-cookie.ts).
    const device = await devices.trustedDevice(request, body.username);
    request.server.metrics.loginAttempted(device === null ? 'unknown' : 'known');
    passwordChecks.admit({ trusted: device !== null });
    // Counted before the password is checked, in the database: parallel attempts, other workers and
    // other instances all count into the same rows.
    const attempt = await limitAttempt(limiter, context.settings, 'login', {
      username: body.username,
      address: request.clientAddress,
      device,
    });
    const [row] = await context.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, body.username.toLowerCase()))
      .limit(1);
    const valid = await passwordChecks.run(
      async () => verifyPassword(body.password, row?.passwordHash ?? (await dummyHash)),
      { trusted: device !== null },
    );
    if (!row || !valid || !row.isActive) {
      throw new HttpError(422, FAILED_LOGIN, { username: [FAILED_LOGIN] });
    }
    // A success gives back its own attempt only: it never wipes the failures counted before it, so
    // logging in to one's own account between guesses at others buys no extra guesses.
    await attempt.refund();
    await devices.remember(request, reply, row.username);
    // A new stored session on login, with a new cookie and token: the anonymous one (stateless, or a
    // stored session already open) is left behind, so a planted session cookie is worth nothing (no
    // session fixation).
    if (request.session?.id) await store.destroy(request.session.id);
    const created = await store.create(row.id, {
      ip: request.clientAddress,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookies(context, request, reply, created);
    const session = await store.load(created.cookie);
    if (!session?.user) throw new Error('a session created at login could not be read back');
    return reply.send(userBody(session.user));
  });

  app.get('/api/v1/auth/logout', async (request, reply) => {
    // A GET (spec §7): another site could log a pharmacist out with an image tag. The browser says
    // where a request comes from; a cross-site one is refused (clients that send no such header pass).
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'No se puede cerrar la sesión desde otro sitio web.');
    }
    if (request.session?.id) await store.destroy(request.session.id);
    clearSessionCookies(reply);
    return reply.code(204).send();
  });

  app.get('/api/v1/user', async (request) => userBody(requireUser(request)));
}
