import { useDocumentTitle, useLogin } from '@botica/app-shell';
import { LoginForm } from '@botica/ui';
import { reportCallError } from '../../shared/errors.ts';
import { redirectTarget } from './redirect-target.ts';
import { loginSession } from './session.ts';
import './login-page.css';

const loadSession = async () => loginSession;

/**
 * /backoffice/login: the staff member's user and password, with the portal's session rules (the
 * server's CSRF cookie, its messages under the fields, its attempt limit). A pharmacy's user is
 * refused with the 403 text and logged out; staff already logged in go on.
 */
export function LoginPage() {
  useDocumentTitle('Acceso');
  const { submit, isPending, failure } = useLogin({
    loadSession,
    redirectTarget,
    reportError: reportCallError,
  });

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
