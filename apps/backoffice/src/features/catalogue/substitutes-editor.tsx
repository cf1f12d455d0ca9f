/**
 * A product's substitutes in its editor: the products the portal offers, in this order, when the
 * product is sold out. The admin finds products by search, adds, moves and removes them and saves the
 * list on its own ('Guardar sustitutos'); with none chosen the portal offers products of the same
 * health problem and form. A sales rep reads the list.
 */
import {
  type AdminProductRow,
  type AdminSubstitute,
  MAX_SUBSTITUTES,
  substitutes,
} from '@botica/api-client/admin';
import { endpointQuery, formFailure } from '@botica/app-shell';
import { Button, showToast, TextField } from '@botica/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { adminApi } from '../../shared/api.ts';
import { reportCallError } from '../../shared/errors.ts';
import { productList } from './queries.ts';
import './substitutes-editor.css';

/** `GET /api/v1/admin/products/{id}/substitutes`: the chosen ones, in order. */
const substitutesQuery = endpointQuery(substitutes.list, (id: number) => adminApi.substitutes.list(id));

const STOCK_WORDS: Record<AdminSubstitute['stock'], string> = {
  in_stock: 'Disponible',
  low_stock: 'Últimas unidades',
  out_of_stock: 'Agotado',
};

/** A chosen product as the list shows it, from the list's answer or a search's row. */
function chosenOf(row: AdminProductRow): AdminSubstitute {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    format: row.format,
    stock: row.stock.state,
    is_active: row.is_active,
  };
}

export interface SubstitutesEditorProps {
  productId: number;
  isAdmin: boolean;
}

export function SubstitutesEditor({ productId, isAdmin }: SubstitutesEditorProps) {
  const queryClient = useQueryClient();
  const { data } = useQuery(substitutesQuery(productId));
  const [chosen, setChosen] = useState<AdminSubstitute[]>([]);
  const [isDirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const found = useQuery({
    ...productList({ q: query, status: 'active' }),
    enabled: isAdmin && query.length >= 2,
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (ids: number[]) => adminApi.substitutes.set(productId, { ids }),
    onSuccess: (answer) => queryClient.setQueryData(substitutesQuery(productId).queryKey, answer),
  });

  useEffect(() => {
    if (data && !isDirty) setChosen(data.data);
  }, [data, isDirty]);

  const change = (next: AdminSubstitute[]) => {
    setChosen(next);
    setDirty(true);
    setProblem(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    change(next);
  };
  const submit = async () => {
    try {
      const answer = await save.mutateAsync(chosen.map((item) => item.id));
      setChosen(answer.data);
      setDirty(false);
      showToast({ title: 'Sustitutos guardados', tone: 'success' });
    } catch (error) {
      const failure = formFailure(error, (status) => status === 422);
      if (!failure) {
        reportCallError(error);
        return;
      }
      setProblem(failure.fields?.ids ?? failure.message ?? 'Los sustitutos no se han guardado.');
    }
  };

  const chosenIds = new Set(chosen.map((item) => item.id));
  const results = (found.data?.data ?? []).filter((row) => row.id !== productId).slice(0, 8);
  const isFull = chosen.length >= MAX_SUBSTITUTES;

  return (
    <section className="bo-catalogue__section bo-substitutes" aria-labelledby="product-substitutes">
      <h2 id="product-substitutes">Sustitutos</h2>
      <p className="bo-catalogue__muted">
        Se ofrecen en el portal, en este orden, cuando el producto está agotado (solo los activos y
        disponibles). Sin ninguno elegido, el portal ofrece productos del mismo problema de salud y la misma
        forma.
      </p>
      {chosen.length === 0 ? (
        <p>Ninguno elegido: el portal ofrece los de por defecto.</p>
      ) : (
        <ol className="bo-substitutes__list">
          {chosen.map((item, index) => (
            <li key={item.id} className="bo-substitutes__item">
              <span className="bo-substitutes__text">
                <strong>{item.name}</strong>
                <span className="bo-catalogue__muted">
                  {item.reference} · {item.format} · {item.is_active ? STOCK_WORDS[item.stock] : 'Inactivo'}
                </span>
              </span>
              {isAdmin ? (
                <span className="bo-substitutes__actions">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Subir ${item.name}`}
                    isDisabled={index === 0}
                    onPress={() => move(index, -1)}
                  >
                    Subir
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Bajar ${item.name}`}
                    isDisabled={index === chosen.length - 1}
                    onPress={() => move(index, 1)}
                  >
                    Bajar
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Quitar ${item.name}`}
                    onPress={() => change(chosen.filter((other) => other.id !== item.id))}
                  >
                    Quitar
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {isAdmin ? (
        <>
          <TextField
            label="Buscar un producto para añadirlo"
            description={`Por nombre o referencia; hasta ${MAX_SUBSTITUTES} sustitutos.`}
            value={search}
            onChange={setSearch}
            type="search"
          />
          {query.length >= 2 ? (
            <ul className="bo-substitutes__list" aria-label="Productos encontrados">
              {results.length === 0 && !found.isFetching ? <li>Ningún producto encontrado.</li> : null}
              {results.map((row) => (
                <li key={row.id} className="bo-substitutes__item">
                  <span className="bo-substitutes__text">
                    <strong>{row.name}</strong>
                    <span className="bo-catalogue__muted">
                      {row.reference} · {row.format} · {STOCK_WORDS[row.stock.state]}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${chosenIds.has(row.id) ? 'Añadido' : 'Añadir'} ${row.name} como sustituto`}
                    isDisabled={chosenIds.has(row.id) || isFull}
                    onPress={() => change([...chosen, chosenOf(row)])}
                  >
                    {chosenIds.has(row.id) ? 'Añadido' : 'Añadir'}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="bo-catalogue__save">
            <Button isPending={save.isPending} isDisabled={!isDirty} onPress={() => void submit()}>
              Guardar sustitutos
            </Button>
            <span className="bo-catalogue__muted" aria-live="polite">
              {isDirty ? 'Hay cambios sin guardar en los sustitutos.' : ''}
            </span>
          </div>
          {problem ? (
            <p className="bo-catalogue__field-error" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
