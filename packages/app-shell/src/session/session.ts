/**
 * The session as an app sees it: the logged-in user (unknown until checked), login, logout and the
 * route guard. Each app says which roles may use it: a logged-in user of another role is logged out
 * and sent to its login page; anonymous visitors reach only the routes that do not require a user.
 */
import { isApiError } from '@botica/api-client';
import { type Atom, atom, type createStore } from 'jotai';
import { redirect } from 'react-router';
import { announceSessionEnd } from './session-events.ts';
import { forgetSessionHint, sessionHint } from './session-hint.ts';

type Store = ReturnType<typeof createStore>;

/** What the session needs of a user: who it is and its role. */
export interface SessionUser {
  id: number;
  role: string;
}

/** The API's calls a session makes (the api-client's `auth` group has this shape). */
export interface SessionCalls<U extends SessionUser> {
  /** Who is logged in; a 401 when nobody is. */
  user: () => Promise<U>;
  login: (credentials: { username: string; password: string }) => Promise<U>;
  logout: () => Promise<unknown>;
}

/** What differs between the apps that share the session. */
export interface SessionOptions<U extends SessionUser, Allowed extends U = U> {
  /** The app's jotai store: the user lives in it, for its screens and its loaders. */
  store: Store;
  calls: SessionCalls<U>;
  /** The roles that may use the app; a logged-in user of any other is logged out. */
  allowedRoles: readonly U['role'][];
  /** What else an allowed user must have (the portal's: a pharmacy). @default every user of an allowed role */
  isComplete?: ((user: U) => user is Allowed) | undefined;
  /** The app's login page, where the guard sends whoever may not stay. @default '/login' */
  loginPath?: string | undefined;
  /** Subscribes to the API's 401s (unauthorised.ts): the session ends when the server no longer knows it. */
  onUnauthorised: (listener: (message: string | undefined) => void) => unknown;
  /** Shows a failed user check (the app's error presentation). */
  reportCallError: (error: unknown, options: { isAuthCheck: true }) => unknown;
  /** Says the server ended the session; returns the dismissal of what it showed. */
  reportSessionRefused: (message: string | undefined) => () => void;
}

/** A session, configured for one app: {@link createSession}. */
export interface Session<U extends SessionUser, Allowed extends U = U> {
  /** The logged-in user, or null. */
  userAtom: Atom<U | null>;
  /**
   * Asks the server who is logged in (once per page load, again after login or logout); callers that
   * ask at the same time share one request.
   */
  currentUser: () => Promise<U | null>;
  /** Logs in; the caller shows field errors from the thrown ApiError. */
  logIn: (username: string, password: string) => Promise<U>;
  /** Logs out (best effort: the session is forgotten locally whatever the server says). */
  logOut: () => Promise<void>;
  /**
   * The one way a session ends in the page, logged out or answered 401: the user, the page's session
   * hint and the pending user check are forgotten, and the session's end is announced
   * (session-events.ts) unless an expiry found nobody logged in.
   */
  endSession: (reason: 'logout' | 'expired') => void;
  /** Whether the user may use the app (an allowed role, and complete). */
  isAllowed: (user: U | null) => user is Allowed;
  /**
   * Guard of a route: a logged-in user who may not use the app is logged out and sent to the login
   * page. With `requireUser`, anonymous visitors are sent there too and brought back after it.
   */
  guard: (request: Request, options: { requireUser: boolean }) => Promise<U | null>;
}

/**
 * The session of an app: its user check, login, logout and guard, for the roles it allows.
 *
 * @example
 * const session = createSession({
 *   store, calls: api.auth, allowedRoles: ['admin', 'sales_rep'], loginPath: '/login',
 *   onUnauthorised, reportCallError, reportSessionRefused,
 * });
 * const loader = ({ request }) => session.guard(request, { requireUser: true });
 */
export function createSession<U extends SessionUser, Allowed extends U = U>(
  options: SessionOptions<U, Allowed>,
): Session<U, Allowed> {
  const { store, calls, allowedRoles, isComplete, loginPath = '/login' } = options;

  /** undefined: not checked yet; null: anonymous. */
  const userStateAtom = atom<U | null | undefined>(undefined);
  const userAtom = atom((get) => get(userStateAtom) ?? null);

  // The user check in flight, shared by the loaders that ask at once.
  let asking: Promise<U | null> | null = null;
  /** Closes what said the server had ended the session. */
  let dismissRefusal: () => void = () => undefined;

  function currentUser(): Promise<U | null> {
    const known = store.get(userStateAtom);
    if (known !== undefined) return Promise.resolve(known);
    // The page was served to no session: nothing to ask (and no 401 in the console).
    if (sessionHint() === 'none') {
      store.set(userStateAtom, null);
      return Promise.resolve(null);
    }
    asking ??= calls
      .user()
      .then(
        (user) => user,
        (error: unknown) => {
          if (!isApiError(error) || error.status !== 401)
            options.reportCallError(error, { isAuthCheck: true });
          return null;
        },
      )
      .then((user) => {
        store.set(userStateAtom, user);
        asking = null;
        return user;
      });
    return asking;
  }

  async function logIn(username: string, password: string): Promise<U> {
    const user = await calls.login({ username, password });
    // Logged in again: what said the session had ended has nothing more to say.
    dismissRefusal();
    dismissRefusal = () => undefined;
    forgetSessionHint();
    store.set(userStateAtom, user);
    return user;
  }

  async function logOut(): Promise<void> {
    try {
      await calls.logout();
    } catch {
      // The server may already have ended the session; locally it ends anyway.
    }
    endSession('logout');
  }

  function endSession(reason: 'logout' | 'expired'): void {
    const user = store.get(userStateAtom);
    asking = null;
    forgetSessionHint();
    store.set(userStateAtom, null);
    if (reason === 'expired' && (user === undefined || user === null)) return;
    announceSessionEnd({ reason, userId: user?.id });
  }

  // A 401 while someone was logged in: said once, and the session ends. A 401 while nobody is (the
  // first check of an anonymous visit) says nothing new.
  options.onUnauthorised((message) => {
    const user = store.get(userStateAtom);
    if (user === undefined || user === null) return;
    dismissRefusal = options.reportSessionRefused(message);
    endSession('expired');
  });

  function isAllowed(user: U | null): user is Allowed {
    if (user === null || !allowedRoles.includes(user.role)) return false;
    return isComplete === undefined || isComplete(user);
  }

  async function guard(request: Request, guardOptions: { requireUser: boolean }): Promise<U | null> {
    const user = await currentUser();
    if (user !== null && !isAllowed(user)) {
      await logOut();
      throw redirect(loginPath);
    }
    if (guardOptions.requireUser && user === null) {
      const url = new URL(request.url);
      const back = url.pathname + url.search;
      throw redirect(back === '/' ? loginPath : `${loginPath}?redirect=${encodeURIComponent(back)}`);
    }
    return user;
  }

  return { userAtom, currentUser, logIn, logOut, endSession, isAllowed, guard };
}
