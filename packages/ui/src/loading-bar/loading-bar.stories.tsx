import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { LoadingBar } from './loading-bar.tsx';

const meta = {
  title: 'Estados/LoadingBar',
  component: LoadingBar,
  tags: ['autodocs'],
  args: { isLoading: true },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A load in progress: the bar appears after 200 ms and trickles. */
export const Loading: Story = {
  play: async () => {
    const bar = await screen.findByRole('progressbar', { name: 'Cargando la página' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
  },
};

export const Idle: Story = {
  args: { isLoading: false },
  play: async () => {
    await expect(screen.queryByRole('progressbar')).toBeNull();
  },
};

/** Start a load and finish it: quick loads (under 200 ms) never show the bar. */
export const Interactive: Story = {
  render: function Render(args) {
    const [isLoading, setLoading] = useState(false);
    return (
      <div style={{ padding: 24, display: 'flex', gap: 12 }}>
        <LoadingBar {...args} isLoading={isLoading} />
        <Button onPress={() => setLoading(true)} isDisabled={isLoading}>
          Empezar carga
        </Button>
        <Button variant="secondary" onPress={() => setLoading(false)} isDisabled={!isLoading}>
          Terminar carga
        </Button>
      </div>
    );
  },
  args: { isLoading: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Empezar carga' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Terminar carga' }));
    await expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Empezar carga' }));
    await screen.findByRole('progressbar');
    await userEvent.click(canvas.getByRole('button', { name: 'Terminar carga' }));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  },
};
