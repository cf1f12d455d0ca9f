/**
 * The catalogue's filters live in the URL (shareable; the back button works): ranges, health
 * problems, price range, text, sort and page. These functions translate between the query string
 * and the API's product search request, leniently: anything malformed is dropped, never an error.
 */
import {
  MAX_SEARCH_CATEGORIES,
  type ProductSearchRequest,
  type ProductSort,
} from '@botica/api-client/schemas';
import { SEARCH_QUERY_MAX_LENGTH } from '@botica/domain';

/** The catalogue's filter state. */
export interface CatalogFilters {
  /** Selected range ids (category tree 1). */
  ranges: number[];
  /** Selected health-problem ids (category tree 2). */
  problems: number[];
  text: string;
  /** Euros. */
  priceMin: number | null;
  priceMax: number | null;
  sort: ProductSort;
  page: number;
}

/** Products per page of the catalogue. */
export const CATALOG_PAGE_SIZE = 24;

const SORTS: readonly ProductSort[] = [
  'relevance',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'reference',
];

/** The sort options as the pharmacist reads them. */
export const SORT_LABELS: Readonly<Record<ProductSort, string>> = {
  relevance: 'Relevancia',
  name_asc: 'Nombre (A-Z)',
  name_desc: 'Nombre (Z-A)',
  price_asc: 'Precio: de menor a mayor',
  price_desc: 'Precio: de mayor a menor',
  reference: 'Referencia',
};

function ids(value: string | null): number[] {
  if (!value) return [];
  const unique = new Set(
    value
      .split(',')
      .map((part) => Number(part))
      .filter((id) => Number.isSafeInteger(id) && id > 0),
  );
  return [...unique].sort((a, b) => a - b).slice(0, MAX_SEARCH_CATEGORIES);
}

function euros(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const amount = Number(value.replace(',', '.'));
  return Number.isFinite(amount) && amount >= 0 && amount <= 1_000_000
    ? Math.round(amount * 100) / 100
    : null;
}

/** Reads the filters from a query string (`?gama=3&problema=12,14&q=…&min=5&max=20&orden=price_asc&pagina=2`). */
export function parseCatalogFilters(search: URLSearchParams): CatalogFilters {
  const sort = search.get('orden') as ProductSort | null;
  const page = Number(search.get('pagina'));
  let priceMin = euros(search.get('min'));
  let priceMax = euros(search.get('max'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  return {
    ranges: ids(search.get('gama')),
    problems: ids(search.get('problema')),
    text: (search.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH),
    priceMin,
    priceMax,
    sort: sort !== null && SORTS.includes(sort) ? sort : 'relevance',
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Writes the filters as a query string; defaults are left out so URLs stay short. */
export function serialiseCatalogFilters(filters: CatalogFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.ranges.length > 0) search.set('gama', filters.ranges.join(','));
  if (filters.problems.length > 0) search.set('problema', filters.problems.join(','));
  if (filters.text !== '') search.set('q', filters.text);
  if (filters.priceMin !== null) search.set('min', String(filters.priceMin));
  if (filters.priceMax !== null) search.set('max', String(filters.priceMax));
  if (filters.sort !== 'relevance') search.set('orden', filters.sort);
  if (filters.page > 1) search.set('pagina', String(filters.page));
  return search;
}

/**
 * The product search for the filters. The API reads `categories` per tree: any of the selected
 * ranges AND any of the selected health problems.
 */
export function toProductSearch(filters: CatalogFilters): ProductSearchRequest {
  const request: ProductSearchRequest = {
    sort: filters.sort,
    page: filters.page,
    per_page: CATALOG_PAGE_SIZE,
  };
  // Within the API's bound (a hand-written URL could name more; the boxes of a catalogue do not).
  const categories = [...filters.ranges, ...filters.problems].slice(0, MAX_SEARCH_CATEGORIES);
  if (categories.length > 0) request.categories = categories;
  if (filters.text !== '') request.text = filters.text;
  if (filters.priceMin !== null || filters.priceMax !== null) {
    request.price = {};
    if (filters.priceMin !== null) request.price.min = filters.priceMin;
    if (filters.priceMax !== null) request.price.max = filters.priceMax;
  }
  return request;
}

/** The filters with one change, back on page 1 (a new filter starts a new list). */
export function withFilter(
  filters: CatalogFilters,
  change: Partial<Omit<CatalogFilters, 'page'>>,
): CatalogFilters {
  return { ...filters, ...change, page: 1 };
}

/** Whether any filter (not sort or page) is set. */
export function hasActiveFilters(filters: CatalogFilters): boolean {
  return (
    filters.ranges.length > 0 ||
    filters.problems.length > 0 ||
    filters.text !== '' ||
    filters.priceMin !== null ||
    filters.priceMax !== null
  );
}
