import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { cartItems } from '../internal/fixtures.ts';
import { AppHeader } from './app-header.tsx';

const meta = {
  title: 'Navegación/AppHeader',
  component: AppHeader,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { cartItems, currentPath: '/catalog', onLogout: fn(), onMenuLinkPress: fn() },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Principal' });
    await expect(within(nav).getByRole('link', { name: 'Catálogo de Productos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Formación / Noticias' })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Te escuchamos' })).toBeVisible();
    // The badge shows the total quantity: 6 + 4 + 3 + 2.
    await expect(canvas.getByRole('link', { name: /Mi pedido/ })).toHaveTextContent('15');
    await userEvent.click(canvas.getByRole('button', { name: 'Salir' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** The mini cart opens on hover and closes when the pointer leaves. */
export const MiniCartOnHover: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cart = canvas.getByRole('link', { name: /Mi pedido/ });
    await userEvent.hover(cart);
    const panel = await canvas.findByRole('region', { name: 'Resumen de Mi pedido' });
    await expect(within(panel).getByRole('link', { name: 'ENVIAR PEDIDO' })).toHaveAttribute('href', '/cart');
    await userEvent.unhover(cart);
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Resumen de Mi pedido' })).toBeNull());
  },
};

/** The mini cart also opens when the cart link gets keyboard focus. */
export const MiniCartOnFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cart = canvas.getByRole('link', { name: /Mi pedido/ });
    while (document.activeElement !== cart) await userEvent.tab();
    const panel = await canvas.findByRole('region', { name: 'Resumen de Mi pedido' });
    await waitFor(() => expect(panel).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Resumen de Mi pedido' })).toBeNull());
  },
};

export const MiniCartOpen: Story = { args: { defaultMiniCartOpen: true } };

/** On the cart page the mini cart never opens. */
export const OnCartPage: Story = {
  args: { currentPath: '/cart' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.hover(canvas.getByRole('link', { name: /Mi pedido/ }));
    await expect(canvas.queryByRole('region', { name: 'Resumen de Mi pedido' })).toBeNull();
  },
};

/** With an empty cart: no badge and no mini cart. */
export const EmptyCart: Story = {
  args: { cartItems: [], currentPath: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cart = canvas.getByRole('link', { name: 'Mi pedido' });
    await userEvent.hover(cart);
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

export const LoggedOut: Story = { args: { isLoggedIn: false, cartItems: [], currentPath: '/login' } };

export const Tablet: Story = {
  args: { defaultMiniCartOpen: true },
  globals: { viewport: { value: 'tablet' } },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/**
 * At 320 px (a laptop at 400 % zoom), with a two-digit count: the logo, 'Mi pedido', 'Mi cuenta' and
 * 'Salir' share the first row and the three menu links the second, nothing past the window's edge.
 */
export const NarrowPhone: Story = {
  globals: { viewport: { value: 'narrow' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const width = document.documentElement.clientWidth;
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    const nav = canvas.getByRole('navigation', { name: 'Principal' });
    const actions = [
      ...within(nav).getAllByRole('link'),
      canvas.getByRole('link', { name: /Mi pedido/ }),
      canvas.getByRole('link', { name: 'Mi cuenta' }),
      canvas.getByRole('button', { name: 'Salir' }),
    ];
    for (const action of actions) {
      const box = action.getBoundingClientRect();
      await expect(box.left, action.textContent ?? '').toBeGreaterThanOrEqual(0);
      await expect(box.right, action.textContent ?? '').toBeLessThanOrEqual(width);
    }
  },
};
