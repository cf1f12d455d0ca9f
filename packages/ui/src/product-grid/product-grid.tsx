import { memo, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { cx } from '../internal/class-names.ts';
import { LoadError } from '../internal/load-error.tsx';
import { ProductCard, ProductCardSkeleton } from '../product-card/product-card.tsx';
import type { Product } from '../types.ts';

export interface ProductGridProps {
  /** The products to show. */
  products: ReadonlyArray<Product>;
  /** The accessible name of the list. @default 'Productos' */
  'aria-label'?: string;
  /** The product page's address of each product. */
  getProductHref?: ((product: Product) => string) | undefined;
  /** Called when a card's 'Añadir' is pressed; without it the cards have no add button. */
  onAddToCart?: ((product: Product, quantity: number) => void) | undefined;
  /** Units of each product already in the cart, by product id. */
  quantitiesInCart?: Readonly<Record<string, number>> | undefined;
  /** The id of the product being added (its button shows as pending). */
  addingProductId?: Product['id'] | null | undefined;
  /**
   * Disables every add button, e.g. while the cart is saving.
   * @default false
   */
  isCartSaving?: boolean;
  /**
   * Shows placeholder cards while the products load.
   * @default false
   */
  isLoading?: boolean;
  /**
   * How many placeholder cards to show while loading.
   * @default 8
   */
  loadingCount?: number;
  /** A load error to show instead of the products. */
  error?: string | null | undefined;
  /** Called by the error state's 'Reintentar' button. */
  onRetry?: (() => void) | undefined;
  /** What to show when there are no products (default: 'No hay productos que coincidan'). */
  emptyState?: ReactNode;
  /**
   * How many of the first cards load their image at once (likely in the first viewport); the
   * others load as they near it.
   * @default 4
   */
  eagerImageCount?: number;
  /** Extra class names. */
  className?: string;
}

// A change to one card (its units in the cart, its pending add) renders that card alone.
const MemoProductCard = memo(ProductCard);

/** A stable function that always calls the latest `callback`, so the memoised cards keep their props. */
function useLatestCallback<A extends unknown[]>(callback: ((...args: A) => void) | undefined) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  const stable = useCallback((...args: A) => latest.current?.(...args), []);
  return callback ? stable : undefined;
}

/** The catalogue's responsive grid of product cards, with its loading, empty and error states. */
export function ProductGrid({
  products,
  'aria-label': ariaLabel = 'Productos',
  getProductHref,
  onAddToCart,
  quantitiesInCart,
  addingProductId,
  isCartSaving = false,
  isLoading = false,
  loadingCount = 8,
  error,
  onRetry,
  emptyState,
  eagerImageCount = 4,
  className,
}: ProductGridProps) {
  const addToCart = useLatestCallback(onAddToCart);
  if (error)
    return <LoadError title="No se han podido cargar los productos" error={error} onRetry={onRetry} />;
  if (isLoading) {
    return (
      <div className={cx('bt-product-grid', className)} aria-busy="true">
        <p className="bt-visually-hidden" role="status">
          Cargando productos…
        </p>
        {Array.from({ length: loadingCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (products.length === 0) {
    return (
      emptyState ?? (
        <EmptyState
          title="No hay productos que coincidan"
          description="Prueba con otra referencia, otro nombre o quita algún filtro."
        />
      )
    );
  }
  return (
    <ul className={cx('bt-product-grid', className)} aria-label={ariaLabel}>
      {products.map((product, index) => (
        <li key={product.id} className="bt-product-grid__item">
          <MemoProductCard
            product={product}
            href={getProductHref?.(product)}
            onAddToCart={addToCart}
            isAdding={addingProductId === product.id}
            isDisabled={isCartSaving}
            quantityInCart={quantitiesInCart?.[String(product.id)]}
            imageLoading={index < eagerImageCount ? 'eager' : 'lazy'}
            // The first card's image is the largest paint on phones: ahead of the others.
            imageFetchPriority={index === 0 && eagerImageCount > 0 ? 'high' : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
