import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LOGIN_FORM_MESSAGES, LoginForm } from './login-form.tsx';

const meta = {
  title: 'Formularios/LoginForm',
  component: LoginForm,
  tags: ['autodocs'],
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty fields: their Spanish messages, and the focus on the first; then the credentials are sent. */
export const Empty: Story = {
  args: { autoFocus: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const username = canvas.getByRole('textbox', { name: 'Usuario' });
    await expect(username).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByText(LOGIN_FORM_MESSAGES.username)).toBeVisible();
    await expect(canvas.getByText(LOGIN_FORM_MESSAGES.password)).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveFocus();
    await userEvent.type(username, 'farmacia.demo');
    await expect(canvas.queryByText(LOGIN_FORM_MESSAGES.username)).toBeNull();
    const password = canvas.getByLabelText(/^Contraseña/);
    await userEvent.type(password, 'Botica2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'farmacia.demo', password: 'Botica2026' });
  },
};

/** Sending: the button shows its spinner and another Enter sends nothing. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Usuario' }), 'farmacia.demo{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The server's messages under their fields, until the field changes. */
export const ServerErrors: Story = {
  args: {
    fieldErrors: {
      username: ['Las credenciales no coinciden con nuestros registros.'],
      password: 'La contraseña no es correcta.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const username = canvas.getByRole('textbox', { name: 'Usuario' });
    await expect(username).toHaveAccessibleDescription(
      'Las credenciales no coinciden con nuestros registros.',
    );
    await userEvent.type(username, 'x');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByText('La contraseña no es correcta.')).toBeVisible();
  },
};

/** A message about the whole login, above the fields. */
export const FormError: Story = {
  args: { errorMessage: 'Acceso no disponible' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Acceso no disponible');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  },
};

export const LongSpanishText: Story = {
  args: {
    submitLabel: 'Entrar en el portal de pedidos y formación de la farmacia',
    errorMessage:
      'Tu farmacia tiene el acceso suspendido temporalmente mientras revisamos los datos de facturación; escríbenos a atencion.farmacias@botica.example.',
    fieldErrors: {
      username: 'El usuario «farmacia.santa-engracia-de-la-vega-del-guadalquivir» no está dado de alta.',
    },
  },
};
