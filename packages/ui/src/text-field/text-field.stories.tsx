import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field.tsx';

const meta = {
  title: 'Formularios/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Usuario', name: 'username', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'Código de cliente o correo electrónico', autoComplete: 'username' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Usuario' });
    await userEvent.type(input, 'farmacia.sol');
    await expect(args.onChange).toHaveBeenLastCalledWith('farmacia.sol');
  },
};

export const Required: Story = { args: { isRequired: true, label: 'CIF', name: 'cif' } };

export const WithDescription: Story = {
  args: { label: 'CIF', description: 'El CIF de la farmacia, con la letra inicial (p. ej. B12345678).' },
};

export const Invalid: Story = {
  args: {
    label: 'CIF',
    defaultValue: 'B1234',
    isInvalid: true,
    errorMessage: 'El CIF introducido no es válido.',
  },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'farmacia.sol' } };

export const LongSpanishText: Story = {
  args: {
    label: 'Dirección de entrega de la farmacia (calle, número, piso y código postal)',
    description:
      'Indica la dirección completa tal como figura en la licencia de apertura para evitar incidencias con el transportista.',
    defaultValue: 'Avenida de la Constitución de 1812, número 145, bajo izquierda, 41004 Sevilla',
  },
};

export const Multiline: Story = {
  args: {
    label: '¿Qué podríamos mejorar?',
    description: 'Máximo 1.000 caracteres.',
    isMultiline: true,
    name: 'mejoras',
  },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: '¿Qué podríamos mejorar?' });
    await expect(area.tagName).toBe('TEXTAREA');
    await userEvent.type(area, 'Plazos de entrega{Enter}más cortos');
    await expect(area).toHaveValue('Plazos de entrega\nmás cortos');
  },
};
