/**
 * The session as an app sees it: the logged-in user (unknown until checked), login, logout and the
 * route guard. Each app says which roles may use it: a logged-in user of another role is logged out
 * and sent to its login page; anonymous visitors reach only the routes that do not require a user.
 * The user is the user endpoint's entry in the app's query client, like any other answer of the
 * server; the store holds a copy for the screens that read it as they render.
 */
import { isApiError } from '@botica/api-client';
import type { Endpoint } from '@botica/api-client/endpoints';
import { hashKey, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type Atom, atom, type createStore } from 'jotai';
import { redirect } from 'react-router';
import type { DeferredQueryClient } from '../query/deferred-query-client.ts';
import { endpointKey } from '../query/endpoint-query.ts';
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
  /** The app's jotai store: it holds a copy of the user, for the screens that read it as they render. */
  store: Store;
  calls: SessionCalls<U>;
  /** The app's one query client ({@link deferQueryClient}): the user is an entry of it. */
  queryClient: Pick<DeferredQueryClient, 'load' | 'current'>;
  /** The endpoint `calls.user` calls: its key ({@link endpointKey}) names the user's entry. */
  userEndpoint: Endpoint;
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

/** What a route asks of its visitor ({@link Session.guard}). */
export interface GuardOptions<U extends SessionUser> {
  /** Anonymous visitors go to the login page and come back after it. */
  requireUser: boolean;
  /** The only roles that may open the route (a narrower set than the app's); others get a 403. @default every role of the app */
  roles?: readonly U['role'][] | undefined;
}

/** A session, configured for one app: {@link createSession}. */
export interface Session<U extends SessionUser, Allowed extends U = U> {
  /** The logged-in user, or null. */
  userAtom: Atom<U | null>;
  /**
   * Asks the server who is logged in, once per page load: the answer stays fresh until a login, a
   * logout or a 401 replaces it, and callers that ask at the same time share one request.
   */
  currentUser: () => Promise<U | null>;
  /** Logs in, the server's answer becoming the user; the caller shows field errors from the thrown ApiError. */
  logIn: (username: string, password: string) => Promise<U>;
  /** Logs out (best effort: the session is forgotten locally whatever the server says). */
  logOut: () => Promise<void>;
  /**
   * The one way a session ends in the page, logged out or answered 401: the page's session hint and
   * everything the query client holds are forgotten, the user becomes nobody (known, not asked
   * again), and the session's end is announced (session-events.ts) unless an expiry found nobody
   * logged in.
   */
  endSession: (reason: 'logout' | 'expired') => void;
  /** Whether the user may use the app (an allowed role, and complete). */
  isAllowed: (user: U | null) => user is Allowed;
  /**
   * Guard of a route: a logged-in user who may not use the app is logged out and sent to the login
   * page. With `requireUser`, anonymous visitors are sent there too and brought back after it. With
   * `roles`, a user of the app whose role is not among them is refused with a 403 the route's error
   * page shows (he stays logged in: the app is his, that page is not).
   */
  guard: (request: Request, options: GuardOptions<U>) => Promise<U | null>;
}

/**
 * The session of an app: its user check, login, logout and guard, for the roles it allows.
 *
 * @example
 * const session = createSession({
 *   store, calls: api.auth, queryClient, userEndpoint: endpoints.auth.user,
 *   allowedRoles: ['admin', 'sales_rep'], loginPath: '/login',
 *   onUnauthorised, reportCallError, reportSessionRefused,
 * });
 * const loader = ({ request }) => session.guard(request, { requireUser: true });
 */
