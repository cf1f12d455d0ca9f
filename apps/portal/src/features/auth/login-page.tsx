import { afterPaint, useDocumentTitle, useSubmit } from '@botica/app-shell';
import { ERROR_PAGE_TEXTS } from '@botica/domain';
import { type LoginCredentials, LoginForm } from '@botica/ui';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { isAnonymous } from './anonymous-check.ts';
import { redirectTarget } from './redirect-target.ts';

/**
 * The session module, with the API client: loaded when needed (an existing session, or the
 * pharmacist starting to log in), not with the login page.
 */
const loadSession = () => import('./session.ts');

import './login-page.css';

/**
 * /login: the pharmacy's user and password; the server's messages under the fields; the
 * ways to the password recovery and to the registration request.
 */
export function LoginPage() {
  useDocumentTitle('Acceso');
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, isPending, failure, showFailure } = useSubmit({
    send: async ({ username, password }: LoginCredentials) => {
      // Inside the send: offline, the session's code may not load either, and that is said too.
      const { isClient, logIn, logOut } = await loadSession();
      const user = await logIn(username, password);
      if (!isClient(user)) {
        await logOut();
        showFailure({ message: ERROR_PAGE_TEXTS[403], fields: {}, isTooManyAttempts: false });
        return;
      }
      navigate(redirectTarget(location.search), { replace: true });
    },
    // Wrong credentials (401), a refused role (403), the fields' rules and the attempt limit: the form's.
    isShownByForm: (status) => status < 500 && status !== 419,
    reportError: reportCallError,
  });

  // A client already logged in goes on; a logged-in user of another role is logged out.
  // Checked once the form has painted. Most visits have no session: a plain request says so without
  // the API client, whose code loads only when there is one, or at the first key or pointer press.
  useEffect(() => {
    let isCurrent = true;
    const check = async () => {
      if (await isAnonymous()) return;
      const { currentUser, isClient, logOut } = await loadSession();
      const user = await currentUser();
      if (!isCurrent || user === null) return;
      if (isClient(user)) void navigate(redirectTarget(location.search), { replace: true });
      else await logOut();
    };
    const cancel = afterPaint(() => void check());
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [navigate, location.search]);

  useEffect(() => {
    const prefetch = () => void loadSession();
    const options = { capture: true, once: true } as const;
    window.addEventListener('keydown', prefetch, options);
    window.addEventListener('pointerdown', prefetch, options);
    return () => {
      window.removeEventListener('keydown', prefetch, options);
      window.removeEventListener('pointerdown', prefetch, options);
    };
  }, []);

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
