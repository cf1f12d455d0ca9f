import { useDocumentTitle, useLogin } from '@botica/app-shell';
import { LoginForm } from '@botica/ui';
import { useSearchParams } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { redirectTarget } from './redirect-target.ts';
import './login-page.css';

/** The session module, with the admin API client: loaded after the page has painted, not with it. */
const loadSession = async () => (await import('./session.ts')).loginSession;

/** What the portal's password page sends a staff member here to read (`?motivo=`). */
const PASSWORD_NOTICES: Readonly<Record<string, string>> = {
  acceso: 'Contraseña guardada. Entra con tu usuario y la contraseña que acabas de elegir.',
  cambio: 'Contraseña cambiada. Entra con tu usuario y la contraseña nueva.',
};

/**
 * /backoffice/login: the staff member's user and password, with the portal's session rules (the
 * server's CSRF cookie, its messages under the fields, its attempt limit). A pharmacy's user is
 * refused with the 403 text and logged out; staff already logged in go on.
 */
export function LoginPage() {
  useDocumentTitle('Acceso');
  const [params] = useSearchParams();
  const notice = PASSWORD_NOTICES[params.get('motivo') ?? ''];
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
        {notice === undefined ? null : (
          <p className="bo-login__notice" role="status">
            {notice}
          </p>
        )}
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
