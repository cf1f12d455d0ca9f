/**
 * The session as the back office sees it (`@botica/app-shell`'s session, configured): the
 * laboratory's staff (roles admin and sales_rep) may use it; a logged-in user of any other role (a
 * pharmacy's) is logged out and sent to the back office's login page.
 */
import { auth } from '@botica/api-client/endpoints';
import type { User } from '@botica/api-client/schemas';
import { createSession, type LoginSession } from '@botica/app-shell';
import { authApi, onUnauthorised } from '../../shared/api.ts';
import { reportCallError, reportSessionRefused } from '../../shared/errors.ts';
import { LOGIN_PATH } from '../../shared/paths.ts';
import { queryClient } from '../../shared/query-client.ts';
import { appStore } from '../../shared/store.ts';

/** The roles of the laboratory's staff, who use the back office. */
export const STAFF_ROLES: readonly User['role'][] = ['admin', 'sales_rep'];

const session = createSession<User>({
  store: appStore,
  calls: authApi,
  queryClient,
  userEndpoint: auth.user,
  allowedRoles: STAFF_ROLES,
  loginPath: LOGIN_PATH,
  onUnauthorised,
  reportCallError,
  reportSessionRefused,
});

/** The logged-in user, or null, for the screens that read it as they render. */
export const userAtom = session.userAtom;

/** Who is logged in (`GET /api/v1/user`), asked once per page load. */
export const currentUser: () => Promise<User | null> = session.currentUser;

/** Logs in, the server's answer becoming the user; the caller shows field errors from the thrown ApiError. */
export const logIn: (username: string, password: string) => Promise<User> = session.logIn;

/** Logs out (best effort: the session is forgotten locally whatever the server says). */
export const logOut: () => Promise<void> = session.logOut;

/** The one way a session ends in this page, logged out or answered 401. */
export const endSession: (reason: 'logout' | 'expired') => void = session.endSession;

/** Whether the user is one of the laboratory's staff. */
export function isStaff(user: User | null): user is User {
  return session.isAllowed(user);
}

/**
 * Guard of the back office's screens: anonymous visitors go to the login page and come back after
 * it; a logged-in user who is not staff is logged out and sent there. With `roles`, a staff member
 * of another role is refused with a 403 (the route's error page, in the staff's chrome).
 */
export function requireStaff(request: Request, roles?: readonly User['role'][]): Promise<User | null> {
  return session.guard(request, { requireUser: true, roles });
}

/** The session as the login page uses it. */
export const loginSession: LoginSession<User> = {
  logIn: session.logIn,
  logOut: session.logOut,
  currentUser: session.currentUser,
  isAllowed: session.isAllowed,
};
