import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './number-field.tsx';

const meta = {
  title: 'Formularios/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  args: { label: 'Precio máximo', onChange: fn() },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: 10, minValue: 0 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Aumentar/i }));
    await expect(args.onChange).toHaveBeenLastCalledWith(11);
  },
};

export const Currency: Story = {
  args: { defaultValue: 1234.5, formatOptions: { style: 'currency', currency: 'EUR' }, step: 0.5 },
};

export const Invalid: Story = {
  args: { defaultValue: -5, isInvalid: true, errorMessage: 'El precio no puede ser negativo.' },
};

export const Disabled: Story = { args: { defaultValue: 25, isDisabled: true } };

export const LongSpanishText: Story = {
  args: {
    label: 'Número máximo de unidades por pedido para los productos en promoción',
    description: 'Se aplica a todas las referencias de la campaña de otoño.',
    defaultValue: 24,
  },
};
