/** A product grid wired to the cart, for the screens that list products (home, catalogue). */
import type { ProductSummary } from '@botica/api-client/schemas';
import { ProductGrid, type ProductGridProps } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from './cart.atoms.ts';

type CartProductGridProps = Omit<
  ProductGridProps,
  'products' | 'getProductHref' | 'quantitiesInCart' | 'isCartSaving' | 'addingProductId' | 'onAddToCart'
> & { products: ProductSummary[] };

/**
 * The grid reads the cart itself, so adding a product renders the grid alone, not the page around
 * it (the home's hero, the catalogue's filters). Each card links to its product page. While the cart
 * saves, the card just added shows as pending and every card stays usable (the cart saves a change
 * made meanwhile next): a disabled button would drop the keyboard focus.
 */
export function CartProductGrid({ products, ...props }: CartProductGridProps) {
  const addToCart = useSetAtom(addToCartAtom);
  const quantities = useAtomValue(cartQuantitiesAtom);
  const isCartSaving = useAtomValue(cartSavingAtom);
  const [lastAddedId, setLastAddedId] = useState<number | null>(null);
  return (
    <ProductGrid
      {...props}
      products={products}
      getProductHref={(product) => `/products/${product.id}`}
      quantitiesInCart={quantities}
      addingProductId={isCartSaving ? lastAddedId : null}
      onAddToCart={(product, quantity) => {
        const summary = products.find((candidate) => candidate.id === product.id);
        if (!summary) return;
        setLastAddedId(summary.id);
        void addToCart(summary, quantity);
      }}
    />
  );
}
