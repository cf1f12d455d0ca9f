import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { brokenPieces, linesOfElement } from '../internal/line-breaks.ts';
import { policyLinks } from '../internal/navigation-fixtures.ts';
import { DEMO_LAB_CONTACT, Footer } from './footer.tsx';

const meta = {
  title: 'Navegación/Footer',
  component: Footer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  // The portal's policy pages: the footer itself knows no route.
  args: { legalLinks: policyLinks },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const social = canvas.getByRole('list', { name: 'Redes sociales' });
    await expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([
      'LinkedIn (se abre en una pestaña nueva)',
      'Facebook (se abre en una pestaña nueva)',
      'Instagram (se abre en una pestaña nueva)',
      'TikTok (se abre en una pestaña nueva)',
      'Twitter (se abre en una pestaña nueva)',
      'YouTube (se abre en una pestaña nueva)',
    ]);
    for (const [name, href] of [
      ['Aviso legal', '/aviso-legal'],
      ['Política de cookies', '/politica-de-cookies'],
      ['Política de privacidad', '/politica-de-privacidad'],
    ] as const) {
      const link = canvas.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(canvas.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'administracion.ventas@botica.example' })).toBeVisible();
    await expect(
      canvas.getByText(
        `© ${new Date().getFullYear()} Laboratorio Botica, S.L. Todos los derechos reservados.`,
      ),
    ).toBeVisible();
  },
};

export const CustomContact: Story = {
  args: {
    contact: {
      address: [
        'Laboratorios Herbáceos del Norte, S.A.',
        'Polígono Industrial de Asipo, parcela 14',
        '33428 Llanera, Asturias',
      ],
      phone: '+34 985 000 000',
      email: 'pedidos.farmacias@herbaceosdelnorte.example',
    },
    labName: 'Laboratorios Herbáceos del Norte, S.A.',
    socialLinks: {
      linkedin: 'https://www.linkedin.com/company/example',
      youtube: 'https://www.youtube.com/@example',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        `© ${new Date().getFullYear()} Laboratorios Herbáceos del Norte, S.A. Todos los derechos reservados.`,
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'pedidos.farmacias@herbaceosdelnorte.example' }),
    ).toHaveAttribute('href', 'mailto:pedidos.farmacias@herbaceosdelnorte.example');
  },
};

/** A laboratory whose name has no closing period gets one before the rights sentence. */
export const NameWithoutPeriod: Story = {
  args: { labName: 'Botica Laboratorios' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        `© ${new Date().getFullYear()} Botica Laboratorios. Todos los derechos reservados.`,
      ),
    ).toBeVisible();
  },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/**
 * At 320 px (a 1280 px screen at 400 % zoom): the sales-administration address wraps only after its
 * '@' or before a dot, each part whole; the phone is grouped as @botica/domain's `formatPhone` writes
 * it (as the e-mails and invoices do) and stays on one line.
 */
export const NarrowPhone: Story = {
  globals: { viewport: { value: 'narrow' } },
  args: { contact: { ...DEMO_LAB_CONTACT, email: 'administracion.de.ventas.y.pedidos@botica.example' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('link', { name: /@/ });
    await expect(brokenPieces(email, /[^@.]+/g)).toEqual([]);
    const phone = canvas.getByRole('link', { name: /^\+34/ });
    await expect(phone).toHaveTextContent(/^\+34 \d{2} \d{3} \d{2} \d{2}$/);
    await expect(linesOfElement(phone)).toBe(1);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

/** An app without policy pages of its own: no 'Información legal' column. */
export const WithoutLegalLinks: Story = {
  args: { legalLinks: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation', { name: 'Información legal' })).toBeNull();
    await expect(canvas.getByRole('list', { name: 'Redes sociales' })).toBeVisible();
  },
};
