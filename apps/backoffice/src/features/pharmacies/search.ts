/**
 * The pharmacies' search as the address keeps it, in the list endpoint's own words
 * (`?q=&sales_rep_id=&discount_group_id=&page=`), so a link or the back button brings the same
 * results back: read from the address, and written to it.
 */
import { type AdminPharmaciesQuery, PHARMACY_SEARCH_MAX } from '@botica/api-client/admin';

/** The search read from the address; '' for a filter not set. */
export interface PharmacySearch {
  /** What was typed: a name, CIF/NIF, ERP code, username or city. */
  q: string;
  /** A sales rep's id. */
  salesRepId: string;
  /** A discount group's id. */
  discountGroupId: string;
  /** 1-based. */
  page: number;
}

const ID = /^[1-9]\d{0,8}$/;

function idParam(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return ID.test(value) ? value : '';
}

/** The search in the address; a malformed id or page counts as not given. */
export function readSearch(params: URLSearchParams): PharmacySearch {
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, PHARMACY_SEARCH_MAX),
    salesRepId: idParam(params, 'sales_rep_id'),
    discountGroupId: idParam(params, 'discount_group_id'),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The list endpoint's query of a search: only what is set, the first page left out. */
export function listQuery(search: PharmacySearch): AdminPharmaciesQuery {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.salesRepId ? { sales_rep_id: Number(search.salesRepId) } : {}),
    ...(search.discountGroupId ? { discount_group_id: Number(search.discountGroupId) } : {}),
    ...(search.page > 1 ? { page: search.page } : {}),
  };
}

/**
 * The address of a search changed by `changes`: a change of what is searched goes back to the
 * first page; empty values leave the address.
 */
export function searchAddress(current: PharmacySearch, changes: Partial<PharmacySearch>): string {
  const next = { ...current, ...changes };
  if (changes.page === undefined) next.page = 1;
  const params = new URLSearchParams();
  const q = next.q.trim().slice(0, PHARMACY_SEARCH_MAX);
  if (q) params.set('q', q);
  if (next.salesRepId) params.set('sales_rep_id', next.salesRepId);
  if (next.discountGroupId) params.set('discount_group_id', next.discountGroupId);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params.toString()}`;
}

/** Whether anything narrows the list. */
export function isFiltered(search: PharmacySearch): boolean {
  return search.q !== '' || search.salesRepId !== '' || search.discountGroupId !== '';
}
