import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { cartItems } from '../internal/fixtures.ts';
import { clientMenu, portalPaths, publicMenu } from '../internal/navigation-fixtures.ts';
import { AppHeader } from './app-header.tsx';

const meta = {
  title: 'Navegación/AppHeader',
  component: AppHeader,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  // The portal's navigation: the header itself knows no route.
  args: {
    homeHref: portalPaths.home,
    navigation: clientMenu,
    cartHref: portalPaths.cart,
    accountHref: portalPaths.account,
    cartItems,
    currentPath: '/catalog',
    onLogout: fn(),
    onMenuLinkPress: fn(),
  },
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

export const LoggedOut: Story = {
  args: {
    isLoggedIn: false,
    navigation: publicMenu,
    loginHref: portalPaths.login,
    cartItems: [],
    currentPath: '/login',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Acceder' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('link', { name: /Mi pedido/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Salir' })).toBeNull();
  },
};

/** Another app's navigation and words (the back office's): no cart, no account link. */
export const OtherApp: Story = {
  args: {
    homeHref: '/backoffice/',
    navigation: [
      { label: 'Farmacias', href: '/backoffice/clients' },
      // The app's own idea of the current page wins over the path (an order opened from a product).
      { label: 'Pedidos', href: '/backoffice/orders', isCurrent: true },
      { label: 'Catálogo', href: '/backoffice/products', isCurrent: false },
    ],
    cartHref: undefined,
    accountHref: undefined,
    currentPath: '/backoffice/products/3/orders/12',
    labels: { navigation: 'Administración', logout: 'Cerrar sesión' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Administración' });
    await expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Catálogo' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'Botica: inicio' })).toHaveAttribute(
      'href',
      '/backoffice/',
    );
    await expect(canvas.queryByRole('link', { name: /Mi pedido/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar sesión' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

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

/** The logo, every menu link and every action: none overlaps another, none passes the window's edge. */
async function expectNothingOverlaps(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const header = canvasElement.querySelector('header') as HTMLElement;
  const parts = [
    canvas.getByRole('link', { name: /inicio$/ }),
    ...within(canvas.getByRole('navigation')).getAllByRole('link'),
    ...[...header.querySelectorAll<HTMLElement>('.bt-app-header__action')],
  ];
  const width = document.documentElement.clientWidth;
  const boxes = parts.map((part) => ({ name: part.textContent ?? '', box: part.getBoundingClientRect() }));
  for (const [index, { name, box }] of boxes.entries()) {
    await expect(box.left, name).toBeGreaterThanOrEqual(0);
    await expect(box.right, name).toBeLessThanOrEqual(width);
    for (const other of boxes.slice(index + 1)) {
      const overlaps =
        box.left < other.box.right &&
        other.box.left < box.right &&
        box.top < other.box.bottom &&
        other.box.top < box.bottom;
      await expect(overlaps, `${name} / ${other.name}`).toBe(false);
    }
  }
  return boxes;
}

/**
 * At 1024 px and a little wider the menu and the actions (with a two-digit count) do not fit on one
 * row: the menu takes its own row under them instead of running into 'Mi pedido'.
 */
export const NarrowDesktop: Story = {
  globals: { viewport: { value: 'small' } },
  play: async ({ canvasElement }) => {
    await expectNothingOverlaps(canvasElement);
  },
};

/** 1100 px: where 'Te escuchamos' used to run into 'Mi pedido'. */
export const Laptop: Story = {
  globals: { viewport: { value: 'laptop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectNothingOverlaps(canvasElement);
    const menu = canvas.getByRole('link', { name: 'Te escuchamos' }).getBoundingClientRect();
    const cart = canvas.getByRole('link', { name: /Mi pedido/ }).getBoundingClientRect();
    await expect(menu.top).toBeGreaterThanOrEqual(cart.bottom);
  },
};

export const MediumDesktop: Story = {
  globals: { viewport: { value: 'medium' } },
  play: async ({ canvasElement }) => {
    await expectNothingOverlaps(canvasElement);
  },
};

/** 1280 px and wider: everything on one row. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    const boxes = await expectNothingOverlaps(canvasElement);
    await expect(new Set(boxes.map(({ box }) => Math.round(box.top + box.height / 2))).size).toBe(1);
  },
};

export const WideDesktop: Story = {
  globals: { viewport: { value: 'wide' } },
  play: async ({ canvasElement }) => {
    const boxes = await expectNothingOverlaps(canvasElement);
    await expect(new Set(boxes.map(({ box }) => Math.round(box.top + box.height / 2))).size).toBe(1);
  },
};

/** An app's longer words, even at 1280 px: the menu moves to its own row rather than overlap. */
export const LongLabelsOnDesktop: Story = {
  args: {
    navigation: [
      { label: 'Catálogo de Productos Naturales', href: '/catalog' },
      { label: 'Formación Continuada / Noticias', href: '/formacion' },
      { label: 'Te escuchamos: encuestas', href: '/encuestas' },
    ],
  },
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expectNothingOverlaps(canvasElement);
  },
};
