import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field.tsx';

const meta = {
  title: 'Formularios/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { name: 'password', autoComplete: 'current-password' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: 'Botica2025' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Contraseña');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar contraseña' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const NewPassword: Story = {
  args: {
    label: 'Nueva contraseña',
    autoComplete: 'new-password',
    isRequired: true,
    description: 'Al menos 8 caracteres, con una mayúscula y un número.',
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'La contraseña actual no es correcta.', defaultValue: 'secreto' },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'secreto' } };

export const LongSpanishText: Story = {
  args: {
    label: 'Confirma la nueva contraseña de acceso al portal de pedidos',
    description: 'Debe coincidir exactamente con la contraseña que has escrito en el campo anterior.',
    defaultVisible: true,
    defaultValue: 'UnaContraseñaMuyLargaConEñesYTildesÁÉÍÓÚ2025',
  },
};
