/**
 * The orders' filters as the address keeps them (`?from=&to=&q=&status=&sales_rep_id=&min_total=
 * &max_total=&client_id=&page=`, the list endpoint's own names, so a link, the back button and the
 * CSV export all carry the same filters): read back from the address, checked as the server checks
 * them, and turned into the query the list and the export are asked with.
 */
import { ADMIN_ORDER_MESSAGES, ADMIN_ORDERS_SEARCH_MAX } from '@botica/api-client/admin';
import { centsToEuros, parseEuros } from '@botica/domain';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The filters as typed or linked: text, as the address holds it. */
export interface OrderFilters {
  from: string;
  to: string;
  q: string;
  status: OrderStatus | '';
  sales_rep_id: string;
  min_total: string;
  max_total: string;
  client_id: string;
}

/** The filters' names, in the order of the address. */
export const FILTER_NAMES = [
  'from',
  'to',
  'q',
  'status',
  'sales_rep_id',
  'min_total',
  'max_total',
  'client_id',
] as const satisfies readonly (keyof OrderFilters)[];

/** No filter. */
export const NO_FILTERS: OrderFilters = {
  from: '',
  to: '',
  q: '',
  status: '',
  sales_rep_id: '',
  min_total: '',
  max_total: '',
  client_id: '',
};

/** The messages of the filters the server would refuse, under the field each belongs to. */
export const FILTER_MESSAGES = {
  range: ADMIN_ORDER_MESSAGES.dateOrder,
  amount: ADMIN_ORDER_MESSAGES.badAmount,
  amountRange: ADMIN_ORDER_MESSAGES.minAboveMax,
} as const;

/** The most characters of the pharmacy's or order's text searched for. */
export const SEARCH_MAX = ADMIN_ORDERS_SEARCH_MAX;

/**
 * The filters in the address. A malformed day, status or id reads as none (an old or hand-edited
 * link still opens the list); amounts stay as typed, for their message to say what is wrong.
 */
export function readFilters(params: URLSearchParams): OrderFilters {
  const text = (name: string) => (params.get(name) ?? '').trim();
  const day = (name: string) => (DAY.test(text(name)) ? text(name) : '');
  const id = (name: string) => (ID.test(text(name)) ? text(name) : '');
  const status = ORDER_STATUSES.find((candidate) => candidate === text('status')) ?? '';
  return {
    from: day('from'),
    to: day('to'),
    q: text('q').slice(0, SEARCH_MAX),
    status,
    sales_rep_id: id('sales_rep_id'),
    min_total: text('min_total'),
    max_total: text('max_total'),
    client_id: id('client_id'),
  };
}

/** A page number from the address: 1 unless a whole number from 1 on. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** What is wrong with the filters, by field: nothing for filters the server takes. */
export function filterProblems(
  filters: OrderFilters,
): Partial<Record<'to' | 'min_total' | 'max_total', string>> {
  const problems: Partial<Record<'to' | 'min_total' | 'max_total', string>> = {};
  if (filters.from && filters.to && filters.from > filters.to) problems.to = FILTER_MESSAGES.range;
  const min = filters.min_total ? parseEuros(filters.min_total) : null;
  const max = filters.max_total ? parseEuros(filters.max_total) : null;
  if (filters.min_total && min === null) problems.min_total = FILTER_MESSAGES.amount;
  if (filters.max_total && max === null) problems.max_total = FILTER_MESSAGES.amount;
  else if (min !== null && max !== null && max < min) problems.max_total = FILTER_MESSAGES.amountRange;
  return problems;
}

/** The list's and the export's query: the filters the server takes, amounts in euros with a dot. */
export type OrdersQuery = {
  from?: string;
  to?: string;
  q?: string;
  status?: OrderStatus;
  sales_rep_id?: number;
  min_total?: string;
  max_total?: string;
  client_id?: number;
};

/**
 * The query of the filters, leaving out each one with a problem ({@link filterProblems}), so the
 * list still answers while its field says what to fix.
 */
export function ordersQuery(filters: OrderFilters): OrdersQuery {
  const problems = filterProblems(filters);
  const euros = (text: string) => {
    const cents = parseEuros(text);
    return cents === null ? undefined : centsToEuros(cents).toFixed(2);
  };
  const query: OrdersQuery = {};
  if (filters.from) query.from = filters.from;
  if (filters.to && !problems.to) query.to = filters.to;
  if (filters.q) query.q = filters.q;
  if (filters.status) query.status = filters.status;
  if (filters.sales_rep_id) query.sales_rep_id = Number(filters.sales_rep_id);
  if (filters.min_total && !problems.min_total) query.min_total = euros(filters.min_total);
  if (filters.max_total && !problems.max_total) query.max_total = euros(filters.max_total);
  if (filters.client_id) query.client_id = Number(filters.client_id);
  return query;
}

/** The list's query of the filters and a page (the first page's is the filters alone, as the page preloads it). */
export function listQuery(filters: OrderFilters, page: number): OrdersQuery & { page?: number } {
  return { ...ordersQuery(filters), ...(page > 1 ? { page } : {}) };
}

/** Whether any filter is set (the pharmacy of a `client_id` link included). */
export function isFiltered(filters: OrderFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== '');
}

/**
 * The address's search of some filters and a page: the filters set, in a fixed order, and the page
 * when past the first. Filters changed go back to the first page.
 */
export function filtersSearch(filters: OrderFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
