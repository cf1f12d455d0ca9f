import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { accountSections } from '../internal/navigation-fixtures.ts';
import { AccountSubHeader } from './account-sub-header.tsx';

const meta = {
  title: 'Navegación/AccountSubHeader',
  component: AccountSubHeader,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    // The portal's sections: the sub-header itself knows no route.
    sections: accountSections,
    currentPath: '/account/orders',
    clientName: 'Farmacia del Sol',
    clientDetail: 'Cliente 4302 · Madrid',
    onLinkPress: fn(),
  },
} satisfies Meta<typeof AccountSubHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Mi cuenta' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'EQUIPO COMERCIAL',
      'PEDIDOS WEB',
      'ENVIOS',
      'MIS FACTURAS',
      'MIS DATOS',
      'MIS USUARIOS',
    ]);
    await expect(within(nav).getByRole('link', { name: 'PEDIDOS WEB' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'MIS FACTURAS' }));
    await expect(args.onLinkPress).toHaveBeenCalledWith({ label: 'MIS FACTURAS', href: '/account/invoices' });
  },
};

/** The sales-team section is '/account' itself: only that exact path marks it. */
export const SalesTeam: Story = { args: { currentPath: '/account' } };

export const WithoutClient: Story = { args: { clientName: undefined, clientDetail: undefined } };

export const LongSpanishText: Story = {
  args: { clientName: 'Farmacia Licenciada María José Fernández-Villaverde y Sánchez de la Cruz, C.B.' },
  globals: { viewport: { value: 'phone' } },
};

/** Every section whole and in the window, without scrolling anything sideways. */
async function expectAllSectionsInView(canvasElement: HTMLElement) {
  const nav = within(canvasElement).getByRole('navigation', { name: 'Mi cuenta' });
  const links = within(nav).getAllByRole('link');
  await expect(links).toHaveLength(6);
  await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
  const width = document.documentElement.clientWidth;
  for (const link of links) {
    const box = link.getBoundingClientRect();
    await expect(box.left, link.textContent ?? '').toBeGreaterThanOrEqual(0);
    await expect(box.right, link.textContent ?? '').toBeLessThanOrEqual(width);
    // The name is whole: nothing of it is cut off inside the link.
    await expect(link.scrollWidth, link.textContent ?? '').toBeLessThanOrEqual(link.clientWidth);
  }
}

/** On a phone the six sections stand in two columns, the current one marked. */
export const OnPhone: Story = {
  args: { currentPath: '/account/users' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ args, canvasElement }) => {
    await expectAllSectionsInView(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Mi cuenta' });
    const [first, second, third] = within(nav).getAllByRole('link');
    // Two columns: the second section beside the first, the third under it.
    await expect(second?.getBoundingClientRect().top).toBe(first?.getBoundingClientRect().top);
    await expect(third?.getBoundingClientRect().left).toBe(first?.getBoundingClientRect().left);
    await expect(within(nav).getByRole('link', { name: 'MIS USUARIOS' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'ENVIOS' }));
    await expect(args.onLinkPress).toHaveBeenCalledWith({ label: 'ENVIOS', href: '/account/erp-shipments' });
  },
};

/** At 320 px (a laptop at 400 % zoom) too: the longer names wrap inside their cell. */
export const OnNarrowPhone: Story = {
  args: { currentPath: '/account/invoices' },
  globals: { viewport: { value: 'narrow' } },
  play: async ({ canvasElement }) => expectAllSectionsInView(canvasElement),
};

/** On a tablet, three columns: MIS USUARIOS is no longer cut at the window's edge. */
export const OnTablet: Story = {
  args: { currentPath: '/account/users' },
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvasElement }) => expectAllSectionsInView(canvasElement),
};

/** On a desktop, one row. */
export const OnDesktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expectAllSectionsInView(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Mi cuenta' });
    const tops = within(nav)
      .getAllByRole('link')
      .map((link) => link.getBoundingClientRect().top);
    await expect(new Set(tops).size).toBe(1);
  },
};
