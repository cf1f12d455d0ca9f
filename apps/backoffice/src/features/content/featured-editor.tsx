/**
 * The featured products of the portal's home, in order: found by reference or name and added, moved
 * up or down, removed; saved as a whole (the home shows the first 8 the catalogue sells).
 */
import { FEATURED_PRODUCTS_MAX, type ShowcaseProduct } from '@botica/api-client/admin';
import { Badge, Button, showToast } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { OrderedProductPicker } from '../../shared/ordered-product-picker.tsx';
import { featuredMutation, productSearch } from './queries.ts';

export function FeaturedEditor({
  saved,
  canChange,
}: {
  saved: readonly ShowcaseProduct[];
  canChange: boolean;
}) {
  const [products, setProducts] = useState<ShowcaseProduct[]>([...saved]);
  const save = useMutation(featuredMutation(useQueryClient()));
  const isChanged =
    products.map((product) => product.id).join() !== saved.map((product) => product.id).join();

  async function submit() {
    try {
      await save.mutateAsync(products.map((product) => product.id));
      showToast({ title: 'Productos destacados guardados', tone: 'success' });
    } catch (error) {
      reportCallError(error);
    }
  }

  return (
    <section className="bo-content__card" aria-labelledby="featured-title">
      <h2 id="featured-title">Productos destacados</h2>
      <p className="bo-content__muted">
        En este orden en la página de inicio, como máximo {FEATURED_PRODUCTS_MAX}. Los que no están a la venta
        no se muestran.
      </p>
      <OrderedProductPicker
        chosen={products}
        onChange={setProducts}
        canChange={canChange}
        max={FEATURED_PRODUCTS_MAX}
        describe={(product) => (
          <>
            <span>{product.name}</span>
            <span className="bo-content__muted">
              Ref. {product.reference}{' '}
              {product.active ? null : <Badge tone="warning">No está a la venta</Badge>}
            </span>
          </>
        )}
        emptyText="Ningún producto destacado."
        listLabel="Productos destacados, en orden"
        search={{
          label: 'Añadir un producto',
          description: 'Referencia o nombre, al menos 2 caracteres.',
          fullDescription: `Ya hay ${FEATURED_PRODUCTS_MAX}: quita uno para añadir otro.`,
          query: productSearch,
          productsOf: (answer) => answer.data,
          noMatch: (words) => `Ningún producto coincide con «${words}».`,
        }}
      />
      {canChange ? (
        <div className="bo-content__actions">
          <Button onPress={() => void submit()} isPending={save.isPending} isDisabled={!isChanged}>
            Guardar destacados
          </Button>
          {isChanged ? (
            <Button variant="ghost" onPress={() => setProducts([...saved])}>
              Deshacer cambios
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
