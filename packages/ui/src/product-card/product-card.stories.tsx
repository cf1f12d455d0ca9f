import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { products } from '../internal/fixtures.ts';
import type { Product } from '../types.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

const [equinacea, valeriana, , curcuma, jalea, melatonina] = products as [
  Product,
  Product,
  Product,
  Product,
  Product,
  Product,
];

const meta = {
  title: 'Catálogo/ProductCard',
  component: ProductCard,
  tags: ['autodocs'],
  args: { product: equinacea, href: '/products/101', onAddToCart: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 260 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: equinacea.name })).toHaveAttribute('href', '/products/101');
    await userEvent.click(canvas.getByRole('button', { name: /Aumentar/i }));
    await userEvent.click(canvas.getByRole('button', { name: `Añadir ${equinacea.name} al pedido` }));
    await expect(args.onAddToCart).toHaveBeenCalledWith(equinacea, 2);
  },
};

export const ListPriceOnly: Story = { args: { product: valeriana } };

export const InCart: Story = { args: { quantityInCart: 6 } };

export const SoldOut: Story = {
  args: { product: curcuma },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Agotado')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /al pedido/ })).toBeDisabled();
    await expect(canvas.getByRole('textbox')).toBeDisabled();
    for (const button of canvas.getAllByRole('button', { name: /^(Reducir|Aumentar)/ })) {
      await expect(button).toBeDisabled();
    }
  },
};

export const NoImage: Story = { args: { product: melatonina } };

export const Adding: Story = { args: { isAdding: true } };

export const CartSaving: Story = { args: { isDisabled: true } };

export const WithoutActions: Story = { args: { onAddToCart: undefined } };

export const LongSpanishText: Story = { args: { product: jalea } };

export const Loading: Story = { render: () => <ProductCardSkeleton /> };
