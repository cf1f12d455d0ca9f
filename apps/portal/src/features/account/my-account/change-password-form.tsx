/**
 * The password change of MIS DATOS: the current password and the new one twice, the access pages'
 * rules ticking as it is typed (`@botica/domain`), the server's first message under each field (a
 * wrong current password under it). On success every other session of the user has ended; this
 * one goes on.
 */
import type { User } from '@botica/api-client/schemas';
import type { Problems } from '@botica/app-shell';
import { useForm } from '@botica/app-shell';
import { passwordConfirmationProblem, passwordProblem } from '@botica/domain';
import { Button, Form, PasswordField, showToast } from '@botica/ui';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { reportCallError } from '../../../shared/errors.ts';
import { PasswordRuleList } from '../../access/password-rule-list.tsx';
import { passwordRules } from '../../access/password-rules.ts';
import { userAtom } from '../../auth/session.ts';
import { changePasswordMutation } from '../queries.ts';

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
  const change = useMutation(changePasswordMutation());
  const form = useForm({
    fields: FIELDS,
    initial: EMPTY,
    problemsOf: problemsFor(user),
    send: async (values) => {
      const answer = await change.mutateAsync(values);
      showToast(
        { title: 'Contraseña cambiada', description: answer.message, tone: 'success' },
        { timeoutMs: 7000 },
      );
      onDone();
    },
    reportError: reportCallError,
  });
  const rules = passwordRules(form.values.password, form.values.password_confirmation, {
    username: user?.username,
  });

  return (
    <div className="account__form">
      <PasswordRuleList id="new-password-rules" title="La contraseña nueva debe tener:" rules={rules} />
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
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
          <Button type="submit" isPending={form.isPending}>
            Cambiar la contraseña
          </Button>
        </Form>
      </div>
    </div>
  );
}
