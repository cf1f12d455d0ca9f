import { describe, expect, it } from 'vitest';
import { isFiltered, readSearch, searchAddress } from './search.ts';

describe("the products' search in the address", () => {
  it('reads the filters, dropping malformed ones', () => {
    expect(
      readSearch(new URLSearchParams('q=+crema+&category_id=4&active=no&stock=low_stock&page=3')),
    ).toEqual({
      q: 'crema',
      categoryId: '4',
      active: 'no',
      stock: 'low_stock',
      page: 3,
    });
    expect(readSearch(new URLSearchParams('category_id=x&active=maybe&stock=many&page=-1'))).toEqual({
      q: '',
      categoryId: '',
      active: '',
      stock: '',
      page: 1,
    });
  });

  it('writes a changed search back to the first page, and keeps the page when only it changes', () => {
    const search = readSearch(new URLSearchParams('q=gel&page=2'));
    expect(searchAddress(search, { stock: 'out_of_stock' })).toBe('?q=gel&stock=out_of_stock');
    expect(searchAddress(search, { page: 3 })).toBe('?q=gel&page=3');
    expect(isFiltered(search)).toBe(true);
    expect(isFiltered(readSearch(new URLSearchParams('page=2')))).toBe(false);
  });
});
