/**
 * The session as the portal sees it (`@botica/app-shell`'s session, configured): only role client
 * with a pharmacy may use the portal; a logged-in user of another role is logged out and sent to
 * /login; anonymous users reach only the public routes.
 */
import { auth } from '@botica/api-client/endpoints';
import type { User } from '@botica/api-client/schemas';
import { createSession } from '@botica/app-shell';
import { api, onUnauthorised } from '../../shared/api.ts';
import { reportCallError, reportSessionRefused } from '../../shared/errors.ts';
import { queryClient } from '../../shared/query-client.ts';
import { appStore } from '../../shared/store.ts';

type ClientUser = User & { client: NonNullable<User['client']> };

const session = createSession<User, ClientUser>({
  store: appStore,
  calls: api.auth,
  queryClient,
  userEndpoint: auth.user,
  allowedRoles: ['client'],
  isComplete: (user): user is ClientUser => user.client !== null,
  loginPath: '/login',
  onUnauthorised,
  reportCallError,
  reportSessionRefused,
});

/** The logged-in user, or null: the copy of the user's query for the screens that read it as they render. */
export const userAtom = session.userAtom;

/**
 * Who is logged in: the user's query (`GET /api/v1/user`) in the portal's query client, asked once
 * per page load and fresh until a login, a logout or a 401; loaders that ask at the same time share
 * one request.
 */
export const currentUser: () => Promise<User | null> = session.currentUser;

/** Logs in, the server's answer becoming the user; the caller shows field errors from the thrown ApiError. */
export const logIn: (username: string, password: string) => Promise<User> = session.logIn;

/** Logs out (best effort: the session is forgotten locally whatever the server says). */
export const logOut: () => Promise<void> = session.logOut;

/**
 * The one way a session ends in this page, whether the pharmacist logged out or the server answered
 * 401: the query client forgets what the session read and knows nobody is logged in, the router runs
 * its guards again, so a logged-in screen goes to /login and comes back after it; the header and the
 * other chromes follow `userAtom`.
 */
export const endSession: (reason: 'logout' | 'expired') => void = session.endSession;

/** Only role client may use the portal. */
export function isClient(user: User | null): user is ClientUser {
  return session.isAllowed(user);
}

/**
 * Guard of every route: a logged-in user who is not a client is logged out and sent to /login.
 * With `requireClient`, anonymous users are sent to /login and brought back after logging in.
 */
export function guard(request: Request, options: { requireClient: boolean }): Promise<User | null> {
  return session.guard(request, { requireUser: options.requireClient });
}
