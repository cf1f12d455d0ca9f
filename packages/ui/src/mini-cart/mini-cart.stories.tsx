import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { cartItems, smallCartItems } from '../internal/fixtures.ts';
import { Link } from '../link/link.tsx';
import { MiniCart } from './mini-cart.tsx';

const meta = {
  title: 'Pedido/MiniCart',
  component: MiniCart,
  tags: ['autodocs'],
  args: {
    items: cartItems,
    children: (
      <Link href="/cart" variant="secondary">
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
