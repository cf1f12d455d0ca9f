/**
 * /login's card as it looks, whoever renders it: the router's page (login-page.tsx), or the first
 * screen the portal paints before its router is there (src/app/first-screen.tsx). Without the
 * router: its links are the library's plain links, which the router's navigation provider turns
 * into client-side navigations once it is there (before, they load the page).
 */
import { type LoginCredentials, LoginForm, PlainLink, type ServerFieldErrors } from '@botica/ui';
import type { ReactNode } from 'react';
import { loginFormDraft } from './login-hand-over.ts';
import './login-page.css';

export interface LoginScreenProps {
  onSubmit: (credentials: LoginCredentials) => void;
  isPending: boolean;
  fieldErrors?: ServerFieldErrors | null | undefined;
  errorMessage?: ReactNode;
}

/**
 * The pharmacy's user and password; the server's messages under the fields; the ways to the
 * password recovery and to the registration request.
 */
export function LoginScreen({ onSubmit, isPending, fieldErrors, errorMessage }: LoginScreenProps) {
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
          onSubmit={onSubmit}
          isPending={isPending}
          fieldErrors={fieldErrors}
          errorMessage={errorMessage}
          draft={loginFormDraft}
          autoFocus
        />
        {/* Plain links: the login page stays without react-aria (docs/decisions/006). */}
        <div className="login__links">
          <p>
            <PlainLink className="bt-link bt-link--standalone" href="/login/recovery">
              ¿Has olvidado tu contraseña?
            </PlainLink>
          </p>
          <p>
            ¿Tu farmacia aún no es cliente?{' '}
            <PlainLink className="bt-link bt-link--inline" href="/login/register">
              Solicita el alta
            </PlainLink>
          </p>
        </div>
      </section>
    </div>
  );
}
