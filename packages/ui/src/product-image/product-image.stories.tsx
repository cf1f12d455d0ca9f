import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { products } from '../internal/fixtures.ts';
import type { Product } from '../types.ts';
import { DEFAULT_PRODUCT_IMAGE, ProductImage } from './product-image.tsx';

const equinacea = products[0] as Product;

const meta = {
  title: 'Catálogo/ProductImage',
  component: ProductImage,
  tags: ['autodocs'],
  args: { image: equinacea.image, alt: equinacea.name },
  decorators: [
    (Story) => (
      <div style={{ width: 200 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Miniproduct: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: equinacea.name })).not.toHaveAttribute(
      'data-fallback',
    );
  },
};

export const Thumbnail: Story = {
  args: { size: 'thumbnail' },
  decorators: [
    (Story) => (
      <div style={{ width: 64 }}>
        <Story />
      </div>
    ),
  ],
};

/** No URL for the size: the default product image stands in. */
export const MissingImage: Story = {
  args: { image: { thumbnail: null, miniproduct: null }, alt: 'Melatonina 1,9 mg Sublingual' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img');
    await expect(img).toHaveAttribute('src', DEFAULT_PRODUCT_IMAGE);
  },
};

/** A URL that fails to load also falls back to the default image. */
export const BrokenUrl: Story = {
  args: { image: { miniproduct: 'data:image/png;base64,broken' }, alt: 'Imagen que no carga' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img');
    await waitFor(() => expect(img).toHaveAttribute('src', DEFAULT_PRODUCT_IMAGE));
  },
};
