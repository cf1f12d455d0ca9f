import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MinimumOrderNotice } from './minimum-order-notice.tsx';

const meta = {
  title: 'Pedido/MinimumOrderNotice',
  component: MinimumOrderNotice,
  tags: ['autodocs'],
  args: { orderMinimumAmountCents: 15000, cartPriceCents: 13750 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MinimumOrderNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BelowMinimum: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Necesitas añadir 12,50 € a tu pedido para poder finalizarlo.',
    );
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuetext', '137,50 € de 150,00 €');
  },
};

export const EmptyCart: Story = { args: { cartPriceCents: 0 } };

export const ThousandsMinimum: Story = { args: { orderMinimumAmountCents: 250000, cartPriceCents: 98765 } };

/** At or above the minimum it renders nothing. */
export const MinimumReached: Story = {
  args: { cartPriceCents: 15000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};
