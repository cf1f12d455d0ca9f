/**
 * `GET /sanctum/csrf-cookie`, `POST /api/v1/auth/login`, `GET /api/v1/auth/logout`, `GET /api/v1/user`
 * and `PUT /api/v1/user/change_password`. An anonymous visitor's CSRF
 * cookie is stateless (`sessions.ts`); a session is stored from login on.
 */
import { account, auth } from '@botica/api-client/endpoints';
import type { User } from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import { findUserByUsername } from '../accounts/accounts-service.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../accounts/password.ts';
import { isMaintenanceOn } from '../configurations/configuration-service.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError, statusMessage } from '../http/errors.ts';
import { addressKey, clearUsernameLock, limitAttempt } from './attempt-limits.ts';
import { changePassword, isCurrentPassword } from './auth-service.ts';
import { DeviceCookies } from './device-cookie.ts';
import type { SessionUser } from './session-user.ts';
import { clearSessionCookies, setSessionCookies } from './sessions.ts';

/** What the user reads after changing the password. */
export const PASSWORD_CHANGED =
  'Tu contraseña se ha cambiado. Las demás sesiones de tu usuario se han cerrado.';
const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

/** The wire's user (checked against `UserSchema` by the route adapter as it leaves). */
export function userBody(user: SessionUser): User {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    client: user.clientId === null ? null : { id: user.clientId, name: user.clientName ?? '' },
    is_sub_user: user.isSubUser,
    permissions: { can_send_orders: user.canSendOrders, can_view_invoices: user.canViewInvoices },
  };
}

const FAILED_LOGIN = 'Estas credenciales no coinciden con nuestros registros.';

export function registerAuthRoutes(app: FastifyInstance, context: RouteContext): void {
  const { sessions: store, limiter, passwordChecks } = context;
  const devices = new DeviceCookies(context);
  // Verifying against a real hash when the user is unknown keeps the answer time the same.
  const dummyHash = hashPassword('not-a-password');

  route(app, auth.csrfCookie, async ({ request, reply }) => {
    const session = request.session;
    if (session?.id) {
      // A stored session (logged in): its own token again.
      setSessionCookies(context, request, reply, { csrfToken: session.csrfToken });
      return undefined;
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
    return undefined;
  });

  route(app, auth.login, async ({ body, request, reply }) => {
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
    const row = await findUserByUsername(context, body.username);
    const valid = await passwordChecks.run(
      async () => verifyPassword(body.password, row?.passwordHash ?? (await dummyHash)),
      { trusted: device !== null },
    );
    if (!row || !valid || !row.isActive) {
      throw new HttpError(422, FAILED_LOGIN, { username: [FAILED_LOGIN] });
    }
    // In maintenance only the laboratory's staff log in (to the back office). Refused after the
    // password check, not before: a 503 before it would tell anyone which usernames are pharmacies';
    // after it, only the password's owner learns it, and no session is started.
    if (row.role === 'client' && (await isMaintenanceOn(context))) {
      await attempt.refund();
      throw new HttpError(503, statusMessage(503), undefined, { 'retry-after': '120' });
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
    return userBody(session.user);
  });

  // Answered once no process serves the ended session from its cache any more (the barrier).
  store.changesSessions(auth.logout);
  route(app, auth.logout, async ({ request, reply }) => {
    // A GET by contract: another site could log a pharmacist out with an image tag. The browser says
    // where a request comes from; a cross-site one is refused (clients that send no such header pass).
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'No se puede cerrar la sesión desde otro sitio web.');
    }
    if (request.session?.id) await store.destroy(request.session.id);
    clearSessionCookies(reply);
    return undefined;
  });

  route(app, auth.user, async ({ user }) => userBody(user));

  route(app, account.changePassword, async ({ body, user, request, reply }) => {
    checkNewPassword(
      body,
      user.username,
      body.current_password.length === 0
        ? { current_password: ['La contraseña actual es obligatoria.'] }
        : {},
    );
    // Counted before the current password is checked, like a login: guessing it here is no cheaper.
    const attempt = await limitAttempt(
      limiter,
      context.settings,
      'change_password',
      { username: user.username, address: request.clientAddress },
      'current_password',
    );
    if (!(await isCurrentPassword(context, { userId: user.id, password: body.current_password }))) {
      throw new HttpError(422, WRONG_CURRENT_PASSWORD, { current_password: [WRONG_CURRENT_PASSWORD] });
    }
    await attempt.refund();
    await changePassword(context, { userId: user.id, password: body.password });
    await clearUsernameLock(limiter, user.username);
    const created = await store.create(user.id, {
      ip: request.clientAddress,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookies(context, request, reply, created);
    request.log.info({ userId: user.id }, 'password changed: other sessions ended');
    return { message: PASSWORD_CHANGED };
  });
}
