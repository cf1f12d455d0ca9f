/**
 * /login/recovery: asks for a password reset link by username (`send_reset`). The answer is
 * the same whether the user exists or not; the page goes on to /login/notification, which says to
 * look in the inbox. Too many attempts (429) show the server's message.
 */

import { useDocumentTitle } from '@botica/app-shell';
import { Button, Form, LOGIN_FORM_MESSAGES, TextField } from '@botica/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { AriaScope } from '../../app/aria-scope.tsx';
import { reportCallError } from '../../app/errors.ts';
import { AccessCard } from './access-card.tsx';
import { formFailure } from './call-failure.ts';
import { notificationPath } from './notifications.ts';
import { useFieldChecks } from './use-field-checks.ts';
import './access.css';

const FIELDS = ['username'] as const;

/** The username's only rule here: something typed (a user's name is whatever the laboratory gave it). */
function recoveryProblems({ username }: { username: string }): { username?: string } {
  return username.trim() === '' ? { username: LOGIN_FORM_MESSAGES.username } : {};
}

export function Component() {
  useDocumentTitle('Recuperar la contraseña');
  const navigate = useNavigate();
  const form = useFieldChecks(FIELDS, { username: '' }, recoveryProblems);
  const [isPending, setPending] = useState(false);
  const [formMessage, setFormMessage] = useState<string | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setFormMessage(undefined);
    if (!form.checkAll()) return;
    setPending(true);
    try {
      await api.access.sendReset({ username: form.values.username.trim() });
      void navigate(notificationPath('enlace'));
    } catch (error) {
      const failure = formFailure(error);
      if (failure === null) {
        reportCallError(error);
        return;
      }
      form.showServerMessages(failure.fields);
      setFormMessage(failure.message);
    } finally {
      setPending(false);
    }
  }

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
            <Form
              validationBehavior="aria"
              onSubmit={(event) => void submit(event)}
              errorMessage={formMessage}
            >
              <TextField
                {...form.fieldProps('username')}
                label="Usuario"
                isRequired
                autoComplete="username"
                autoFocus
              />
              <Button type="submit" size="lg" isFullWidth isPending={isPending}>
                Enviar el enlace
              </Button>
            </Form>
          </div>
        </AccessCard>
      </div>
    </AriaScope>
  );
}
