/** The product picker of the webinar's and the material's forms (src/features/training). */
import type { TrainingProduct } from '@botica/api-client/admin';
import { Button } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../../shared/api.ts';

/**
 * The products a webinar or a material names: a search by name or reference, the chosen ones with
 * 'Quitar'; at most `max` (the server's limit).
 */
export function ProductPicker({
  chosen,
  onChange,
  isReadOnly,
  max,
}: {
  chosen: readonly TrainingProduct[];
  onChange: (products: TrainingProduct[]) => void;
  isReadOnly: boolean;
  max: number;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['training-products', q],
    queryFn: () => adminApi.webinars.products({ q: q ?? '' }),
    enabled: q !== null,
  });
  function search(event: FormEvent) {
    event.preventDefault();
    setQ(text.trim());
  }
  const chosenIds = new Set(chosen.map((product) => product.id));
  return (
    <fieldset className="bo-training__products">
      <legend>Productos relacionados</legend>
      {chosen.length === 0 ? <p className="bo-training__muted">Ninguno.</p> : null}
      <ul className="bo-training__chosen">
        {chosen.map((product) => (
          <li key={product.id}>
            <span>
              {product.name} <span className="bo-training__muted">· {product.reference}</span>
            </span>
            {isReadOnly ? null : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Quitar ${product.name}`}
                onPress={() => onChange(chosen.filter((each) => each.id !== product.id))}
              >
                Quitar
              </Button>
            )}
          </li>
        ))}
      </ul>
      {isReadOnly ? null : (
        <div className="bo-training__product-search">
          <label className="bt-field bo-training__search-field">
            <span className="bt-field__label">Buscar producto por nombre o referencia</span>
            <input
              className="bt-input"
              type="search"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') search(event);
              }}
            />
          </label>
          <Button variant="secondary" onPress={() => setQ(text.trim())}>
            Buscar producto
          </Button>
        </div>
      )}
      {!isReadOnly && found.data ? (
        found.data.data.length === 0 ? (
          <p className="bo-training__muted" role="status">
            Ningún producto coincide.
          </p>
        ) : (
          <ul className="bo-training__found" aria-label="Productos encontrados">
            {found.data.data.map((product) => (
              <li key={product.id}>
                <span>
                  {product.name} <span className="bo-training__muted">· {product.reference}</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  isDisabled={chosenIds.has(product.id) || chosen.length >= max}
                  aria-label={`${chosenIds.has(product.id) ? 'Añadido' : 'Añadir'} ${product.name}`}
                  onPress={() => onChange([...chosen, product])}
                >
                  {chosenIds.has(product.id) ? 'Añadido' : 'Añadir'}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}
