import { ORDER_CANCEL_REASON_MAX as CANCEL_REASON_MAX } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import {
  FILTER_MESSAGES,
  filterProblems,
  filtersSearch,
  isFiltered,
  NO_FILTERS,
  ordersQuery,
  readFilters,
  readPage,
} from './filters.ts';
import { cancelReasonProblems } from './order-status.ts';

const params = (search: string) => new URLSearchParams(search);

describe('the orders’ filters in the address', () => {
  it('reads every filter back, and a malformed day, status or id as none', () => {
    expect(
      readFilters(
        params(
          'from=2026-03-01&to=2026-03-31&q=+Farmacia+Ruiz+&status=received&sales_rep_id=3&min_total=100&max_total=1.250,50&client_id=7',
        ),
      ),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      q: 'Farmacia Ruiz',
      status: 'received',
      sales_rep_id: '3',
      min_total: '100',
      max_total: '1.250,50',
      client_id: '7',
    });
    expect(
      readFilters(params('from=01/03/2026&status=lost&sales_rep_id=0&client_id=x7&to=2026-3-1')),
    ).toEqual(NO_FILTERS);
  });

  it('reads the page: 1 unless a whole number from 1 on', () => {
    expect(readPage(params('page=4'))).toBe(4);
    for (const bad of ['', 'page=0', 'page=-1', 'page=2.5', 'page=x']) expect(readPage(params(bad))).toBe(1);
  });

  it('says what the server would refuse, under its field', () => {
    expect(filterProblems({ ...NO_FILTERS, from: '2026-03-10', to: '2026-03-01' })).toEqual({
      to: FILTER_MESSAGES.range,
    });
    expect(filterProblems({ ...NO_FILTERS, min_total: 'cien', max_total: '12,345' })).toEqual({
      min_total: FILTER_MESSAGES.amount,
      max_total: FILTER_MESSAGES.amount,
    });
    expect(filterProblems({ ...NO_FILTERS, min_total: '200', max_total: '150,5' })).toEqual({
      max_total: FILTER_MESSAGES.amountRange,
    });
    expect(
      filterProblems({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01', min_total: '1.250,5' }),
    ).toEqual({});
  });

  it('asks the server with the filters it takes, amounts in euros with a dot, and leaves out the wrong ones', () => {
    expect(
      ordersQuery({
        ...NO_FILTERS,
        from: '2026-03-01',
        q: 'Ruiz',
        status: 'processing',
        sales_rep_id: '3',
        min_total: '1.250,5',
        max_total: '2000',
        client_id: '7',
      }),
    ).toEqual({
      from: '2026-03-01',
      q: 'Ruiz',
      status: 'processing',
      sales_rep_id: 3,
      min_total: '1250.50',
      max_total: '2000.00',
      client_id: 7,
    });
    expect(ordersQuery({ ...NO_FILTERS, from: '2026-03-10', to: '2026-03-01', min_total: 'x' })).toEqual({
      from: '2026-03-10',
    });
    expect(ordersQuery(NO_FILTERS)).toEqual({});
  });

  it('writes the filters set to the address, in a fixed order, and the page past the first', () => {
    expect(filtersSearch(NO_FILTERS)).toBe('');
    expect(filtersSearch({ ...NO_FILTERS, status: 'received', q: 'Ruiz Martín' }, 2)).toBe(
      '?q=Ruiz+Mart%C3%ADn&status=received&page=2',
    );
    const filters = readFilters(params('client_id=7&from=2026-03-01'));
    expect(readFilters(params(filtersSearch(filters).slice(1)))).toEqual(filters);
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });
});

describe('a cancellation’s reason', () => {
  it('is required, and at most the limit once trimmed', () => {
    expect(cancelReasonProblems({ reason: '  ' })).toEqual({
      reason: 'El motivo de la cancelación es obligatorio.',
    });
    expect(cancelReasonProblems({ reason: ` ${'a'.repeat(CANCEL_REASON_MAX)} ` })).toEqual({});
    expect(cancelReasonProblems({ reason: 'a'.repeat(CANCEL_REASON_MAX + 1) }).reason).toBe(
      `El motivo puede tener como máximo ${CANCEL_REASON_MAX} caracteres.`,
    );
  });
});
