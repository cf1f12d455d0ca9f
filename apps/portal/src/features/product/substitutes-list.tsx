/**
 * The products offered in place of a sold-out one, each with its price and 'Añadir' (one unit, through
 * the cart's own machinery). Nothing while they load or when there are none.
 */
import { Button, Link, Price, ProductImage, productPrices } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from '../cart/cart.atoms.ts';
import { substitutesQuery } from './shortage-queries.ts';
import './shortage.css';

export interface SubstitutesListProps {
  productId: number;
  /** The heading's level where the list sits. */
  headingLevel: 2 | 3;
  /** The heading's text. */
  title?: string;
}

export function SubstitutesList({
  productId,
  headingLevel,
  title = 'Alternativas disponibles',
}: SubstitutesListProps) {
  const { data } = useQuery(substitutesQuery(productId));
  const addToCart = useSetAtom(addToCartAtom);
  const quantities = useAtomValue(cartQuantitiesAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const [addingId, setAddingId] = useState<number | null>(null);
  const headingId = useId();
  const products = data?.data ?? [];
  if (products.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="substitutes" aria-labelledby={headingId}>
      <Heading id={headingId} className="substitutes__title">
        {title}
      </Heading>
      <ul className="substitutes__list">
        {products.map((product) => {
          const prices = productPrices(product);
          const inCart = quantities[String(product.id)] ?? 0;
          return (
            <li key={product.id} className="substitutes__item">
              <ProductImage image={product.image} size="thumbnail" alt="" className="substitutes__image" />
              <div className="substitutes__text">
                <span className="substitutes__name">
                  <Link href={`/products/${product.id}`}>{product.name}</Link>
                </span>
                <span className="substitutes__format">{product.format}</span>
                <Price amountCents={prices.amountCents} originalCents={prices.originalCents} />
                {inCart > 0 ? <span className="substitutes__in-cart">{inCart} en tu pedido</span> : null}
              </div>
              {/* Pending, not disabled, while saving: a disabled button would drop the keyboard focus. */}
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Añadir ${product.name} a mi pedido`}
                isPending={isSaving && addingId === product.id}
                onPress={() => {
                  setAddingId(product.id);
                  void addToCart(product, 1);
                }}
              >
                Añadir
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
