import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { CartIcon } from '../icons/icons.tsx';
import { Link } from '../link/link.tsx';
import { EmptyState } from './empty-state.tsx';

const meta = {
  title: 'Estados/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    title: 'Tu pedido está vacío',
    description: 'Busca productos por referencia o nombre, o explora el catálogo.',
    icon: <CartIcon size={32} />,
    action: (
      <Link href="/catalog" variant="primary">
        Ir al catálogo
      </Link>
    ),
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ir al catálogo' })).toHaveAttribute('href', '/catalog');
  },
};

export const NoResults: Story = {
  args: {
    title: 'No hay facturas este año',
    description: 'Las facturas aparecen aquí en cuanto se emiten.',
    icon: undefined,
    action: undefined,
  },
};

const onRetry = fn();

export const ErrorState: Story = {
  args: {
    tone: 'error',
    title: 'No se han podido cargar tus pedidos',
    description: 'No es posible acceder al servicio. Comprueba tu conexión a internet.',
    icon: undefined,
    action: (
      <Button variant="secondary" onPress={onRetry}>
        Reintentar
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('No se han podido cargar tus pedidos');
    await userEvent.click(canvas.getByRole('button', { name: 'Reintentar' }));
    await expect(onRetry).toHaveBeenCalled();
  },
};

export const LongSpanishText: Story = {
  args: {
    title: 'Todavía no has recibido ningún material científico de la línea de fitoterapia respiratoria',
    description:
      'Cuando el laboratorio publique nuevas monografías, fichas técnicas o estudios clínicos sobre esta línea, los encontrarás aquí ordenados por fecha de publicación.',
    icon: undefined,
    action: undefined,
  },
};
