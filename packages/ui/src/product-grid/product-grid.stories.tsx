import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { products } from '../internal/fixtures.ts';
import { brokenPieces, linesOfElement } from '../internal/line-breaks.ts';
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

/**
 * At 320 px (a 1280 px screen at 400 % zoom) with long one-word names: one column, every word of a
 * name whole (Chromium on Linux cannot hyphenate Spanish, so the card grows instead of cutting
 * 'Ashwagand' / 'ha'), and 'Añadir' on one line.
 */
export const NarrowPhone: Story = {
  globals: { viewport: { value: 'narrow' } },
  args: {
    products: products.slice(0, 4).map((product, index) => ({
      ...product,
      name: ['Ashwagandha Respiratorio', 'Glucosamina Hialurónico', 'Harpagofito Circulación', 'Probióticos'][
        index
      ] as string,
    })),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Productos' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
    for (const heading of within(list).getAllByRole('heading')) {
      await expect(brokenPieces(heading, /\S+/g), heading.textContent ?? '').toEqual([]);
    }
    for (const button of within(list).getAllByRole('button', { name: /^Añadir / })) {
      await expect(linesOfElement(button), button.textContent ?? '').toBe(1);
    }
  },
};
