import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './badge.tsx';

const meta = {
  title: 'Estados/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Enviado' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Enviado')).toBeVisible();
  },
};

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Badge>Borrador</Badge>
      <Badge tone="primary">Nuevo</Badge>
      <Badge tone="accent">Oferta</Badge>
      <Badge tone="success">Entregado</Badge>
      <Badge tone="warning">Pendiente de pago</Badge>
      <Badge tone="danger">Anulado</Badge>
      <Badge tone="info">En tránsito</Badge>
    </div>
  ),
};

export const Count: Story = { args: { children: '12', appearance: 'solid', tone: 'accent' } };

export const LongSpanishText: Story = {
  args: { children: 'Pendiente de confirmación por el almacén', tone: 'warning' },
};
