/**
 * The session as the portal sees it: the logged-in user (unknown until checked), login, logout and
 * the route guard: only role client may use the portal; a logged-in user of another role
 * is logged out and sent to /login; anonymous users reach only the public routes.
 */
import { isApiError } from '@botica/api-client';
import type { User } from '@botica/api-client/schemas';
import { atom } from 'jotai';
import { redirect } from 'react-router';
import { api, onUnauthorised } from '../../app/api.ts';
import { reportCallError, reportSessionRefused } from '../../app/errors.ts';
import { announceSessionEnd } from '../../app/session-events.ts';
import { forgetSessionHint, sessionHint } from '../../app/session-hint.ts';
import { appStore } from '../../app/store.ts';

/** undefined: not checked yet; null: anonymous. */
const userStateAtom = atom<User | null | undefined>(undefined);

/** The logged-in user, or null. */
export const userAtom = atom((get) => get(userStateAtom) ?? null);

let asking: Promise<User | null> | null = null;

/** Closes the toast that said the server had ended the session. */
let dismissRefusal: () => void = () => undefined;

/**
 * Asks the server who is logged in (once per page load, again after login or logout); loaders that
 * ask at the same time share one request.
 */
export function currentUser(): Promise<User | null> {
  const known = appStore.get(userStateAtom);
  if (known !== undefined) return Promise.resolve(known);
  // The page was served to no session: nothing to ask (and no 401 in the console).
  if (sessionHint() === 'none') {
    appStore.set(userStateAtom, null);
    return Promise.resolve(null);
  }
  asking ??= api.auth
    .user()
    .then(
      (user) => user,
      (error: unknown) => {
        if (!isApiError(error) || error.status !== 401) reportCallError(error, { isAuthCheck: true });
        return null;
      },
    )
    .then((user) => {
      appStore.set(userStateAtom, user);
      asking = null;
      return user;
    });
  return asking;
}

/** Logs in; the caller shows field errors from the thrown ApiError. */
export async function logIn(username: string, password: string): Promise<User> {
  const user = await api.auth.login({ username, password });
  // Logged in again: the toast that said the session had ended has nothing more to say.
  dismissRefusal();
  dismissRefusal = () => undefined;
  forgetSessionHint();
  appStore.set(userStateAtom, user);
  return user;
}

/** Logs out (best effort: the session is forgotten locally whatever the server says). */
export async function logOut(): Promise<void> {
  try {
    await api.auth.logout();
  } catch {
    // The server may already have ended the session; locally it ends anyway.
  }
  endSession('logout');
}

/**
 * The one way a session ends in this page, whether the pharmacist logged out or the server answered
 * 401 (the session expired, or a password change on another device ended it): the user, the page's
 * session hint and the pending user check are forgotten, and whatever keeps something of the session
 * is told (session-events.ts): the router runs its guards again, so a logged-in screen goes to /login
 * and comes back after it; the header and the other chromes follow `userAtom`.
 */
export function endSession(reason: 'logout' | 'expired'): void {
  const user = appStore.get(userStateAtom);
  asking = null;
  forgetSessionHint();
  appStore.set(userStateAtom, null);
  if (reason === 'expired' && (user === undefined || user === null)) return;
  announceSessionEnd({ reason, userId: user?.id });
}

/**
 * A call answered 401 while the portal thought someone was logged in: the spec's toast
 * ('Autentificación denegada' with the server's message), once, and the session ends. A 401 while
 * nobody is (the first check of an anonymous visit) says nothing new.
 */
function sessionRefused(message: string | undefined): void {
  const user = appStore.get(userStateAtom);
  if (user === undefined || user === null) return;
  dismissRefusal = reportSessionRefused(message);
  endSession('expired');
}

onUnauthorised(sessionRefused);

/** Only role client may use the portal. */
export function isClient(user: User | null): user is User & { client: NonNullable<User['client']> } {
  return user !== null && user.role === 'client' && user.client !== null;
}

/**
 * Guard of every route: a logged-in user who is not a client is logged out and sent to /login.
 * With `requireClient`, anonymous users are sent to /login and brought back after logging in.
 */
export async function guard(request: Request, options: { requireClient: boolean }): Promise<User | null> {
  const user = await currentUser();
  if (user !== null && !isClient(user)) {
    await logOut();
    throw redirect('/login');
  }
  if (options.requireClient && user === null) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`);
  }
  return user;
}
