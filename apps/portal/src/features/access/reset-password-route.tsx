/**
 * /login/reset_password?secret=…: sets a new password with the secret of a reset link
 * (`reset`), or the first password of a new user (a sub-user's invitation, an approved registration's
 * welcome): the server's check says which and whose, and the page words a first access as such and
 * shows the username to log in with. The loader takes the secret out of the address at once (reset-secret.ts says why and
 * where it goes) and asks the server whether it can still be used, so an expired, used or replaced
 * link shows a clear page with the way to ask for a new one before anything is typed. The rules
 * show up front and tick as the password is typed; the fields' messages come from `@botica/domain`
 * and, for what only the server knows, from its 422s. On success every session of the user
 * has ended, and /login/notification says to log in with the new password.
 */
import { isApiError } from '@botica/api-client';
import type { Problems } from '@botica/app-shell';
import { AriaScope, useDocumentTitle, useForm } from '@botica/app-shell';
import { passwordConfirmationProblem, passwordProblem } from '@botica/domain';
import { Button, Form, Link, PasswordField } from '@botica/ui';
import { useState } from 'react';
import { type LoaderFunctionArgs, replace, useLoaderData, useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { AccessCard, UsernameNote } from './access-card.tsx';
import { notificationPath } from './notifications.ts';
import { PasswordRuleList } from './password-rule-list.tsx';
import { passwordRules } from './password-rules.ts';
import { forgetResetSecret, keepResetSecret, resetSecret } from './reset-secret.ts';
import './access.css';
import { resetPassword } from './requests.ts';
import { checkResetLink } from './reset-check.ts';

/**
 * 'unchecked': the check itself failed (reported); the form shows and the reset will tell. A server
 * that does not say what the link is for is taken as a reset.
 */
type ResetLink =
  | {
      status: 'valid' | 'unchecked';
      secret: string;
      isFirstAccess: boolean;
      username?: string | undefined;
      /** A staff member's link: he logs in to the back office, which says the password is saved. */
      loginPath?: string | undefined;
    }
  | { status: 'invalid' };

export async function loader({ request }: LoaderFunctionArgs): Promise<ResetLink> {
  const url = new URL(request.url);
  const fromLink = url.searchParams.get('secret');
  if (fromLink !== null) {
    keepResetSecret(fromLink);
    // Replaces the history entry: the address with the secret is never rendered nor counted.
    throw replace(url.pathname);
  }
  const secret = resetSecret();
  if (secret === null) return { status: 'invalid' };
  try {
    const { valid, purpose, username, login_path: loginPath } = await checkResetLink(secret);
    if (valid) {
      const isFirstAccess = purpose === 'invitation' || purpose === 'welcome';
      return { status: 'valid', secret, isFirstAccess, username, loginPath };
    }
  } catch (error) {
    // A secret the server refuses to even look at (422) is no valid link either.
    if (!isApiError(error) || error.status !== 422) {
      reportCallError(error);
      return { status: 'unchecked', secret, isFirstAccess: false };
    }
  }
  forgetResetSecret();
  return { status: 'invalid' };
}

const FIELDS = ['password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

const resetProblems =
  (username: string | undefined) =>
  (values: Record<Field, string>): Problems<Field> => {
    const problems: Problems<Field> = {};
    const password = passwordProblem(values.password, { username });
    if (password) problems.password = password;
    const confirmation = passwordConfirmationProblem(values.password, values.password_confirmation);
    if (confirmation && values.password !== '') problems.password_confirmation = confirmation;
    return problems;
  };

export function Component() {
  const link = useLoaderData() as ResetLink;
  const [isInvalid, setInvalid] = useState(link.status === 'invalid');
  const isFirstAccess = link.status !== 'invalid' && link.isFirstAccess;
  useDocumentTitle(isInvalid ? 'Enlace caducado' : isFirstAccess ? 'Tu contraseña' : 'Nueva contraseña');
  return (
    <AriaScope>
      <div className="access">
        {isInvalid || link.status === 'invalid' ? (
          <InvalidLink />
        ) : (
          <ResetForm link={link} onInvalidLink={() => setInvalid(true)} />
        )}
      </div>
    </AriaScope>
  );
}

function InvalidLink() {
  return (
    <AccessCard
      icon="warning"
      title="El enlace ha caducado o ya se ha usado"
      intro="Por seguridad, cada enlace sirve una sola vez y caduca (el de cambiar la contraseña, a los 60 minutos); si pediste varios, solo vale el último. Pide uno nuevo y te lo enviaremos a tu correo."
      links={[{ lead: '¿Ya tienes tu contraseña?', label: 'Entra con ella', href: '/login' }]}
    >
      <div className="access__actions">
        <Link href="/login/recovery" variant="primary">
          Pedir un enlace nuevo
        </Link>
      </div>
    </AccessCard>
  );
}

function ResetForm({
  link,
  onInvalidLink,
}: {
  link: Extract<ResetLink, { secret: string }>;
  onInvalidLink: () => void;
}) {
  const { secret, isFirstAccess, username, loginPath } = link;
  const navigate = useNavigate();
  const form = useForm({
    fields: FIELDS,
    initial: { password: '', password_confirmation: '' },
    problemsOf: resetProblems(username),
    send: async (values) => {
      await resetPassword(secret, values.password, values.password_confirmation);
      forgetResetSecret();
      // Another application (the back office's login), loaded whole; it says the password is saved.
      if (loginPath !== undefined) {
        window.location.assign(`${loginPath}?motivo=${isFirstAccess ? 'acceso' : 'cambio'}`);
        return;
      }
      void navigate(notificationPath(isFirstAccess ? 'acceso' : 'cambio'), {
        replace: true,
        state: username ? { username } : null,
      });
    },
    // A secret the server no longer takes: the page says the link has expired.
    onFailure: (failure) => {
      if (failure.fields.secret === undefined) return failure;
      forgetResetSecret();
      onInvalidLink();
      return null;
    },
    reportError: reportCallError,
  });
  const rules = passwordRules(form.values.password, form.values.password_confirmation, { username });
  const place = loginPath === undefined ? 'portal' : 'back office';

  return (
    <AccessCard
      title={isFirstAccess ? 'Primer acceso: elige tu contraseña' : 'Elige una contraseña nueva'}
      intro={
        isFirstAccess
          ? `Es tu primer acceso. Con tu usuario y esta contraseña entrarás en ${place === 'portal' ? 'el portal de pedidos' : 'el back office del laboratorio'}.`
          : `Con ella entrarás en ${place === 'portal' ? 'el portal' : 'el back office'} a partir de ahora.`
      }
      links={[{ label: 'Volver al acceso', href: '/login' }]}
    >
      {username ? <UsernameNote username={username} /> : null}
      <PasswordRuleList id="password-rules" title="Tu contraseña debe tener:" rules={rules} />
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <PasswordField
            {...form.fieldProps('password')}
            label={isFirstAccess ? 'Contraseña' : 'Contraseña nueva'}
            isRequired
            autoComplete="new-password"
            aria-describedby="password-rules"
            autoFocus
          />
          <PasswordField
            {...form.fieldProps('password_confirmation')}
            label="Repite la contraseña"
            isRequired
            autoComplete="new-password"
          />
          <Button type="submit" size="lg" isFullWidth isPending={form.isPending}>
            Guardar la contraseña
          </Button>
        </Form>
      </div>
    </AccessCard>
  );
}
