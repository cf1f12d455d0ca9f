import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LabMessageCard } from './lab-message-card.tsx';

const meta = {
  title: 'Contenido/LabMessageCard',
  component: LabMessageCard,
  tags: ['autodocs'],
  args: {
    kind: 'recall',
    severity: 'critical',
    title: 'Retirada del lote L2611-043 de Vitamina C + Própolis',
    summary: 'Retirad de la venta las unidades del lote L2611-043 y guardadlas para el próximo reparto.',
    startsAt: '2026-11-26T08:00:00.000Z',
    isUnread: true,
    href: '/mensajes/7',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LabMessageCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A critical message not yet read: a link to its page, red edge, 'Nuevo'. */
export const CriticalUnread: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Retirada del lote L2611-043/ });
    await expect(link).toHaveAttribute('href', '/mensajes/7');
    await expect(link).toHaveAttribute('data-severity', 'critical');
    await expect(link).toHaveAttribute('data-unread', 'true');
    await expect(link).toHaveTextContent('Retirada de lote');
    await expect(link).toHaveTextContent('Nuevo');
    await expect(link).toHaveTextContent('Publicado el 26/11/2026');
  },
};

/** Read: no 'Nuevo', no highlight. */
export const WarningRead: Story = {
  args: {
    kind: 'holiday',
    severity: 'warning',
    title: 'Almacén cerrado el 8 de diciembre',
    summary: 'No habrá reparto el lunes festivo.',
    isUnread: false,
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Almacén cerrado/ });
    await expect(link).not.toHaveAttribute('data-unread');
    await expect(link).not.toHaveTextContent('Nuevo');
    await expect(link).toHaveTextContent('Cierre por festivo');
  },
};

/** Without `href` (the back office's preview): the same card, not a link; without a date, none shown. */
export const Preview: Story = {
  args: { href: undefined, severity: 'info', kind: 'prices', startsAt: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
    await expect(canvasElement).toHaveTextContent('Cambio de precios');
    await expect(canvasElement).not.toHaveTextContent('Publicado el');
  },
};
