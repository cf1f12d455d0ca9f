/**
 * A list of products whose order matters (the home's featured products, a product's substitutes):
 * the chosen ones with 'Subir', 'Bajar' and 'Quitar', and a search by name or reference whose
 * results are added at the end ('Añadir'; a product already chosen reads 'Añadido'). The list is the
 * caller's state, saved by the caller; a reader sees it without buttons or search.
 */
import { Button, TextField } from '@botica/ui';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useState } from 'react';
import './ordered-product-picker.css';

/** The fewest characters a search is sent with. */
const MIN_SEARCH = 2;
/** The most results shown at once. */
const MAX_RESULTS = 8;

/** What the picker needs of a product. */
export interface PickedProduct {
  id: number;
  name: string;
}

/** The search that finds products to add. */
export interface ProductSearch<T extends PickedProduct, Answer, Key extends QueryKey> {
  /** The field's label ('Buscar un producto para añadirlo'). */
  label: string;
  /** Under the field: what may be typed, how many may be chosen. */
  description: string;
  /**
   * Said under the field instead of `description` once the list is full; the field is then disabled.
   * Without it the field stays and every 'Añadir' is disabled.
   */
  fullDescription?: string;
  /** The query of the products matching the words typed. */
  query: (words: string) => UseQueryOptions<Answer, Error, Answer, Key>;
  /** The picker's products in the query's answer. */
  productsOf: (answer: Answer) => readonly T[];
  /** Said when nothing matches ('Ningún producto coincide con «ibu».'). */
  noMatch: (words: string) => string;
  /** What a result is added as, read after its name by a screen reader ('como sustituto'). */
  addedAs?: string;
}

export interface OrderedProductPickerProps<T extends PickedProduct, Answer, Key extends QueryKey> {
  /** The chosen products, in order. */
  chosen: readonly T[];
  /** Called with the new list after an addition, a move or a removal. */
  onChange: (chosen: T[]) => void;
  /** Whether the list may be changed here. */
  canChange: boolean;
  /** The most products the list takes. */
  max: number;
  /** What a product shows of itself, in the list and in the results. */
  describe: (product: T) => ReactNode;
  /** Said instead of the list while none is chosen. */
  emptyText: string;
  /** The ordered list's name, when the section's heading does not say it. */
  listLabel?: string;
  search: ProductSearch<T, Answer, Key>;
}

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other] as T, next[index] as T];
  return next;
}

export function OrderedProductPicker<T extends PickedProduct, Answer, Key extends QueryKey>({
  chosen,
  onChange,
  canChange,
  max,
  describe,
  emptyText,
  listLabel,
  search,
}: OrderedProductPickerProps<T, Answer, Key>) {
  const [typed, setTyped] = useState('');
  const words = useDeferredValue(typed.trim());
  const isFull = chosen.length >= max;
  const blocksSearch = isFull && search.fullDescription !== undefined;
  const isSearching = canChange && words.length >= MIN_SEARCH && !blocksSearch;
  const found = useQuery({
    ...search.query(words),
    select: search.productsOf,
    enabled: isSearching,
    placeholderData: keepPreviousData,
  });
  const chosenIds = new Set(chosen.map((product) => product.id));
  const results = (found.data ?? []).slice(0, MAX_RESULTS);

  return (
    <>
      {chosen.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ol
          className="bo-ordered-picker__list"
          {...(listLabel === undefined ? {} : { 'aria-label': listLabel })}
        >
          {chosen.map((product, index) => (
            <li key={product.id} className="bo-ordered-picker__item">
              <span className="bo-ordered-picker__text">{describe(product)}</span>
              {canChange ? (
                <span className="bo-ordered-picker__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Subir ${product.name}`}
                    isDisabled={index === 0}
                    onPress={() => onChange(moved(chosen, index, -1))}
                  >
                    Subir
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Bajar ${product.name}`}
                    isDisabled={index === chosen.length - 1}
                    onPress={() => onChange(moved(chosen, index, 1))}
                  >
                    Bajar
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Quitar ${product.name}`}
                    onPress={() => onChange(chosen.filter((other) => other.id !== product.id))}
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
          <TextField
            label={search.label}
            description={blocksSearch ? search.fullDescription : search.description}
            value={typed}
            onChange={setTyped}
            type="search"
            maxLength={100}
            isDisabled={blocksSearch}
          />
          {isSearching ? (
            <div role="status">
              {results.length === 0 ? (
                found.isFetching ? null : (
                  <p className="bo-ordered-picker__muted">{search.noMatch(words)}</p>
                )
              ) : (
                <ul className="bo-ordered-picker__list" aria-label="Productos encontrados">
                  {results.map((product) => {
                    const isChosen = chosenIds.has(product.id);
                    const name = search.addedAs ? `${product.name} ${search.addedAs}` : product.name;
                    return (
                      <li key={product.id} className="bo-ordered-picker__item">
                        <span className="bo-ordered-picker__text">{describe(product)}</span>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${isChosen ? 'Añadido' : 'Añadir'} ${name}`}
                          isDisabled={isChosen || isFull}
                          onPress={() => onChange([...chosen, product])}
                        >
                          {isChosen ? 'Añadido' : 'Añadir'}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
