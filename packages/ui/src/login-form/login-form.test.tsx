import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createLoginFormDraft, LOGIN_FORM_MESSAGES, LoginForm } from './login-form.tsx';

function setup(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const view = render(<LoginForm onSubmit={onSubmit} {...props} />);
  return {
    onSubmit,
    user,
    view,
    username: screen.getByRole('textbox', { name: 'Usuario' }),
    password: screen.getByLabelText(/^Contraseña/) as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Entrar' }),
  };
}

describe('LoginForm', () => {
  it('labels both fields as required and focuses the user when asked', () => {
    const { username, password } = setup({ autoFocus: true });
    expect(username).toBeRequired();
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(username).toHaveFocus();
  });

  it('sends the user without surrounding spaces and the password exactly as typed', async () => {
    const { user, username, password, submit, onSubmit } = setup();
    await user.type(username, '  farmacia.demo ');
    await user.type(password, ' Botica2026 ');
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ username: 'farmacia.demo', password: ' Botica2026 ' });
  });

  it('stops an empty field with its Spanish message, described and focused', async () => {
    const { user, username, password, submit, onSubmit } = setup();
    await user.type(username, 'farmacia.demo');
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(LOGIN_FORM_MESSAGES.password);
    expect(password).toHaveFocus();
    expect(username).not.toHaveAttribute('aria-invalid');
    await user.type(password, 'a');
    expect(screen.queryByText(LOGIN_FORM_MESSAGES.password)).toBeNull();
  });

  it("shows the server's first message under each field until that field changes, and again for new errors", async () => {
    const errors = { username: ['Las credenciales no coinciden.', 'Otra'] };
    const { user, username, view, onSubmit } = setup({ fieldErrors: errors });
    expect(username).toHaveAccessibleDescription('Las credenciales no coinciden.');
    expect(screen.queryByText('Otra')).toBeNull();
    await user.type(username, 'x');
    expect(username).not.toHaveAttribute('aria-invalid');
    view.rerender(<LoginForm onSubmit={onSubmit} fieldErrors={{ username: ['Usuario bloqueado.'] }} />);
    expect(username).toHaveAccessibleDescription('Usuario bloqueado.');
  });

  it('reveals and hides the password', async () => {
    const { user, password } = setup();
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password.type).toBe('password');
  });

  it('sends nothing while pending or disabled', async () => {
    const pending = setup({ isPending: true });
    await pending.user.type(pending.username, 'farmacia.demo');
    await pending.user.type(pending.password, 'Botica2026{Enter}');
    await pending.user.click(pending.submit);
    expect(pending.onSubmit).not.toHaveBeenCalled();
    pending.view.unmount();
    const disabled = setup({ isDisabled: true });
    expect(disabled.username).toBeDisabled();
    expect(disabled.submit).toBeDisabled();
  });

  it('shows a message about the whole form as an alert', () => {
    setup({ errorMessage: 'Acceso no disponible' });
    expect(screen.getByRole('alert')).toHaveTextContent('Acceso no disponible');
  });

  it('keeps the password shown and the empty fields named in its draft, for a form mounted in its place', async () => {
    const draft = createLoginFormDraft();
    const first = setup({ draft });
    await first.user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    await first.user.click(first.submit);
    expect(draft.isPasswordVisible).toBe(true);
    expect([...draft.emptyFields]).toEqual(['username', 'password']);
    first.view.unmount();

    const second = setup({ draft });
    expect(second.password.type).toBe('text');
    expect(second.username).toHaveAccessibleDescription(LOGIN_FORM_MESSAGES.username);
    expect(second.password).toHaveAccessibleDescription(LOGIN_FORM_MESSAGES.password);
    await second.user.type(second.username, 'farmacia.demo');
    expect([...draft.emptyFields]).toEqual(['password']);
  });
});
