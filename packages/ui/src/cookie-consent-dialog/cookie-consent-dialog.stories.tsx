import { COOKIES, cookiesInUse } from '@botica/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { policyLinks } from '../internal/navigation-fixtures.ts';
import { CookieConsentDialog } from './cookie-consent-dialog.tsx';

const cookiePolicy = policyLinks.find((link) => link.label === 'Política de cookies');

const meta = {
  title: 'Diálogos/CookieConsentDialog',
  component: CookieConsentDialog,
  tags: ['autodocs'],
  // The portal's cookie policy: the dialog itself knows no route.
  args: { isOpen: true, onChoice: fn(), policyHref: cookiePolicy?.href ?? '' },
} satisfies Meta<typeof CookieConsentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Blocking: no close button and Escape does nothing; essential cookies are always on. */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Tu privacidad en Botica' });
    await expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
    const essential = within(dialog).getByRole('switch', { name: /Esenciales/ });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(args.onChoice).not.toHaveBeenCalled();
  },
};

/** Rejecting is as easy and as visible as accepting: both are the same solid button, side by side. */
export const RejectAsVisibleAsAccept: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: 'Rechazar' });
    const accept = within(dialog).getByRole('button', { name: 'Aceptar todas' });
    await expect(reject.className).toBe(accept.className);
    await expect(reject).toHaveClass('bt-button--primary');
    await waitFor(() => expect(reject).toBeVisible());
    const [rejectBox, acceptBox] = [reject.getBoundingClientRect(), accept.getBoundingClientRect()];
    await expect(Math.abs(rejectBox.height - acceptBox.height)).toBeLessThan(1);
    await expect(getComputedStyle(reject).backgroundColor).toBe(getComputedStyle(accept).backgroundColor);
  },
};

/**
 * Opened again to change a choice: Escape and the 'Cerrar' button close it (`onDismiss`) and leave
 * the choice as it was; the switches start from it.
 */
export const Reopened: Story = {
  args: { defaultValue: { analytics: true, marketing: false }, onDismiss: fn() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Tu privacidad en Botica' });
    await expect(within(dialog).getByRole('switch', { name: /Analítica/ })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(2);
    await expect(args.onChoice).not.toHaveBeenCalled();
  },
};

/** Every category names its cookies, from the one list the cookie policy shows too. */
export const NamesTheCookies: Story = {
  args: { cookies: COOKIES },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    // Once the dialog has finished appearing.
    await waitFor(() =>
      expect(within(dialog).getByText('Ahora mismo el portal no instala ninguna.')).toBeVisible(),
    );
    for (const cookie of COOKIES) await expect(within(dialog).getByText(cookie.name)).toBeVisible();
  },
};

/** Without the tag manager's container, the analytics switch says no cookie of its kind is set. */
export const WithoutTagManager: Story = {
  args: { cookies: cookiesInUse({ hasTagManager: false }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).queryByText('_ga')).toBeNull();
    await expect(within(dialog).getAllByText('Ahora mismo el portal no instala ninguna.')).toHaveLength(2);
  },
};

export const AcceptAll: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar todas' }));
    await expect(args.onChoice).toHaveBeenCalledWith({ essential: true, analytics: true, marketing: true });
  },
};

export const Reject: Story = {
  args: { defaultValue: { analytics: true, marketing: true } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await expect(args.onChoice).toHaveBeenCalledWith({ essential: true, analytics: false, marketing: false });
  },
};

export const SaveSelection: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Analítica/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar selección' }));
    await expect(args.onChoice).toHaveBeenCalledWith({ essential: true, analytics: true, marketing: false });
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

export const PhoneReopened: Story = {
  args: { defaultValue: { analytics: false, marketing: false }, onDismiss: fn() },
  globals: { viewport: { value: 'phone' } },
};
