import { useDocumentTitle, useSubmit } from '@botica/app-shell';
import { ERROR_PAGE_TEXTS } from '@botica/domain';
import { type LoginCredentials, LoginForm } from '@botica/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { redirectTarget } from './redirect-target.ts';
import { currentUser, isStaff, logIn, logOut } from './session.ts';
import './login-page.css';

/**
 * /backoffice/login: the staff member's user and password, with the portal's session rules (the
 * server's CSRF cookie, its messages under the fields, its attempt limit). A pharmacy's user is
 * refused with the 403 text and logged out.
 */
export function LoginPage() {
  useDocumentTitle('Acceso');
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, isPending, failure, showFailure } = useSubmit({
    send: async ({ username, password }: LoginCredentials) => {
      const user = await logIn(username, password);
      if (!isStaff(user)) {
        await logOut();
        showFailure({ message: ERROR_PAGE_TEXTS[403], fields: {}, isTooManyAttempts: false });
        return;
      }
      navigate(redirectTarget(location.search), { replace: true });
    },
    // Wrong credentials (401), the fields' rules and the attempt limit: the form's.
    isShownByForm: (status) => status < 500 && status !== 419,
    reportError: reportCallError,
  });

  // Staff already logged in go on; a logged-in user of another role is logged out.
  useEffect(() => {
    let isCurrent = true;
    void currentUser().then(async (user) => {
      if (!isCurrent || user === null) return;
      if (isStaff(user)) void navigate(redirectTarget(location.search), { replace: true });
      else await logOut();
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate, location.search]);

  return (
    <main className="bo-login" id="main">
      <section className="bo-login__card" aria-labelledby="login-title">
        <p className="bo-login__eyebrow">Back office del laboratorio</p>
        <h1 id="login-title" className="bo-login__title">
          Accede al back office
        </h1>
        <LoginForm
          onSubmit={(credentials) => void submit(credentials)}
          isPending={isPending}
          fieldErrors={failure?.fields}
          errorMessage={failure?.message}
          autoFocus
        />
      </section>
    </main>
  );
}
