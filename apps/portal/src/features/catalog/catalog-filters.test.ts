import {
  MAX_SEARCH_CATEGORIES,
  MAX_SEARCH_PAGE_SIZE,
  ProductSearchRequestSchema,
} from '@botica/api-client/schemas';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_PAGE_SIZE,
  type CatalogFilters,
  hasActiveFilters,
  parseCatalogFilters,
  serialiseCatalogFilters,
  toProductSearch,
  withFilter,
} from './catalog-filters.ts';

const parse = (query: string) => parseCatalogFilters(new URLSearchParams(query));

describe('catalogue filters in the URL', () => {
  it('never ask the API for more than it allows, whatever the URL names', () => {
    const many = Array.from({ length: 80 }, (_, index) => index + 1).join(',');
    const filters = parse(`gama=${many}&problema=${many}`);
    expect(filters.ranges).toHaveLength(MAX_SEARCH_CATEGORIES);
    const request = toProductSearch(filters);
    expect(request.categories).toHaveLength(MAX_SEARCH_CATEGORIES);
    expect(CATALOG_PAGE_SIZE).toBeLessThanOrEqual(MAX_SEARCH_PAGE_SIZE);
    expect(ProductSearchRequestSchema.safeParse(request).success).toBe(true);
  });

  it('round-trip every filter', () => {
    const filters: CatalogFilters = {
      ranges: [3, 5],
      problems: [14],
      text: 'equinácea',
      priceMin: 5,
      priceMax: 20.5,
      sort: 'price_asc',
      page: 2,
    };
    const query = serialiseCatalogFilters(filters).toString();
    expect(query).toBe('gama=3%2C5&problema=14&q=equin%C3%A1cea&min=5&max=20.5&orden=price_asc&pagina=2');
    expect(parse(query)).toEqual(filters);
  });

  it('default to everything, by relevance, page 1, with a short URL', () => {
    const filters = parse('');
    expect(filters).toEqual({
      ranges: [],
      problems: [],
      text: '',
      priceMin: null,
      priceMax: null,
      sort: 'relevance',
      page: 1,
    });
    expect(serialiseCatalogFilters(filters).toString()).toBe('');
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('drop what is malformed instead of failing', () => {
    expect(parse('gama=3,x,-1,3,0&problema=abc&min=-5&max=diez&orden=hack&pagina=0')).toEqual({
      ranges: [3],
      problems: [],
      text: '',
      priceMin: null,
      priceMax: null,
      sort: 'relevance',
      page: 1,
    });
    expect(parse('min=30&max=10')).toMatchObject({ priceMin: 10, priceMax: 30 });
    expect(parse('min=12,5')).toMatchObject({ priceMin: 12.5 });
    expect(parse(`q=${'x'.repeat(300)}`).text).toHaveLength(100);
  });

  it('go back to page 1 when a filter changes', () => {
    const filters = parse('gama=3&pagina=4');
    expect(withFilter(filters, { problems: [9] })).toMatchObject({ ranges: [3], problems: [9], page: 1 });
    expect(hasActiveFilters(withFilter(filters, {}))).toBe(true);
  });

  it('become the API product search', () => {
    expect(toProductSearch(parse('gama=3&problema=14,15&q=tos&min=5&orden=name_asc&pagina=3'))).toEqual({
      categories: [3, 14, 15],
      text: 'tos',
      price: { min: 5 },
      sort: 'name_asc',
      page: 3,
      per_page: 24,
    });
    expect(toProductSearch(parse(''))).toEqual({ sort: 'relevance', page: 1, per_page: 24 });
  });
});
