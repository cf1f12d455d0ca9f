import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { PasswordField } from '../password-field/password-field.tsx';
import { TextField } from '../text-field/text-field.tsx';
import { Form } from './form.tsx';

const meta = {
  title: 'Formularios/Form',
  component: Form,
  tags: ['autodocs'],
  args: {
    onSubmit: fn((event: { preventDefault: () => void }) => event.preventDefault()),
    children: (
      <>
        <TextField name="username" label="Usuario" isRequired autoComplete="username" />
        <TextField name="cif" label="CIF" isRequired />
        <div className="bt-form__actions">
          <Button type="submit">Solicitar alta</Button>
        </div>
      </>
    ),
  },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Usuario/ }), 'farmacia.sol');
    await userEvent.type(canvas.getByRole('textbox', { name: /CIF/ }), 'B12345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Solicitar alta' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** A 422 answer: each field shows the first of its messages, the form the answer's message. */
export const ServerFieldErrors: Story = {
  args: {
    errorMessage: 'Algunos datos introducidos son incorrectos',
    serverErrors: {
      username: ['Este usuario ya está registrado.', 'El usuario debe tener al menos 6 caracteres.'],
      cif: ['El CIF introducido no es válido.'],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este usuario ya está registrado.')).toBeVisible();
    await expect(canvas.queryByText('El usuario debe tener al menos 6 caracteres.')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /CIF/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Algunos datos introducidos son incorrectos');
  },
};

export const Disabled: Story = {
  args: {
    children: (
      <>
        <TextField name="username" label="Usuario" isDisabled defaultValue="farmacia.sol" />
        <PasswordField name="password" isDisabled />
        <div className="bt-form__actions">
          <Button type="submit" isDisabled>
            Entrar
          </Button>
        </div>
      </>
    ),
  },
};

export const Submitting: Story = {
  args: {
    children: (
      <>
        <TextField name="username" label="Usuario" defaultValue="farmacia.sol" />
        <PasswordField name="password" defaultValue="secreto" />
        <div className="bt-form__actions">
          <Button type="submit" isPending>
            Entrar
          </Button>
        </div>
      </>
    ),
  },
};

export const LongSpanishText: Story = {
  args: {
    errorMessage:
      'No hemos podido tramitar la solicitud porque algunos de los datos de la farmacia no coinciden con los que constan en nuestro registro de clientes.',
    serverErrors: {
      username: [
        'El nombre de usuario solo puede contener letras sin tilde, números, puntos y guiones, y debe tener entre 6 y 30 caracteres.',
      ],
    },
  },
};
