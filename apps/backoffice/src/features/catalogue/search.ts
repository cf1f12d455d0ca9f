/**
 * The products' search as the address keeps it (`?q=&category_id=&active=&stock=&page=`), so a link
 * or the back button brings the same results back: read from the address, and written to it.
 */

/** Whether the list shows active products, inactive ones, or both (''). */
export type ActiveFilter = '' | 'yes' | 'no';
/** A stock state to narrow by, or '' for any. */
export type StockFilter = '' | 'in_stock' | 'low_stock' | 'out_of_stock';

/** The search read from the address; '' for a filter not set. */
export interface ProductSearch {
  /** What was typed: a name or reference, matched as the portal's search matches, or a whole CN or EAN. */
  q: string;
  /** A category's id (of either tree). */
  categoryId: string;
  active: ActiveFilter;
  stock: StockFilter;
  /** 1-based. */
  page: number;
}

/** The longest text the search sends. */
export const SEARCH_MAX = 100;

const ID = /^[1-9]\d{0,8}$/;
const STOCKS: readonly StockFilter[] = ['in_stock', 'low_stock', 'out_of_stock'];

/** The search in the address; a malformed value counts as not given. */
export function readSearch(params: URLSearchParams): ProductSearch {
  const page = Number(params.get('page') ?? '1');
  const category = params.get('category_id') ?? '';
  const active = params.get('active') ?? '';
  const stock = (params.get('stock') ?? '') as StockFilter;
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    categoryId: ID.test(category) ? category : '',
    active: active === 'yes' || active === 'no' ? active : '',
    stock: STOCKS.includes(stock) ? stock : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * The address of a search changed by `changes`: a change of what is searched goes back to the
 * first page; empty values leave the address.
 */
export function searchAddress(current: ProductSearch, changes: Partial<ProductSearch>): string {
  const next = { ...current, ...changes };
  if (changes.page === undefined) next.page = 1;
  const params = new URLSearchParams();
  const q = next.q.trim().slice(0, SEARCH_MAX);
  if (q) params.set('q', q);
  if (next.categoryId) params.set('category_id', next.categoryId);
  if (next.active) params.set('active', next.active);
  if (next.stock) params.set('stock', next.stock);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params.toString()}`;
}

/** Whether anything narrows the list. */
export function isFiltered(search: ProductSearch): boolean {
  return search.q !== '' || search.categoryId !== '' || search.active !== '' || search.stock !== '';
}
