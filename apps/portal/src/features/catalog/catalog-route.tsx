/** /catalog: the catalogue with its filters in the URL (ranges, health problems, price, text, sort, page). */
import type { Category, PriceRange, ProductSearchResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle, whenIdle } from '@botica/app-shell';
import { formatCount } from '@botica/domain';
import { EmptyState, NativeSelect, Pagination } from '@botica/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { CartProductGrid } from '../cart/cart-product-grid.tsx';
import { ProductSearch } from '../search/product-search.tsx';
import { PROBLEM_ROOT, RANGE_ROOT, treeOptions } from './catalog-data.ts';
import {
  type CatalogFilters,
  parseCatalogFilters,
  SORT_LABELS,
  serialiseCatalogFilters,
  toProductSearch,
} from './catalog-filters.ts';
import { categoriesQuery, priceRangeQuery, productSearchQuery } from './queries.ts';
import './catalog.css';

// The filters' controls are a chunk of their own: folded away on tablets and phones, they are not
// part of the page's first load there.
const loadFilterPanel = () => import('./catalog-filter-panel.tsx');
const CatalogFilterPanel = lazy(async () => ({ default: (await loadFilterPanel()).CatalogFilterPanel }));

const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([id, label]) => ({
  id: id as CatalogFilters['sort'],
  label,
}));

interface CatalogData {
  filters: CatalogFilters;
  ranges: Category[];
  problems: Category[];
  priceRange: PriceRange;
  results: ProductSearchResponse;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<CatalogData> {
  const filters = parseCatalogFilters(new URL(request.url).searchParams);
  const queryClient = await queryClientOf(context);
  const [categories, priceRange, results] = await Promise.all([
    queryClient.fetchQuery(categoriesQuery()),
    queryClient.fetchQuery(priceRangeQuery()),
    queryClient.fetchQuery(productSearchQuery(toProductSearch(filters))),
    // Shown with the results on wide screens: there the page waits for the filters' code too.
    isWideScreen() ? loadFilterPanel() : null,
  ]);
  return {
    filters,
    ranges: treeOptions(categories.data, RANGE_ROOT),
    problems: treeOptions(categories.data, PROBLEM_ROOT),
    priceRange,
    results,
  };
}

/** Beside the results on wide screens; on tablets and phones the filters start folded away. */
function isWideScreen(): boolean {
  return window.matchMedia('(min-width: 60rem)').matches;
}

/** What the grid says when no product passes the filters. */
const NO_RESULTS = (
  <EmptyState
    title="No hay productos con estos filtros"
    description="Prueba a quitar algún filtro o a buscar con otras palabras."
  />
);

export function Component() {
  const { filters, ranges, problems, priceRange, results } = useLoaderData() as CatalogData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const headingId = useId();
  // Beside the results on wide screens, folded away on tablets and phones: there the filters'
  // controls (some forty fields) are built the first time they unfold, not with every page.
  const [isFilterOpen, setFilterOpen] = useState(isWideScreen);
  const [hasFilterOpened, setFilterOpened] = useState(isFilterOpen);
  const countRef = useRef<HTMLParagraphElement>(null);
  const panelRef = useRef<HTMLDetailsElement>(null);
  useDocumentTitle('Catálogo de Productos');
  // Folded away at first: the filters' code loads once the page is idle, ready for the first unfold.
  useEffect(() => whenIdle(() => void loadFilterPanel()), []);

  const apply = (next: CatalogFilters) => {
    const query = serialiseCatalogFilters(next).toString();
    void navigate(query ? `/catalog?${query}` : '/catalog');
  };
  const activeCount =
    filters.ranges.length +
    filters.problems.length +
    (filters.text === '' ? 0 : 1) +
    (filters.priceMin === null && filters.priceMax === null ? 0 : 1);
  const total = results.meta.total;
  const isUpdating = navigation.state === 'loading' && navigation.location?.pathname === '/catalog';

  /** 'Ver N productos': folds the filters away and takes the pharmacist to the count, above the grid. */
  const showResults = () => {
    setFilterOpen(false);
    // Once the panel has folded: the count then sits just under 'Filtros'.
    requestAnimationFrame(() => {
      const count = countRef.current;
      const panel = panelRef.current;
      if (!count || !panel) return;
      count.focus({ preventScroll: true });
      // The folded 'Filtros (n)' just under the sticky header, the count and the grid below it.
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const top = panel.getBoundingClientRect().top + window.scrollY - Math.max(header, 0) - 8;
      window.scrollTo({ top: Math.max(top, 0) });
    });
  };

  return (
    <div className="catalog">
      <div className="catalog__top">
        <h1 id={headingId} className="catalog__title">
          Catálogo de Productos
        </h1>
        <ProductSearch />
      </div>
      <div className="catalog__layout">
        <details className="catalog-filters" open={isFilterOpen} ref={panelRef}>
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
            <Suspense fallback={null}>
              <CatalogFilterPanel
                filters={filters}
                ranges={ranges}
                problems={problems}
                priceRange={priceRange}
                // The router keeps this answer until the next filters' answer arrives: the counts never
                // blank out or flash between filters.
                facets={results.facets}
                apply={apply}
                resultCount={total}
                isUpdating={isUpdating}
                onShowResults={showResults}
              />
            </Suspense>
          ) : null}
        </details>
        <section
          className="catalog__results"
          aria-labelledby={headingId}
          aria-busy={navigation.state === 'loading'}
        >
          <h2 className="bt-visually-hidden">Productos</h2>
          <div className="catalog__toolbar">
            <p className="catalog__count" aria-live="polite" ref={countRef} tabIndex={-1}>
              {total === 1 ? '1 producto' : `${formatCount(total)} productos`}
            </p>
            <NativeSelect
              label="Ordenar por"
              options={SORT_OPTIONS}
              value={filters.sort}
              onChange={(sort) => apply({ ...filters, sort, page: 1 })}
            />
          </div>
          <CartProductGrid products={results.data} isLoading={isUpdating} emptyState={NO_RESULTS} />
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
