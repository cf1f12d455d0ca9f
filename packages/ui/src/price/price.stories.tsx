import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Price } from './price.tsx';

const meta = {
  title: 'Catálogo/Price',
  component: Price,
  tags: ['autodocs'],
  args: { amountCents: 1095 },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('10,95 €')).toBeVisible();
  },
};

/** Four-digit amounts get the thousands dot too (`formatEuros`). */
export const Thousands: Story = {
  args: { amountCents: 123456, size: 'xl' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1.234,56 €')).toBeVisible();
  },
};

export const Reduced: Story = { args: { amountCents: 1095, originalCents: 1290, size: 'lg' } };

export const WithSuffix: Story = { args: { amountCents: 690, suffix: '/ud · IVA no incluido' } };

export const Zero: Story = { args: { amountCents: 0 } };

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'baseline' }}>
      <Price amountCents={1095} size="sm" />
      <Price amountCents={1095} size="md" />
      <Price amountCents={1095} size="lg" />
      <Price amountCents={1095} size="xl" />
    </div>
  ),
};
