import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChoiceField } from './choice-field.tsx';

const FREQUENCY = [
  { id: 1, label: 'Varias veces por semana' },
  { id: 2, label: 'Una vez por semana' },
  { id: 3, label: 'Una o dos veces al mes' },
  { id: 4, label: 'Con menos frecuencia' },
];
const RANGES = [
  { id: 1, label: 'Descanso y relajación' },
  { id: 2, label: 'Defensas' },
  { id: 3, label: 'Digestión' },
  { id: 4, label: 'Articulaciones' },
];

const meta = {
  title: 'Formularios/ChoiceField',
  component: ChoiceField,
  tags: ['autodocs'],
  args: {
    selectionMode: 'single',
    label: '¿Con qué frecuencia haces pedidos a través del portal?',
    options: FREQUENCY,
    onChange: fn(),
  },
} satisfies Meta<typeof ChoiceField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Una vez por semana' }));
    await expect(args.onChange).toHaveBeenCalledWith(2);
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Una o dos veces al mes' })).toBeChecked();
  },
};

export const SingleSelected: Story = { args: { selectionMode: 'single', value: 3 } };

export const Multiple: Story = {
  args: {
    selectionMode: 'multiple',
    label: '¿Qué gamas te gustaría que ampliásemos?',
    description: 'Elige hasta tres.',
    options: RANGES,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Digestión' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([3]);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Defensas' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([2, 3]);
  },
};

export const MultipleSelected: Story = {
  args: {
    selectionMode: 'multiple',
    label: '¿Qué gamas te gustaría que ampliásemos?',
    options: RANGES,
    value: [1, 4],
  },
};

export const Required: Story = { args: { isRequired: true } };

export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Esta pregunta es obligatoria.' },
};

export const Disabled: Story = { args: { isDisabled: true, value: 1 } };
