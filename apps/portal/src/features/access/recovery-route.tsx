/**
 * /login/recovery: asks for a password reset link by username (`send_reset`). The answer is
 * the same whether the user exists or not; the page goes on to /login/notification, which says to
 * look in the inbox. Too many attempts (429) show the server's message.
 */

import { AriaScope, useDocumentTitle, useForm } from '@botica/app-shell';
import { Button, Form, LOGIN_FORM_MESSAGES, TextField } from '@botica/ui';
import { useNavigate } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { AccessCard } from './access-card.tsx';
import { notificationPath } from './notifications.ts';
import './access.css';
import { sendPasswordReset, usePreparedRequests } from './requests.ts';

const FIELDS = ['username'] as const;

/** The username's only rule here: something typed (a user's name is whatever the laboratory gave it). */
function recoveryProblems({ username }: { username: string }): { username?: string } {
  return username.trim() === '' ? { username: LOGIN_FORM_MESSAGES.username } : {};
}

export function Component() {
  useDocumentTitle('Recuperar la contraseña');
  const navigate = useNavigate();
  const form = useForm({
    fields: FIELDS,
    initial: { username: '' },
    problemsOf: recoveryProblems,
    send: async ({ username }) => {
      await sendPasswordReset(username.trim());
      void navigate(notificationPath('enlace'));
    },
    reportError: reportCallError,
  });
  usePreparedRequests();

  return (
    <AriaScope>
      <div className="access">
        <AccessCard
          title="¿Has olvidado tu contraseña?"
          intro="Escribe tu usuario y te enviaremos un correo con un enlace para elegir una contraseña nueva."
          links={[
            { lead: '¿La recuerdas?', label: 'Vuelve a entrar', href: '/login' },
            { lead: '¿Tu farmacia aún no es cliente?', label: 'Solicita el alta', href: '/login/register' },
          ]}
        >
          <div ref={form.formRef}>
            <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
              <TextField
                {...form.fieldProps('username')}
                label="Usuario"
                isRequired
                autoComplete="username"
                autoFocus
              />
              <Button type="submit" size="lg" isFullWidth isPending={form.isPending}>
                Enviar el enlace
              </Button>
            </Form>
          </div>
        </AccessCard>
      </div>
    </AriaScope>
  );
}
