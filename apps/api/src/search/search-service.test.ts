import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceTest } from '../testing/service-test.ts';
import { CatalogueIndex, loadSnapshot } from './catalogue-index.ts';
import { searchHits, textFilter } from './search-service.ts';

describe('the search, without HTTP', () => {
  const service = serviceTest();
  const index = () => new CatalogueIndex((unless) => loadSnapshot(service.database.db, unless));

  it('finds a reference, and nothing for spaces', async () => {
    const catalogue = index();
    const byReference = await searchHits(service.context, { query: 'bt 00002', page: 0, index: catalogue });
    expect(byReference.hits.map((hit) => hit.id)).toEqual([service.fixture.products.valeriana]);
    expect(byReference.hits[0]?.image.miniproduct).toBe(
      `/api/v1/products/${service.fixture.products.valeriana}/images/1/miniproduct`,
    );
    expect(await searchHits(service.context, { query: '   ', page: 0, index: catalogue })).toEqual({
      hits: [],
      page: 0,
      nbPages: 0,
      nbHits: 0,
      hitsPerPage: 20,
    });
  });

  it('answers from the index until a change is heard, then from the one built after it', async () => {
    const catalogue = index();
    const first = await searchHits(service.context, { query: 'valeriana', page: 0, index: catalogue });
    expect(first.hits[0]?.name).not.toBe('Valeriana Día');
    await service.database.db.execute(
      sql`update products set name = 'Valeriana Día' where id = ${service.fixture.products.valeriana}`,
    );
    // Nothing listens here: the same snapshot answers until told.
    expect(
      (await searchHits(service.context, { query: 'valeriana', page: 0, index: catalogue })).hits,
    ).toEqual(first.hits);
    catalogue.changed();
    const after = await searchHits(service.context, { query: 'valeriana', page: 0, index: catalogue });
    expect(after.hits[0]?.name).toBe('Valeriana Día');
  });

  it("gives the back office's text filter, or none for a text of spaces", () => {
    expect(textFilter(' \t ')).toBeUndefined();
    expect(textFilter(' equinacea ')).toMatchObject({
      where: expect.anything(),
      relevance: expect.anything(),
    });
  });
});
