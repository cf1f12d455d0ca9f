import { useRef, useState } from 'react';
import { CartIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { PlainButton } from '../internal/plain-button.tsx';
import { PlainLink } from '../internal/plain-link.tsx';
import { Stepper } from '../internal/stepper.tsx';
import { flushPendingEdits } from '../pending-edits/pending-edits.ts';
import { Price, productPrices } from '../price/price.tsx';
import { ProductImage } from '../product-image/product-image.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { isSoldOut, StockBadge } from '../stock-badge/stock-badge.tsx';
import type { Product } from '../types.ts';

export interface ProductCardProps {
  /** The product, as the catalogue sends it (prices in euros). */
  product: Product;
  /** The product page's address; the image and the name link to it. */
  href?: string | undefined;
  /** Called with the product and the chosen quantity when 'Añadir' is pressed. */
  onAddToCart?: ((product: Product, quantity: number) => void) | undefined;
  /**
   * Shows the add button as pending (this product is being added).
   * @default false
   */
  isAdding?: boolean;
  /**
   * Disables the quantity and the add button, e.g. while the cart is saving.
   * @default false
   */
  isDisabled?: boolean;
  /** Units of this product already in the cart, shown under the price. */
  quantityInCart?: number | undefined;
  /**
   * The heading level of the product name.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4;
  /**
   * How the image loads: `eager` for cards likely in the first viewport.
   * @default 'lazy'
   */
  imageLoading?: 'lazy' | 'eager';
  /** The image's fetch priority: `high` for the card that is likely the page's largest paint. */
  imageFetchPriority?: 'high' | undefined;
  /** Extra class names. */
  className?: string;
}

/**
 * A product in the catalogue: image, reference, name, format, stock, the client's price (the list
 * price struck through when lower) and, with `onAddToCart`, a quantity and an 'Añadir' button.
 */
export function ProductCard({
  product,
  href,
  onAddToCart,
  isAdding = false,
  isDisabled = false,
  quantityInCart,
  headingLevel = 3,
  imageLoading = 'lazy',
  imageFetchPriority,
  className,
}: ProductCardProps) {
  const [quantity, setQuantity] = useState(1);
  // The quantity as the field hands it on, read by 'Añadir' right after the pending edits are taken.
  const quantityRef = useRef(1);
  const changeQuantity = (next: number) => {
    quantityRef.current = next;
    setQuantity(next);
  };
  const { amountCents, originalCents } = productPrices(product);
  const isSoldOutNow = isSoldOut(product.stock);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cx('bt-product-card', className)} aria-labelledby={`bt-product-${product.id}`}>
      <div className="bt-product-card__media">
        <ProductImage
          image={product.image}
          size="miniproduct"
          alt=""
          loading={imageLoading}
          fetchPriority={imageFetchPriority}
        />
      </div>
      <div className="bt-product-card__body">
        <p className="bt-product-card__reference">
          <span className="bt-visually-hidden">Referencia: </span>
          {product.reference}
        </p>
        <Heading className="bt-product-card__name" id={`bt-product-${product.id}`}>
          {href ? (
            <PlainLink href={href} className="bt-product-card__link">
              {product.name}
            </PlainLink>
          ) : (
            product.name
          )}
        </Heading>
        {product.format ? <p className="bt-product-card__format">{product.format}</p> : null}
        <div className="bt-product-card__meta">
          <StockBadge stock={product.stock} />
        </div>
        <div className="bt-product-card__price">
          <Price amountCents={amountCents} originalCents={originalCents} size="lg" />
          <span className="bt-product-card__tax">IVA no incluido</span>
        </div>
        {quantityInCart ? (
          <p className="bt-product-card__in-cart">
            <CartIcon size={16} /> En tu pedido: {quantityInCart} {quantityInCart === 1 ? 'ud' : 'uds'}
          </p>
        ) : null}
      </div>
      {onAddToCart ? (
        <div className="bt-product-card__actions">
          <Stepper
            aria-label={`Unidades de ${product.name}`}
            value={quantity}
            onChange={changeQuantity}
            isDisabled={isDisabled || isSoldOutNow}
            className="bt-product-card__stepper"
          />
          <PlainButton
            iconStart={<CartIcon size={18} />}
            isPending={isAdding}
            isDisabled={isDisabled || isSoldOutNow}
            onPress={() => {
              flushPendingEdits();
              onAddToCart(product, quantityRef.current);
            }}
            aria-label={`Añadir ${product.name} al pedido`}
            className="bt-product-card__add"
          >
            Añadir
          </PlainButton>
        </div>
      ) : null}
    </article>
  );
}

/** The placeholder of a product card while the catalogue loads. */
export function ProductCardSkeleton() {
  return (
    <div className="bt-product-card bt-product-card--skeleton" aria-hidden="true">
      <div className="bt-product-card__media">
        <Skeleton variant="rect" height="100%" />
      </div>
      <div className="bt-product-card__body">
        <Skeleton width="35%" />
        <Skeleton lines={2} />
        <Skeleton width="45%" height="1.5rem" />
      </div>
      <div className="bt-product-card__actions">
        <Skeleton variant="rect" height="2.75rem" />
      </div>
    </div>
  );
}
