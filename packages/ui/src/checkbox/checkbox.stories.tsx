import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox.tsx';

const meta = {
  title: 'Formularios/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { children: 'Recordar mi usuario', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Recordar mi usuario' });
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const Selected: Story = { args: { defaultSelected: true } };

export const Indeterminate: Story = { args: { isIndeterminate: true, children: 'Todas las categorías' } };

export const WithDescription: Story = {
  args: {
    children: 'Acepto la política de privacidad',
    description: 'Tratamos tus datos solo para gestionar los pedidos de tu farmacia.',
  },
};

export const Invalid: Story = { args: { isInvalid: true, children: 'Acepto las condiciones de venta' } };

export const Disabled: Story = { args: { isDisabled: true, defaultSelected: true } };

export const LongSpanishText: Story = {
  args: {
    children:
      'Deseo recibir por correo electrónico las novedades de formación, los webinars programados y las notas científicas del laboratorio',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
