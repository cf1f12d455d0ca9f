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
    await expect(canvas.getByRole('meter')).toHaveAttribute(
      'aria-valuetext',
      '137,50\u00a0€ de 150,00\u00a0€',
    );
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

/** Below the minimum, with room left this month: both are said. */
export const WithMonthlyCap: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 93647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Necesitas añadir 12,50 €');
    await expect(
      canvas.getByText('Este mes te quedan 2.063,53 € de tu límite de compra mensual de 3.000,00 €.'),
    ).toBeVisible();
  },
};

/** The minimum reached: what is left this month still shows. */
export const MinimumReachedWithMonthlyCap: Story = {
  args: { cartPriceCents: 20000, monthlyCap: { capCents: 300000, spentCents: 93647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/Necesitas añadir/)).toBeNull();
    await expect(canvas.getByText(/^Este mes te quedan 2\.063,53 €/)).toBeVisible();
  },
};

/** Less left this month than the minimum: no asking for more, but that no order can be sent, until when, and whom to call. */
export const MonthlyCapBlocked: Story = {
  args: {
    monthlyCap: { capCents: 300000, spentCents: 293647 },
    now: new Date('2026-11-25T12:00:00Z'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/Necesitas añadir/)).toBeNull();
    await expect(canvas.queryByRole('meter')).toBeNull();
    await expect(canvas.getByText('Este mes ya no puedes enviar pedidos')).toBeVisible();
    await expect(canvasElement).toHaveTextContent(
      'Podrás volver a enviar pedidos a partir del 1 de diciembre de 2026.',
    );
    await expect(canvas.getByRole('link', { name: '+34 910 000 000' })).toBeVisible();
  },
};

/** The mini cart's size: no bar, smaller type. */
export const Small: Story = { args: { size: 'sm', monthlyCap: { capCents: 300000, spentCents: 93647 } } };

export const SmallBlocked: Story = {
  args: { size: 'sm', monthlyCap: { capCents: 300000, spentCents: 293647 } },
};
