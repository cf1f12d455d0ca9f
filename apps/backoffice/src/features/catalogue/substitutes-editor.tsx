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
import { Button, showToast } from '@botica/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi } from '../../shared/api.ts';
import { reportCallError } from '../../shared/errors.ts';
import { OrderedProductPicker } from '../../shared/ordered-product-picker.tsx';
import { productList } from './queries.ts';

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

  return (
    <section className="bo-catalogue__section" aria-labelledby="product-substitutes">
      <h2 id="product-substitutes">Sustitutos</h2>
      <p className="bo-catalogue__muted">
        Se ofrecen en el portal, en este orden, cuando el producto está agotado (solo los activos y
        disponibles). Sin ninguno elegido, el portal ofrece productos del mismo problema de salud y la misma
        forma.
      </p>
      <OrderedProductPicker
        chosen={chosen}
        onChange={change}
        canChange={isAdmin}
        max={MAX_SUBSTITUTES}
        describe={(item) => (
          <>
            <strong>{item.name}</strong>
            <span className="bo-catalogue__muted">
              {item.reference} · {item.format} · {item.is_active ? STOCK_WORDS[item.stock] : 'Inactivo'}
            </span>
          </>
        )}
        emptyText="Ninguno elegido: el portal ofrece los de por defecto."
        search={{
          label: 'Buscar un producto para añadirlo',
          description: `Por nombre o referencia; hasta ${MAX_SUBSTITUTES} sustitutos.`,
          query: (words) => productList({ q: words, status: 'active' }),
          productsOf: (answer) => answer.data.filter((row) => row.id !== productId).map(chosenOf),
          noMatch: () => 'Ningún producto encontrado.',
          addedAs: 'como sustituto',
        }}
      />
      {isAdmin ? (
        <>
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
