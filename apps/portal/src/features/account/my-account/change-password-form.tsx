/**
 * The password change of MIS DATOS: the current password and the new one twice, the access pages'
 * rules ticking as it is typed (`@botica/domain`), the server's first message under each field (a
 * wrong current password under it). On success every other session of the user has ended; this
 * one goes on.
 */
import type { User } from '@botica/api-client/schemas';
import { passwordConfirmationProblem, passwordProblem } from '@botica/domain';
import { Button, Form, PasswordField, showToast } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { api } from '../../../app/api.ts';
import { reportCallError } from '../../../app/errors.ts';
import { formFailure } from '../../access/call-failure.ts';
import type { Problems } from '../../access/field-checks.ts';
import { PasswordRuleList } from '../../access/password-rule-list.tsx';
import { passwordRules } from '../../access/password-rules.ts';
import { useFieldChecks } from '../../access/use-field-checks.ts';
import { userAtom } from '../../auth/session.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { current_password: '', password: '', password_confirmation: '' };

function problemsFor(user: User | null) {
  return (values: Record<Field, string>): Problems<Field> => {
    const problems: Problems<Field> = {};
    if (values.current_password === '') problems.current_password = 'La contraseña actual es obligatoria.';
    const password = passwordProblem(values.password, { username: user?.username });
    if (password) problems.password = password;
    const confirmation = passwordConfirmationProblem(values.password, values.password_confirmation);
    if (confirmation && values.password !== '') problems.password_confirmation = confirmation;
    return problems;
  };
}

export function ChangePasswordForm() {
  const user = useAtomValue(userAtom);
  const [formKey, setFormKey] = useState(0);
  return <PasswordFormBody key={formKey} user={user} onDone={() => setFormKey((key) => key + 1)} />;
}

function PasswordFormBody({ user, onDone }: { user: User | null; onDone: () => void }) {
  const form = useFieldChecks(FIELDS, EMPTY, problemsFor(user));
  const [isPending, setPending] = useState(false);
  const [formMessage, setFormMessage] = useState<string | undefined>();
  const rules = passwordRules(form.values.password, form.values.password_confirmation, {
    username: user?.username,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setFormMessage(undefined);
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const answer = await api.account.changePassword(form.values);
      showToast(
        { title: 'Contraseña cambiada', description: answer.message, tone: 'success' },
        { timeoutMs: 7000 },
      );
      onDone();
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
    <div className="account__form">
      <PasswordRuleList id="new-password-rules" title="La contraseña nueva debe tener:" rules={rules} />
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} errorMessage={formMessage}>
          <PasswordField
            {...form.fieldProps('current_password')}
            label="Contraseña actual"
            isRequired
            autoComplete="current-password"
          />
          <PasswordField
            {...form.fieldProps('password')}
            label="Contraseña nueva"
            isRequired
            autoComplete="new-password"
            aria-describedby="new-password-rules"
          />
          <PasswordField
            {...form.fieldProps('password_confirmation')}
            label="Repite la contraseña nueva"
            isRequired
            autoComplete="new-password"
          />
          <p className="account__role">
            Al cambiarla se cerrarán las demás sesiones abiertas con tu usuario.
          </p>
          <Button type="submit" isPending={isPending}>
            Cambiar la contraseña
          </Button>
        </Form>
      </div>
    </div>
  );
}
