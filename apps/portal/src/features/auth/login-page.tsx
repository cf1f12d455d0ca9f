import type { User } from '@botica/api-client/schemas';
import { type LoginSession, useDocumentTitle, useLogin } from '@botica/app-shell';
import { LoginForm } from '@botica/ui';
import { Link } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { isAnonymous } from './anonymous-check.ts';
import { redirectTarget } from './redirect-target.ts';

/**
 * The session module, with the API client: loaded when needed (an existing session, or the
 * pharmacist starting to log in), not with the login page.
 */
const loadSession = async (): Promise<LoginSession<User>> => {
  const { currentUser, isClient, logIn, logOut } = await import('./session.ts');
  return { currentUser, isAllowed: isClient, logIn, logOut };
};

import './login-page.css';

/**
 * /login: the pharmacy's user and password; the server's messages under the fields; the
 * ways to the password recovery and to the registration request.
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

  return (
    <div className="login">
      <section className="login__card" aria-labelledby="login-title">
        <p className="login__eyebrow">Portal de farmacias</p>
        <h1 id="login-title" className="login__title">
          Accede a tu cuenta
        </h1>
        <p className="login__intro">
          Haz tus pedidos, consulta tus envíos y facturas y sigue nuestra formación.
        </p>
        <LoginForm
          onSubmit={(credentials) => void submit(credentials)}
          isPending={isPending}
          fieldErrors={failure?.fields}
          errorMessage={failure?.message}
          autoFocus
        />
        {/* react-router's plain links: the login page stays without react-aria (docs/decisions/006). */}
        <div className="login__links">
          <p>
            <Link className="bt-link bt-link--standalone" to="/login/recovery">
              ¿Has olvidado tu contraseña?
            </Link>
          </p>
          <p>
            ¿Tu farmacia aún no es cliente?{' '}
            <Link className="bt-link bt-link--inline" to="/login/register">
              Solicita el alta
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