export function createSession<U extends SessionUser, Allowed extends U = U>(
  options: SessionOptions<U, Allowed>,
): Session<U, Allowed> {
  const { store, calls, allowedRoles, isComplete, loginPath = '/login' } = options;

  /** The copy of the user's entry: undefined while not checked, null for nobody. */
  const userStateAtom = atom<U | null | undefined>(undefined);
  const userAtom = atom((get) => get(userStateAtom) ?? null);

  const userKey = endpointKey(options.userEndpoint);
  const userHash = hashKey(userKey);
  // Fresh for the whole page and never collected: only a login, a logout or a 401 changes who it is.
  // A failed check is reported and counts as nobody, as the server's 401 does.
  const userQuery = queryOptions({
    queryKey: userKey,
    queryFn: (): Promise<U | null> =>
      calls.user().catch((error: unknown) => {
        if (!isApiError(error) || error.status !== 401) options.reportCallError(error, { isAuthCheck: true });
        return null;
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  /** Closes what said the server had ended the session. */
  let dismissRefusal: () => void = () => undefined;

  /** The client whose user entry the store copies. */
  let watched: QueryClient | undefined;

  /** Keeps the store's copy in step with the user's entry of `client`, from now on. */
  function watch(client: QueryClient): QueryClient {
    if (watched === client) return client;
    watched = client;
    store.set(userStateAtom, client.getQueryData<U | null>(userKey));
    client.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== userHash) return;
      store.set(userStateAtom, event.type === 'removed' ? undefined : (event.query.state.data as U | null));
    });
    return client;
  }

  async function queryClient(): Promise<QueryClient> {
    return watch(await options.queryClient.load());
  }

  /** The user as last known: undefined while not checked. */
  function knownUser(): U | null | undefined {
    return options.queryClient.current()?.getQueryData<U | null>(userKey);
  }

  async function currentUser(): Promise<U | null> {
    // The page was served to no session: nothing to ask (and no 401 in the console), no query
    // client to load. The hint holds until a login or a logout, which write the user's entry.
    if (sessionHint() === 'none') return null;
    const client = await queryClient();
    try {
      return await client.fetchQuery(userQuery);
    } catch (error) {
      // A login or the session's end replaced the check in flight: what they wrote is the answer.
      const replaced = client.getQueryData<U | null>(userKey);
      if (replaced !== undefined) return replaced;
      throw error;
    }
  }

  /** Writes who is logged in, over any check still in flight (it would answer for the session before). */
  function writeUser(client: QueryClient, user: U | null): void {
    void client.cancelQueries({ queryKey: userKey, exact: true });
    client.setQueryData(userKey, user);
  }

  async function logIn(username: string, password: string): Promise<U> {
    const user = await calls.login({ username, password });
    // Logged in again: what said the session had ended has nothing more to say.
    dismissRefusal();
    dismissRefusal = () => undefined;
    forgetSessionHint();
    writeUser(await queryClient(), user);
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
    const user = knownUser();
    forgetSessionHint();
    const made = options.queryClient.current();
    if (made === undefined) {
      // No client yet, so no user known: written once it is made, the next check finds nobody without
      // asking. A client that failed to load is loaded again by that check, which then asks.
      options.queryClient.load().then(
        (client) => writeUser(watch(client), null),
        () => undefined,
      );
    } else {
      const client = watch(made);
      writeUser(client, null);
      // What one user's session read is not shown to whoever logs in next in this page.
      client.removeQueries({ predicate: (query) => query.queryHash !== userHash });
      client.getMutationCache().clear();
    }
    if (reason === 'expired' && (user === undefined || user === null)) return;
    announceSessionEnd({ reason, userId: user?.id });
  }

  // A 401 while someone was logged in: said once, and the session ends. A 401 while nobody is (the
  // first check of an anonymous visit) says nothing new.
  options.onUnauthorised((message) => {
    const user = knownUser();
    if (user === undefined || user === null) return;
    dismissRefusal = options.reportSessionRefused(message);
    endSession('expired');
  });

  function isAllowed(user: U | null): user is Allowed {
    if (user === null || !allowedRoles.includes(user.role)) return false;
    return isComplete === undefined || isComplete(user);
  }

  async function guard(request: Request, guardOptions: GuardOptions<U>): Promise<U | null> {
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
    const { roles } = guardOptions;
    if (user !== null && roles !== undefined && !roles.includes(user.role)) {
      // A refusal carries nothing of the page; the router makes it the route's error (its 403 page).
      throw new Response(null, { status: 403, statusText: 'Forbidden' });
    }
    return user;
  }

  return { userAtom, currentUser, logIn, logOut, endSession, isAllowed, guard };
}
