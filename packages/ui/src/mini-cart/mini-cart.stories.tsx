import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { cartItems, smallCartItems } from '../internal/fixtures.ts';
import { portalPaths } from '../internal/navigation-fixtures.ts';
import { Link } from '../link/link.tsx';
import { MiniCart } from './mini-cart.tsx';

const meta = {
  title: 'Pedido/MiniCart',
  component: MiniCart,
  tags: ['autodocs'],
  args: {
    items: cartItems,
    cartHref: portalPaths.cart,
    children: (
      <Link href={portalPaths.cart} variant="secondary">
        Mi pedido
      </Link>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MiniCart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.hover(canvas.getByRole('link', { name: 'Mi pedido' }));
    const panel = await canvas.findByRole('region', { name: 'Resumen de Mi pedido' });
    await expect(within(panel).getAllByRole('listitem')).toHaveLength(4);
    await expect(panel).toHaveTextContent('163,40 €');
    await userEvent.unhover(canvas.getByRole('link', { name: 'Mi pedido' }));
    await waitFor(() => expect(canvas.queryByRole('region')).toBeNull());
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const OneLine: Story = { args: { defaultOpen: true, items: smallCartItems.slice(0, 1) } };

export const Empty: Story = {
  args: { items: [], defaultOpen: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};

export const HiddenOnCartPage: Story = { args: { isHidden: true, defaultOpen: true } };

/** A cart that can be sent: 'ENVIAR PEDIDO', and what is left of the monthly cap under the subtotal. */
export const CanSend: Story = {
  args: {
    defaultOpen: true,
    orderMinimumAmountCents: 15000,
    monthlyCap: { capCents: 300000, spentCents: 93647 },
  },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Resumen de Mi pedido' });
    await expect(panel).toHaveTextContent('Este mes te quedan 2.063,53 €');
    await expect(within(panel).getByRole('link', { name: 'ENVIAR PEDIDO' })).toHaveAttribute('href', '/cart');
  },
};

/** Below the minimum: it says how much is missing, as the cart page does, and offers only to see the cart. */
export const BelowMinimum: Story = {
  args: { defaultOpen: true, items: smallCartItems, orderMinimumAmountCents: 15000 },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Resumen de Mi pedido' });
    await expect(panel).toHaveTextContent('Necesitas añadir 103,35 € a tu pedido para poder finalizarlo.');
    await expect(within(panel).queryByRole('link', { name: 'ENVIAR PEDIDO' })).toBeNull();
    await expect(within(panel).getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', '/cart');
  },
};

/** No order can be sent this month (farmacia.limite): said under the subtotal, with the laboratory's contact. */
export const MonthlyCapBlocked: Story = {
  args: {
    defaultOpen: true,
    items: smallCartItems,
    orderMinimumAmountCents: 15000,
    monthlyCap: { capCents: 300000, spentCents: 293647 },
  },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Resumen de Mi pedido' });
    await waitFor(() =>
      expect(within(panel).getByText('Este mes ya no puedes enviar pedidos')).toBeVisible(),
    );
    await expect(panel).not.toHaveTextContent('Necesitas añadir');
    await expect(within(panel).getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    );
    await expect(within(panel).queryByRole('link', { name: 'ENVIAR PEDIDO' })).toBeNull();
  },
};

/** A sub-user who may not send orders (demo.almacen): why, and only 'Ver mi pedido'. */
export const SendRestricted: Story = {
  args: {
    defaultOpen: true,
    orderMinimumAmountCents: 15000,
    sendRestriction: <p>El pedido lo envía el usuario principal de tu farmacia.</p>,
  },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Resumen de Mi pedido' });
    await expect(panel).toHaveTextContent('El pedido lo envía el usuario principal de tu farmacia.');
    await expect(within(panel).queryByRole('link', { name: 'ENVIAR PEDIDO' })).toBeNull();
    // Once the panel has finished appearing.
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'Ver mi pedido' })).toBeVisible());
  },
};
