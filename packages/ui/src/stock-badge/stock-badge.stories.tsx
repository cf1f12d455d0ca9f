import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StockBadge } from './stock-badge.tsx';

const meta = {
  title: 'Catálogo/StockBadge',
  component: StockBadge,
  tags: ['autodocs'],
  args: { stock: 140 },
} satisfies Meta<typeof StockBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InStock: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('En stock')).toBeVisible();
  },
};

export const LowStock: Story = {
  args: { stock: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Últimas unidades')).toBeVisible();
  },
};

export const SoldOut: Story = {
  args: { stock: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Agotado')).toBeVisible();
  },
};

export const Unknown: Story = { args: { stock: null } };

/** The API's stock states, as `GET /api/v1/products` sends them. */
export const FromApiStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem' }}>
      <StockBadge stock="in_stock" />
      <StockBadge stock="low_stock" />
      <StockBadge stock="out_of_stock" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('En stock')).toBeVisible();
    await expect(canvas.getByText('Últimas unidades')).toBeVisible();
    await expect(canvas.getByText('Agotado')).toBeVisible();
  },
};
