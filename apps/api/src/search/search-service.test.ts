import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceTest } from '../testing/service-test.ts';
import { SearchCache, searchHits, textFilter } from './search-service.ts';

describe('the search, without HTTP', () => {
  const service = serviceTest();

  it('finds a reference and a name with a typo, and nothing for spaces', async () => {
    const cache = new SearchCache(0);
    const byReference = await searchHits(service.context, { query: 'bt 00002', page: 0, cache });
    expect(byReference.hits.map((hit) => hit.id)).toEqual([service.fixture.products.valeriana]);
    expect(byReference.hits[0]?.image.miniproduct).toBe(
      `/api/v1/products/${service.fixture.products.valeriana}/images/1/miniproduct`,
    );
    const withTypo = await searchHits(service.context, { query: 'valeriama', page: 0, cache });
    expect(withTypo.hits.map((hit) => hit.id)).toEqual([service.fixture.products.valeriana]);
    expect(await searchHits(service.context, { query: '   ', page: 0, cache })).toEqual({
      hits: [],
      page: 0,
      nbPages: 0,
      nbHits: 0,
      hitsPerPage: 20,
    });
  });

  it('answers from its cache until a product changes, in any transaction', async () => {
    const cache = new SearchCache(60_000);
    const first = await searchHits(service.context, { query: 'valeriana', page: 0, cache });
    expect(await searchHits(service.context, { query: 'Valeriana', page: 0, cache })).toBe(first);
    await service.database.db.execute(
      sql`update products set name = 'Valeriana Día' where id = ${service.fixture.products.valeriana}`,
    );
    const after = await searchHits(service.context, { query: 'valeriana', page: 0, cache });
    expect(after).not.toBe(first);
    expect(after.hits[0]?.name).toBe('Valeriana Día');
  });

  it("gives the catalogue's text filter, or none for a text of spaces", () => {
    expect(textFilter(' \t ')).toBeUndefined();
    expect(textFilter(' equinacea ')).toMatchObject({
      where: expect.anything(),
      relevance: expect.anything(),
    });
  });
});
