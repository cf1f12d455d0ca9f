import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Link } from './link.tsx';

const meta = {
  title: 'Acciones/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/catalog', children: 'Catálogo de Productos' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p style={{ maxWidth: 480 }}>
      Consulta las novedades en el <Link {...args} /> antes de preparar tu pedido.
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Catálogo de Productos' })).toHaveAttribute(
      'href',
      '/catalog',
    );
  },
};

export const Standalone: Story = { args: { variant: 'standalone', children: 'Ver todos los webinars' } };

export const AsPrimaryButton: Story = {
  args: { variant: 'primary', href: '/cart', children: 'ENVIAR PEDIDO' },
};

export const AsSecondaryButton: Story = {
  args: { variant: 'secondary', href: '/', children: 'Volver al inicio' },
};

/** Opens in a new tab, says so to screen readers and shows the external icon. */
export const External: Story = {
  args: { href: '/politica-de-privacidad', isExternal: true, children: 'Política de privacidad' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Política de privacidad/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName('Política de privacidad (se abre en una pestaña nueva)');
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const LongSpanishText: Story = {
  args: {
    variant: 'standalone',
    children: 'Descargar la ficha técnica y el certificado de análisis del lote en formato PDF',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
};
