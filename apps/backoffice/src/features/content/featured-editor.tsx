/**
 * The featured products of the portal's home, in order: found by reference or name and added, moved
 * up or down, removed; saved as a whole (the home shows the first 8 the catalogue sells).
 */
import { FEATURED_PRODUCTS_MAX, type ShowcaseProduct } from '@botica/api-client/admin';
import { Badge, Button, showToast } from '@botica/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { featuredMutation, productSearch } from './queries.ts';

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other] as T, next[index] as T];
  return next;
}

export function FeaturedEditor({
  saved,
  canChange,
}: {
  saved: readonly ShowcaseProduct[];
  canChange: boolean;
}) {
  const [products, setProducts] = useState<ShowcaseProduct[]>([...saved]);
  const [q, setQ] = useState('');
  const words = useDeferredValue(q.trim());
  const found = useQuery({ ...productSearch(words), enabled: canChange && words.length >= 2 });
  const save = useMutation(featuredMutation(useQueryClient()));
  const chosen = new Set(products.map((product) => product.id));
  const results = (found.data?.data ?? []).filter((product) => !chosen.has(product.id));
  const isChanged =
    products.map((product) => product.id).join() !== saved.map((product) => product.id).join();
  const isFull = products.length >= FEATURED_PRODUCTS_MAX;

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
      {products.length === 0 ? (
        <p>Ningún producto destacado.</p>
      ) : (
        <ol className="bo-content__ordered" aria-label="Productos destacados, en orden">
          {products.map((product, index) => (
            <li key={product.id}>
              <span className="bo-content__stack">
                <span>{product.name}</span>
                <span className="bo-content__muted">
                  Ref. {product.reference}{' '}
                  {product.active ? null : <Badge tone="warning">No está a la venta</Badge>}
                </span>
              </span>
              {canChange ? (
                <span className="bo-content__row-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Subir ${product.name}`}
                    isDisabled={index === 0}
                    onPress={() => setProducts(moved(products, index, -1))}
                  >
                    Subir
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Bajar ${product.name}`}
                    isDisabled={index === products.length - 1}
                    onPress={() => setProducts(moved(products, index, 1))}
                  >
                    Bajar
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Quitar ${product.name}`}
                    onPress={() => setProducts(products.filter((other) => other.id !== product.id))}
                  >
                    Quitar
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canChange ? (
        <>
          <label className="bt-field">
            <span className="bt-field__label">Añadir un producto</span>
            <input
              className="bt-input"
              type="search"
              value={q}
              maxLength={100}
              disabled={isFull}
              aria-describedby="featured-search-help"
              onChange={(event) => setQ(event.target.value)}
            />
            <span id="featured-search-help" className="bo-content__muted">
              {isFull
                ? `Ya hay ${FEATURED_PRODUCTS_MAX}: quita uno para añadir otro.`
                : 'Referencia o nombre, al menos 2 caracteres.'}
            </span>
          </label>
          {words.length >= 2 && !isFull ? (
            <div role="status" className="bo-picker__results">
              {found.isPending ? (
                <p className="bo-content__muted">Buscando…</p>
              ) : results.length === 0 ? (
                <p className="bo-content__muted">Ningún producto coincide con «{words}».</p>
              ) : (
                <ul aria-label="Productos encontrados">
                  {results.slice(0, 8).map((product) => (
                    <li key={product.id}>
                      <span>
                        {product.name} <span className="bo-content__muted">Ref. {product.reference}</span>
                      </span>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Añadir ${product.name}`}
                        onPress={() => setProducts([...products, product])}
                      >
                        Añadir
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
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
        </>
      ) : null}
    </section>
  );
}
