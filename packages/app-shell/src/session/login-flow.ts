/**
 * What a login page does, whatever it looks like: sends the credentials, lets in a user of the
 * app's roles and refuses any other with the 403 text (logged out again), goes on to the page that
 * asked for the login, and sends a visitor who is already logged in on at once.
 */
import { ERROR_PAGE_TEXTS } from '@botica/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Submit, useSubmit } from '../forms/use-form.ts';
import { afterPaint } from '../navigation/when-idle.ts';

/** What the login page needs of the app's session ({@link createSession}'s, or its app's wrapper). */
export interface LoginSession<U> {
  logIn: (username: string, password: string) => Promise<U>;
  logOut: () => Promise<void>;
  currentUser: () => Promise<U | null>;
  /** Whether the user may use the app. */
  isAllowed: (user: U | null) => boolean;
}

/** What differs between the apps' login pages: {@link useLogin}. */
export interface LoginOptions<U> {
  /**
   * The app's session; a function, so that an app whose login page is in the first load can load the
   * session's module (and its API client) only when it is needed: an existing session, or the first
   * key or pointer press on the page.
   */
  loadSession: () => Promise<LoginSession<U>>;
  /** Where to go after the login, from the page's query (the app's {@link redirectTarget}). */
  redirectTarget: (search: string) => string;
  /** Shows a failure the form does not show (the app's `reportCallError`). */
  reportError: (error: unknown) => unknown;
  /**
   * Whether the visit has no session, answered without the API client (the page's session hint, a
   * plain request): then nothing more is asked. @default always asks the session
   */
  isAnonymous?: (() => Promise<boolean>) | undefined;
}

/** The login form's submit: what `LoginForm` shows, and its `onSubmit`. */
export type Login = Pick<
  Submit<[{ username: string; password: string }]>,
  'submit' | 'isPending' | 'failure'
>;

/**
 * The behaviour of an app's login page; the page keeps its texts and look.
 *
 * Wrong credentials (401), the fields' rules and the attempt limit are shown by the form; a user of
 * another role is logged out and refused with the 403 text. Whoever is already logged in is checked
 * once the form has painted: one of the app's goes on, anyone else is logged out.
 *
 * @example
 * const { submit, isPending, failure } = useLogin({ loadSession: async () => session, redirectTarget, reportError });
 * return <LoginForm onSubmit={(credentials) => void submit(credentials)} isPending={isPending} … />;
 */
export function useLogin<U>({
  loadSession,
  redirectTarget,
  reportError,
  isAnonymous,
}: LoginOptions<U>): Login {
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, isPending, failure, showFailure } = useSubmit({
    send: async ({ username, password }: { username: string; password: string }) => {
      // Inside the send: offline, the session's code may not load either, and that is said too.
      const { isAllowed, logIn, logOut } = await loadSession();
      const user = await logIn(username, password);
      if (!isAllowed(user)) {
        await logOut();
        showFailure({ message: ERROR_PAGE_TEXTS[403], fields: {}, isTooManyAttempts: false });
        return;
      }
      navigate(redirectTarget(location.search), { replace: true });
    },
    // Wrong credentials (401), a refused role (403), the fields' rules and the attempt limit: the form's.
    isShownByForm: (status) => status < 500 && status !== 419,
    reportError,
  });

  useEffect(() => {
    let isCurrent = true;
    const check = async () => {
      if (isAnonymous !== undefined && (await isAnonymous())) return;
      const { currentUser, isAllowed, logOut } = await loadSession();
      const user = await currentUser();
      if (!isCurrent || user === null) return;
      if (isAllowed(user)) void navigate(redirectTarget(location.search), { replace: true });
      else await logOut();
    };
    const cancel = afterPaint(() => void check());
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [navigate, location.search, loadSession, redirectTarget, isAnonymous]);

  // Whoever starts typing is about to log in: the session's code loads meanwhile.
  useEffect(() => {
    const prefetch = () => void loadSession().catch(() => undefined);
    const options = { capture: true, once: true } as const;
    window.addEventListener('keydown', prefetch, options);
    window.addEventListener('pointerdown', prefetch, options);
    return () => {
      window.removeEventListener('keydown', prefetch, options);
      window.removeEventListener('pointerdown', prefetch, options);
    };
  }, [loadSession]);

  return { submit, isPending, failure };
}

/**
 * Where to go after the login, inside the app: the page that asked for it (the guard names it with
 * the app's base path in front), never another site, another app of the same origin, or a login
 * page. Anything else goes to the app's home, '/'.
 * @example redirectTarget('?redirect=%2Fbackoffice%2Forders', { basename: '/backoffice' }) // '/orders'
 */
export function redirectTarget(
  search: string,
  { basename = '', loginPath = '/login' }: { basename?: string; loginPath?: string } = {},
): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith(`${basename}/`) || target.startsWith('//')) return '/';
  const inApp = target.slice(basename.length);
  return inApp.startsWith('//') || inApp.startsWith(loginPath) ? '/' : inApp;
}
