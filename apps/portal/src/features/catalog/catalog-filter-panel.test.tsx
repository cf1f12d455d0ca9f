import { type CatalogueFacets, type Category, ProductSearchResponseSchema } from '@botica/api-client/schemas';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { categoryCounts, optionCount } from './catalog-data.ts';
import { CatalogFilterPanel } from './catalog-filter-panel.tsx';
import { type CatalogFilters, parseCatalogFilters } from './catalog-filters.ts';

const category = (id: number, name: string, productCount: number, parentId: number): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent_id: parentId,
  product_count: productCount,
  children: [],
});

// The trees as GET /categories counts them: every product, whatever the filters.
const ranges = [category(3, 'Defensas', 36, 1), category(4, 'Digestivo', 20, 1)];
const problems = [category(12, 'Insomnio', 15, 2), category(13, 'Estrés', 9, 2)];

/** A listing's answer as the server sends it after a price filter, through the contract's schema. */
const listing = ProductSearchResponseSchema.parse({
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: 24, total: 14 },
  facets: {
    categories: [
      { id: 3, count: 11 },
      { id: 4, count: 0 },
      { id: 12, count: 3 },
      { id: 13, count: 0 },
    ],
    tags: [{ id: 7, count: 2 }],
  },
});

/** Each checkbox of the panel as a screen reader names it (its label's text), and its state. */
function options(filters: CatalogFilters, facets: CatalogueFacets | undefined) {
  const html = renderToStaticMarkup(
    <CatalogFilterPanel
      filters={filters}
      ranges={ranges}
      problems={problems}
      priceRange={{ min: 1, max: 90 }}
      facets={facets}
      apply={() => {}}
      resultCount={14}
      onShowResults={() => {}}
    />,
  );
  const labels = [...html.matchAll(/<label([^>]*\bclass="bt-checkbox[^"]*"[^>]*)>(.*?)<\/label>/g)];
  expect(labels).toHaveLength(ranges.length + problems.length);
  return labels.map(([, attributes = '', inner = '']) => ({
    name: inner
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    isEmpty: attributes.includes('catalog-filters__option--empty'),
    isChecked: /<input[^>]*\bchecked\b/.test(inner),
    isDisabled: /<input[^>]*\bdisabled\b/.test(inner),
  }));
}

describe('the counts beside the categories', () => {
  it('follow the listing’s facets, which follow the filters', () => {
    expect(
      options(parseCatalogFilters(new URLSearchParams('min=5&max=20')), listing.facets).map((o) => o.name),
    ).toEqual(['Defensas (11)', 'Digestivo (0)', 'Insomnio (3)', 'Estrés (0)']);
  });

  it('are each category’s own product count while the listing sends no facets', () => {
    const shown = options(parseCatalogFilters(new URLSearchParams('min=5')), undefined);
    expect(shown.map((o) => o.name)).toEqual([
      'Defensas (36)',
      'Digestivo (20)',
      'Insomnio (15)',
      'Estrés (9)',
    ]);
    expect(shown.some((o) => o.isEmpty)).toBe(false);
  });

  it('keep a category listed at 0, dimmed, and its box operable, ticked or not', () => {
    // Digestivo is ticked and the price leaves none of it: it must stay there to be unticked.
    const shown = options(parseCatalogFilters(new URLSearchParams('gama=4&max=3')), listing.facets);
    expect(shown).toEqual([
      { name: 'Defensas (11)', isEmpty: false, isChecked: false, isDisabled: false },
      { name: 'Digestivo (0)', isEmpty: true, isChecked: true, isDisabled: false },
      { name: 'Insomnio (3)', isEmpty: false, isChecked: false, isDisabled: false },
      { name: 'Estrés (0)', isEmpty: true, isChecked: false, isDisabled: false },
    ]);
  });

  it('write a large count as Spanish groups it', () => {
    const many = { categories: [{ id: 3, count: 1234 }], tags: [] };
    expect(options(parseCatalogFilters(new URLSearchParams()), many)[0]?.name).toBe('Defensas (1.234)');
  });
});

describe('optionCount', () => {
  it('takes the facets’ count, 0 included, and the category’s own where the facets do not name it', () => {
    const counts = categoryCounts({ categories: [{ id: 3, count: 0 }], tags: [] });
    expect(optionCount(category(3, 'Defensas', 36, 1), counts)).toBe(0);
    expect(optionCount(category(4, 'Digestivo', 20, 1), counts)).toBe(20);
    expect(categoryCounts(undefined)).toBeNull();
    expect(optionCount(category(3, 'Defensas', 36, 1), null)).toBe(36);
  });
});
