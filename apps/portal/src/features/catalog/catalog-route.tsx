/** /catalog: the catalogue with its filters in the URL (ranges, health problems, price, text, sort, page). */
import type { Category, PriceRange, ProductSearchResponse, ProductSummary } from '@botica/api-client/schemas';
import {
  Button,
  Checkbox,
  EmptyState,
  NumberField,
  Pagination,
  ProductGrid,
  Select,
  TextField,
} from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { api } from '../../app/api.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from '../cart/cart.atoms.ts';
import { ProductSearch } from '../search/product-search.tsx';
import { loadCategories, loadPriceRange, PROBLEM_ROOT, RANGE_ROOT, treeOptions } from './catalog-data.ts';
import {
  type CatalogFilters,
  hasActiveFilters,
  parseCatalogFilters,
  SORT_LABELS,
  serialiseCatalogFilters,
  toProductSearch,
  withFilter,
} from './catalog-filters.ts';
import './catalog.css';

interface CatalogData {
  filters: CatalogFilters;
  ranges: Category[];
  problems: Category[];
  priceRange: PriceRange;
  results: ProductSearchResponse;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<CatalogData> {
  const filters = parseCatalogFilters(new URL(request.url).searchParams);
  const [categories, priceRange, results] = await Promise.all([
    loadCategories(),
    loadPriceRange(),
    api.catalogue.searchProducts(toProductSearch(filters)),
  ]);
  return {
    filters,
    ranges: treeOptions(categories, RANGE_ROOT),
    problems: treeOptions(categories, PROBLEM_ROOT),
    priceRange,
    results,
  };
}

/** Beside the results on wide screens; on tablets and phones the filters start folded away. */
function isWideScreen(): boolean {
  return window.matchMedia('(min-width: 60rem)').matches;
}

function toggle(ids: readonly number[], id: number, isSelected: boolean): number[] {
  return isSelected ? [...new Set([...ids, id])].sort((a, b) => a - b) : ids.filter((other) => other !== id);
}

function CategoryFilter(props: {
  legend: string;
  options: Category[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className="catalog-filters__group">
      <legend className="catalog-filters__legend">{props.legend}</legend>
      {props.options.map((option) => (
        <Checkbox
          key={option.id}
          isSelected={props.selected.includes(option.id)}
          onChange={(isSelected) => props.onChange(toggle(props.selected, option.id, isSelected))}
        >
          {option.name} <span className="catalog-filters__count">({option.product_count})</span>
        </Checkbox>
      ))}
    </fieldset>
  );
}

/** The results' grid reads the cart itself: adding a product renders the grid, not the filters. */
function CatalogProducts({ products, isLoading }: { products: ProductSummary[]; isLoading: boolean }) {
  const addToCart = useSetAtom(addToCartAtom);
  const quantities = useAtomValue(cartQuantitiesAtom);
  const isCartSaving = useAtomValue(cartSavingAtom);
  return (
    <ProductGrid
      products={products}
      getProductHref={(product) => `/products/${product.id}`}
      quantitiesInCart={quantities}
      isCartSaving={isCartSaving}
      isLoading={isLoading}
      onAddToCart={(product, quantity) => void addToCart(product as ProductSummary, quantity)}
      emptyState={
        <EmptyState
          title="No hay productos con estos filtros"
          description="Prueba a quitar algún filtro o a buscar con otras palabras."
        />
      }
    />
  );
}

export function Component() {
  const { filters, ranges, problems, priceRange, results } = useLoaderData() as CatalogData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const headingId = useId();
  // Beside the results on wide screens, folded away on tablets and phones: there the filters'
  // controls (some forty fields) are built the first time they unfold, not with every page.
  const [isFilterOpen, setFilterOpen] = useState(isWideScreen);
  const [hasFilterOpened, setFilterOpened] = useState(isFilterOpen);
  useDocumentTitle('Catálogo de Productos');

  const apply = (next: CatalogFilters) => {
    const query = serialiseCatalogFilters(next).toString();
    void navigate(query ? `/catalog?${query}` : '/catalog');
  };
  const submitText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    apply(withFilter(filters, { text }));
  };
  const activeCount =
    filters.ranges.length +
    filters.problems.length +
    (filters.text === '' ? 0 : 1) +
    (filters.priceMin === null && filters.priceMax === null ? 0 : 1);
  const total = results.meta.total;

  return (
    <div className="catalog">
      <div className="catalog__top">
        <h1 id={headingId} className="catalog__title">
          Catálogo de Productos
        </h1>
        <ProductSearch />
      </div>
      <div className="catalog__layout">
        <details className="catalog-filters" open={isFilterOpen}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the native, keyboard-operable toggle of its details; the handler only takes that toggle over. */}
          <summary
            className="catalog-filters__summary"
            onClick={(event) => {
              // Opened and closed by React, so the controls exist before the panel shows.
              event.preventDefault();
              setFilterOpen(!isFilterOpen);
              setFilterOpened(true);
            }}
          >
            Filtros{activeCount > 0 ? ` (${activeCount})` : ''}
          </summary>
          {hasFilterOpened ? (
            <div className="catalog-filters__body">
              <form className="catalog-filters__group" onSubmit={submitText} key={filters.text}>
                <TextField name="q" label="Buscar en el catálogo" defaultValue={filters.text} type="search" />
                <Button type="submit" variant="secondary" size="sm">
                  Aplicar
                </Button>
              </form>
              <CategoryFilter
                legend="Gama"
                options={ranges}
                selected={filters.ranges}
                onChange={(ids) => apply(withFilter(filters, { ranges: ids }))}
              />
              <CategoryFilter
                legend="Problema de salud"
                options={problems}
                selected={filters.problems}
                onChange={(ids) => apply(withFilter(filters, { problems: ids }))}
              />
              <fieldset className="catalog-filters__group catalog-filters__price">
                <legend className="catalog-filters__legend">Precio (€)</legend>
                <NumberField
                  label="Desde"
                  minValue={priceRange.min}
                  maxValue={priceRange.max}
                  value={filters.priceMin ?? Number.NaN}
                  formatOptions={{ style: 'currency', currency: 'EUR' }}
                  onChange={(value) =>
                    apply(withFilter(filters, { priceMin: Number.isNaN(value) ? null : value }))
                  }
                />
                <NumberField
                  label="Hasta"
                  minValue={priceRange.min}
                  maxValue={priceRange.max}
                  value={filters.priceMax ?? Number.NaN}
                  formatOptions={{ style: 'currency', currency: 'EUR' }}
                  onChange={(value) =>
                    apply(withFilter(filters, { priceMax: Number.isNaN(value) ? null : value }))
                  }
                />
              </fieldset>
              {hasActiveFilters(filters) ? (
                <Button variant="ghost" onPress={() => apply(parseCatalogFilters(new URLSearchParams()))}>
                  Quitar filtros
                </Button>
              ) : null}
            </div>
          ) : null}
        </details>
        <section
          className="catalog__results"
          aria-labelledby={headingId}
          aria-busy={navigation.state === 'loading'}
        >
          <h2 className="bt-visually-hidden">Productos</h2>
          <div className="catalog__toolbar">
            <p className="catalog__count" aria-live="polite">
              {total === 1 ? '1 producto' : `${total.toLocaleString('es-ES')} productos`}
            </p>
            <Select
              label="Ordenar por"
              options={Object.entries(SORT_LABELS).map(([id, label]) => ({ id, label }))}
              selectedKey={filters.sort}
              onSelectionChange={(key) => apply({ ...filters, sort: key as CatalogFilters['sort'], page: 1 })}
            />
          </div>
          <CatalogProducts
            products={results.data}
            isLoading={navigation.state === 'loading' && navigation.location?.pathname === '/catalog'}
          />
          {results.meta.last_page > 1 ? (
            <Pagination
              page={results.meta.current_page}
              pageCount={results.meta.last_page}
              onPageChange={(page) => apply({ ...filters, page })}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
