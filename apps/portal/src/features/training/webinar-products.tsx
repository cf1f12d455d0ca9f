/**
 * The products a webinar discusses, on its page. A pharmacist sees each with its price and stock and
 * adds it to the cart ('Añadir a mi pedido', one unit a press, through the cart's own actions); a
 * visitor sees their names and a link to log in.
 */
import type { Webinar } from '@botica/api-client/schemas';
import { unitWord } from '@botica/domain';
import { Button, Link, Price, productPrices, StockBadge } from '@botica/ui';
import { useQueries } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from '../cart/cart.atoms.ts';
import { productQuery } from '../product/queries.ts';
import './webinar-products.css';

type WebinarProduct = Webinar['products'][number];

function ProductsToOrder({ products }: { products: readonly WebinarProduct[] }) {
  const details = useQueries({ queries: products.map((product) => productQuery(product.id)) });
  const addToCart = useSetAtom(addToCartAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const quantities = useAtomValue(cartQuantitiesAtom);
  const [lastAddedId, setLastAddedId] = useState<number | null>(null);
  return (
    <ul className="webinar-order">
      {products.map((named, index) => {
        const product = details[index]?.data?.data;
        const inCart = quantities[String(named.id)] ?? 0;
        return (
          <li key={named.id} className="webinar-order__item">
            <div className="webinar-order__text">
              <Link href={`/products/${named.id}`} variant="standalone">
                {named.name}
              </Link>
              <span className="webinar-order__reference">Ref. {named.reference}</span>
              {inCart > 0 ? (
                <span className="webinar-order__in-cart">
                  En tu pedido: {inCart} {unitWord(inCart)}
                </span>
              ) : null}
            </div>
            {product ? (
              <div className="webinar-order__buy">
                <Price {...productPrices(product)} />
                <StockBadge stock={product.stock} />
                {/* Pending, not disabled, while saving: a disabled button would drop the keyboard focus. */}
                <Button
                  size="sm"
                  aria-label={`Añadir a mi pedido: ${product.name}`}
                  isDisabled={product.stock === 'out_of_stock'}
                  isPending={isSaving && lastAddedId === product.id}
                  onPress={() => {
                    setLastAddedId(product.id);
                    void addToCart(product, 1);
                  }}
                >
                  Añadir a mi pedido
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The webinar's products: to order for a pharmacist, named for anyone else. */
export function WebinarProducts({
  products,
  isPharmacist,
}: {
  products: readonly WebinarProduct[];
  isPharmacist: boolean;
}) {
  const location = useLocation();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="webinar-products">
      <h2 id="webinar-products" className="webinar-page__subtitle">
        Productos relacionados
      </h2>
      {isPharmacist ? (
        <ProductsToOrder products={products} />
      ) : (
        <>
          <ul className="webinar-products">
            {products.map((product) => (
              <li key={product.id}>{product.name}</li>
            ))}
          </ul>
          <p className="webinar-order__login">
            <Link href={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
              Inicia sesión para ver sus precios y pedirlos
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
