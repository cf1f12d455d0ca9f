import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RatingField } from './rating-field.tsx';

const meta = {
  title: 'Formularios/RatingField',
  component: RatingField,
  tags: ['autodocs'],
  args: {
    label: '¿Cómo valoras la calidad de nuestros productos?',
    minLabel: 'Muy mala',
    maxLabel: 'Excelente',
    onChange: fn(),
  },
} satisfies Meta<typeof RatingField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: args.label })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: '4' }));
    await expect(args.onChange).toHaveBeenCalledWith(4);
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '5, Excelente' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
  },
};

export const Selected: Story = { args: { defaultValue: 3 } };

export const Required: Story = {
  args: { isRequired: true, description: 'Del 1 (muy mala) al 5 (excelente).' },
};

export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Esta pregunta es obligatoria.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Esta pregunta es obligatoria.')).toBeVisible();
  },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 2 } };

export const WithoutEndLabels: Story = { args: { minLabel: undefined, maxLabel: undefined } };

export const Narrow: Story = {
  args: {
    label: '¿Te resulta fácil hacer un pedido en el portal?',
    minLabel: 'Muy difícil',
    maxLabel: 'Muy fácil',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
};
