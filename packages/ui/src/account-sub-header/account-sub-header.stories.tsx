import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountSubHeader } from './account-sub-header.tsx';

const meta = {
  title: 'Navegación/AccountSubHeader',
  component: AccountSubHeader,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
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

/** On a phone the row scrolls; the current section, the last one, is scrolled into view. */
export const CurrentSectionInViewOnPhone: Story = {
  args: { currentPath: '/account/users' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Mi cuenta' });
    const current = within(nav).getByRole('link', { name: 'MIS USUARIOS' });
    const navBox = nav.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    await expect(nav.scrollWidth).toBeGreaterThan(nav.clientWidth);
    await expect(box.left).toBeGreaterThanOrEqual(navBox.left - 1);
    await expect(box.right).toBeLessThanOrEqual(navBox.right + 1);
  },
};
