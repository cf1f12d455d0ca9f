import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ErrorPage } from './error-page.tsx';

const meta = {
  title: 'Estados/ErrorPage',
  component: ErrorPage,
  tags: ['autodocs'],
  args: { status: 404 },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'La página que estás buscando no existe.',
    );
    await expect(canvas.getByText('404')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  },
};

export const Maintenance: Story = {
  args: { status: 503 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading')).toHaveTextContent(
      'La página esta en mantenimiento.',
    );
  },
};

export const Forbidden: Story = {
  args: { status: 403 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading')).toHaveTextContent(
      'Este acceso no está disponible',
    );
  },
};

/** Other statuses show their code (500 by default) and the message. */
export const ServerError: Story = {
  args: { status: undefined, message: 'Unknown middleware auth' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('500')).toBeVisible();
    await expect(canvas.getByRole('heading')).toHaveTextContent('Unknown middleware auth');
  },
};

export const LongSpanishText: Story = {
  args: {
    status: 409,
    message:
      'No se ha podido completar la operación porque el pedido ya había sido enviado desde otro dispositivo de la farmacia.',
  },
};
