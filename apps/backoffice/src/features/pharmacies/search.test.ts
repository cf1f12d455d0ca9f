import { describe, expect, it } from 'vitest';
import { isFiltered, listQuery, readSearch, searchAddress } from './search.ts';

const NONE = { q: '', salesRepId: '', discountGroupId: '', page: 1 };

describe('readSearch', () => {
  it('reads the words, the filters and the page', () => {
    expect(readSearch(new URLSearchParams('q=+Valencia+&sales_rep_id=2&discount_group_id=1&page=3'))).toEqual(
      { q: 'Valencia', salesRepId: '2', discountGroupId: '1', page: 3 },
    );
  });

  it('takes malformed ids and pages as not given', () => {
    expect(readSearch(new URLSearchParams('sales_rep_id=abc&discount_group_id=0&page=-1'))).toEqual(NONE);
    expect(readSearch(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('keeps at most the characters the server takes', () => {
    expect(readSearch(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });
});

describe('listQuery', () => {
  it('sends only what is set, and no first page', () => {
    expect(listQuery(NONE)).toEqual({});
    expect(listQuery({ q: 'B123', salesRepId: '4', discountGroupId: '2', page: 2 })).toEqual({
      q: 'B123',
      sales_rep_id: 4,
      discount_group_id: 2,
      page: 2,
    });
  });
});

describe('searchAddress', () => {
  const current = { q: 'Madrid', salesRepId: '1', discountGroupId: '', page: 3 };

  it('goes back to the first page when what is searched changes', () => {
    expect(searchAddress(current, { discountGroupId: '2' })).toBe(
      '?q=Madrid&sales_rep_id=1&discount_group_id=2',
    );
  });

  it('keeps the search when only the page changes', () => {
    expect(searchAddress(current, { page: 4 })).toBe('?q=Madrid&sales_rep_id=1&page=4');
  });

  it('leaves empty values out of the address', () => {
    expect(searchAddress(current, { q: '  ', salesRepId: '' })).toBe('?');
  });
});

describe('isFiltered', () => {
  it('is true when any of the words or filters is set', () => {
    expect(isFiltered({ ...NONE, page: 2 })).toBe(false);
    expect(isFiltered({ ...NONE, discountGroupId: '3' })).toBe(true);
  });
});
