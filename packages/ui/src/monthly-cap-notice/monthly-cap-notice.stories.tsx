import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MonthlyCapNotice } from './monthly-cap-notice.tsx';

const meta = {
  title: 'Pedido/MonthlyCapNotice',
  component: MonthlyCapNotice,
  tags: ['autodocs'],
  args: {
    monthlyCap: { capCents: 300000, spentCents: 93647 },
    orderMinimumAmountCents: 15000,
    now: new Date('2026-11-25T12:00:00Z'),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MonthlyCapNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Room left this month: one quiet line. */
export const RoomLeft: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(
      'Este mes te quedan 2.063,53 € de tu límite de compra mensual de 3.000,00 €.',
    );
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** The cart passes what is left: by how much, as a status that is announced when it appears. */
export const CartOver: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 285000 }, cartPriceCents: 16340 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Tu pedido supera en 13,40 € lo que te queda este mes: quita productos para poder enviarlo.',
    );
  },
};

/** Less left than the minimum order (farmacia.limite): no order this month, until when, whom to call. */
export const NoOrderThisMonth: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 293647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este mes ya no puedes enviar pedidos')).toBeVisible();
    await expect(canvasElement).toHaveTextContent(
      'Te quedan 63,53 € de tu límite de compra mensual de 3.000,00 € y el pedido mínimo es de 150,00 €. Podrás volver a enviar pedidos a partir del 1 de diciembre de 2026.',
    );
    await expect(canvas.getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    );
    await expect(canvas.getByRole('link', { name: 'administracion.ventas@botica.example' })).toHaveAttribute(
      'href',
      'mailto:administracion.ventas@botica.example',
    );
  },
};

/** The cap spent to the cent, in December: orders again from 1 January. */
export const CapSpent: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 300000 }, now: new Date('2026-12-31T22:30:00Z') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Te quedan 0,00 €');
    await expect(canvasElement).toHaveTextContent('a partir del 1 de enero de 2027');
  },
};

export const SmallNoOrderThisMonth: Story = {
  args: { size: 'sm', monthlyCap: { capCents: 300000, spentCents: 293647 } },
};

export const Phone: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 293647 } },
  globals: { viewport: { value: 'phone' } },
};
