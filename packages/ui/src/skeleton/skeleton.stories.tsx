import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from './skeleton.tsx';

const meta = {
  title: 'Estados/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  args: { width: 280 },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.bt-skeleton')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Paragraph: Story = { args: { lines: 4, width: 360 } };

export const Block: Story = { args: { variant: 'rect', width: 240, height: 180 } };

export const Circle: Story = { args: { variant: 'circle', width: 48 } };

/** A loading card: the region announces 'Cargando…' once; the shapes are silent. */
export const Card: Story = {
  render: () => (
    <div
      role="status"
      aria-label="Cargando pedido"
      style={{ display: 'flex', gap: 16, alignItems: 'center', maxWidth: 420 }}
    >
      <Skeleton variant="rect" width={72} height={72} />
      <div style={{ flex: 1 }}>
        <Skeleton width="40%" />
        <Skeleton lines={2} />
      </div>
    </div>
  ),
};
