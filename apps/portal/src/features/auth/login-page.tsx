import type { User } from '@botica/api-client/schemas';
import { type LoginSession, useDocumentTitle, useLogin } from '@botica/app-shell';
import { useEffect } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { isAnonymous } from './anonymous-check.ts';
import { hasQueuedLogin, takeQueuedLogin } from './login-hand-over.ts';
import { LoginScreen } from './login-screen.tsx';
import { redirectTarget } from './redirect-target.ts';

/**
 * The session module, with the API client: loaded when needed (an existing session, or the
 * pharmacist starting to log in), not with the login page.
 */
const loadSession = async (): Promise<LoginSession<User>> => {
  const { currentUser, isClient, logIn, logOut } = await import('./session.ts');
  return { currentUser, isAllowed: isClient, logIn, logOut };
};

/**
 * /login in the router: the login sent, the server's messages, the page that asked for the login
 * next, a pharmacist already logged in sent on. A first visit paints the same card before the
 * router (src/app/first-screen.tsx); a login sent there is sent from here, once.
 */
export function LoginPage() {
  useDocumentTitle('Acceso');
  const { submit, isPending, failure } = useLogin({
    loadSession,
    redirectTarget,
    reportError: reportCallError,
    // Most visits have no session: a plain request says so without the API client.
    isAnonymous,
  });

  useEffect(() => {
    const queued = takeQueuedLogin();
    if (queued !== null) void submit(queued);
  }, [submit]);

  return (
    <LoginScreen
      onSubmit={(credentials) => void submit(credentials)}
      // Under way from the first render when the first screen's login is about to be sent.
      isPending={isPending || hasQueuedLogin()}
      fieldErrors={failure?.fields}
      errorMessage={failure?.message}
    />
  );
}
