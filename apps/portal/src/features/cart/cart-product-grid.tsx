/** A product grid wired to the cart, for the screens that list products (home, catalogue). */
import type { ProductSummary } from '@botica/api-client/schemas';
import { ProductGrid, type ProductGridProps } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from './cart.atoms.ts';

type CartProductGridProps = Omit<
  ProductGridProps,
  'products' | 'getProductHref' | 'quantitiesInCart' | 'isCartSaving' | 'onAddToCart'
> & { products: ProductSummary[] };

/**
 * The grid reads the cart itself, so adding a product renders the grid alone, not the page around
 * it (the home's hero, the catalogue's filters). Each card links to its product page.
 */
export function CartProductGrid({ products, ...props }: CartProductGridProps) {
  const addToCart = useSetAtom(addToCartAtom);
  const quantities = useAtomValue(cartQuantitiesAtom);
  const isCartSaving = useAtomValue(cartSavingAtom);
  return (
    <ProductGrid
      {...props}
      products={products}
      getProductHref={(product) => `/products/${product.id}`}
      quantitiesInCart={quantities}
      isCartSaving={isCartSaving}
      onAddToCart={(product, quantity) => {
        const summary = products.find((candidate) => candidate.id === product.id);
        if (summary) void addToCart(summary, quantity);
      }}
    />
  );
}
