import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { VolumeRulesTable } from './volume-rules-table.tsx';

const rules = [
  { min_quantity: 1, max_quantity: 5, unit_price: 10.95 },
  { min_quantity: 6, max_quantity: 11, unit_price: 9.95 },
  { min_quantity: 12, max_quantity: 23, unit_price: 9.25 },
  { min_quantity: 24, max_quantity: null, unit_price: 8.5 },
];

const meta = {
  title: 'Catálogo/VolumeRulesTable',
  component: VolumeRulesTable,
  tags: ['autodocs'],
  args: { rules, quantity: 8 },
} satisfies Meta<typeof VolumeRulesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Precios por volumen' });
    const current = within(table).getByRole('rowheader', { name: /tu pedido/ });
    await expect(current).toHaveTextContent('6 – 11 uds');
    await expect(within(table).getByText('8,50 €').tagName).toBe('TD');
    await expect(within(table).getByText('−22 %')).toBeVisible();
  },
};

export const NoQuantity: Story = { args: { quantity: undefined } };

export const Empty: Story = { args: { rules: [] } };

export const Loading: Story = { args: { isLoading: true, rules: [] } };

export const ErrorState: Story = { args: { error: 'No se han podido cargar los precios por volumen.' } };
