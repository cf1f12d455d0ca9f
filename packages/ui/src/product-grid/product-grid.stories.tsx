import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { products } from '../internal/fixtures.ts';
import { ProductGrid } from './product-grid.tsx';

const meta = {
  title: 'Catálogo/ProductGrid',
  component: ProductGrid,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    products,
    getProductHref: (product) => `/products/${product.id}`,
    onAddToCart: fn(),
    quantitiesInCart: { '101': 6 },
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 1200 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Productos' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(products.length);
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Cargando productos…');
  },
};

export const Empty: Story = { args: { products: [] } };

const onRetry = fn();

export const ErrorState: Story = {
  args: { error: 'Servidor no disponible, intentelo más tarde', onRetry },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};

export const CartSaving: Story = { args: { isCartSaving: true, addingProductId: 101 } };
