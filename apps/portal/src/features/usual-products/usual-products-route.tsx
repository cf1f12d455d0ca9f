/**
 * /mis-habituales: the products the pharmacy has ordered most in the last 12 months, each with the
 * last quantity and when, its price and stock now, and 'Añadir', which adds that last quantity to the
 * cart through the cart's own changes (saved, merged and retried like any other). A withdrawn
 * product is listed as such and cannot be added.
 */
import type { UsualProduct } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDate, unitLabel } from '@botica/domain';
import { Badge, Button, EmptyState, Link, Price, ProductImage, productPrices, StockBadge } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PORTAL_PATHS } from '../../shared/navigation.ts';
import { sessionClientId } from '../account/account-data.ts';
import { addToCartAtom, cartSavingAtom } from '../cart/cart.atoms.ts';
import { usualProductsQuery } from './queries.ts';
import './usual-products.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<{ clientId: number }> {
  const [queryClient, clientId] = await Promise.all([queryClientOf(context), sessionClientId()]);
  await queryClient.fetchQuery(usualProductsQuery(clientId));
  return { clientId };
}

export function Component() {
  useDocumentTitle('Mis habituales');
  const { clientId } = useLoaderData() as { clientId: number };
  const { data } = useQuery(usualProductsQuery(clientId));
  const usual = data?.data ?? [];
  return (
    <div className="usual">
      <h1 className="usual__title">Mis habituales</h1>
      {usual.length === 0 ? (
        <EmptyState
          title="Aún no tienes productos habituales"
          description="Aquí verás los productos que más pides, en cuanto envíes tu primer pedido."
          action={
            <Link href={PORTAL_PATHS.catalog} variant="primary">
              Ir al catálogo
            </Link>
          }
        />
      ) : (
        <>
          <p className="usual__intro">
            Los productos que más has pedido en los últimos 12 meses. «Añadir» pone en tu pedido la cantidad
            de la última vez.
          </p>
          <UsualList usual={usual} />
        </>
      )}
    </div>
  );
}

function UsualList({ usual }: { usual: readonly UsualProduct[] }) {
  const addToCart = useSetAtom(addToCartAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const [lastAddedId, setLastAddedId] = useState<number | null>(null);
  return (
    <ul className="usual__list">
      {usual.map(({ product, last_quantity, last_ordered_at, orders_count, is_withdrawn }) => {
        const prices = productPrices(product);
        const isSoldOut = product.stock === 'out_of_stock';
        const nameId = `usual-${product.id}`;
        return (
          <li key={product.id} className="usual__item" aria-labelledby={nameId}>
            <ProductImage image={product.image} size="thumbnail" alt="" className="usual__thumb" />
            <div className="usual__info">
              <h2 id={nameId} className="usual__name">
                {is_withdrawn ? product.name : <Link href={`/products/${product.id}`}>{product.name}</Link>}
              </h2>
              <p className="usual__meta">
                Ref. {product.reference} · {product.format}
              </p>
              <p className="usual__last">
                Última vez: {last_quantity} {unitLabel(last_quantity)} el {formatDate(last_ordered_at)} ·{' '}
                {orders_count === 1 ? 'en 1 pedido' : `en ${orders_count} pedidos`}
              </p>
            </div>
            <div className="usual__buy">
              {is_withdrawn ? (
                <Badge tone="neutral">Retirado del catálogo</Badge>
              ) : (
                <>
                  <Price amountCents={prices.amountCents} originalCents={prices.originalCents} suffix="/ud" />
                  <StockBadge stock={product.stock} />
                  {/* Pending, not disabled, while saving: a disabled button would drop the keyboard focus. */}
                  <Button
                    isDisabled={isSoldOut}
                    isPending={isSaving && lastAddedId === product.id}
                    aria-label={`Añadir ${last_quantity} ${unitLabel(last_quantity)} de ${product.name} a mi pedido`}
                    onPress={() => {
                      setLastAddedId(product.id);
                      void addToCart(product, last_quantity);
                    }}
                  >
                    Añadir {last_quantity} {unitLabel(last_quantity)}
                  </Button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
