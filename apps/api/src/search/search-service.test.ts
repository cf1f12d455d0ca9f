import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.ts';
import { PICTURE_VERSION_CHARS, productImage } from '../pricing/pricing-service.ts';
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

  it("gives each hit the product page's image address, worked out when the index is built", async () => {
    const catalogue = index();
    const id = service.fixture.products.valeriana;
    const hit = async () =>
      (await searchHits(service.context, { query: 'bt 00002', page: 0, index: catalogue })).hits[0]?.image
        .miniproduct;
    const productPage = async () => {
      const [row] = await selectRows<{ image_count: number; version: string | null }>(
        service.database.db,
        sql`select image_count, (select left(digest, ${PICTURE_VERSION_CHARS}) from product_pictures
              where product_id = ${id} and position = 1 and size = 'full') as version
            from products where id = ${id}`,
      );
      return productImage('', id, Number(row?.image_count), 1, row?.version).miniproduct;
    };
    // An uploaded picture: its version travels in the address.
    await service.database.db.execute(
      sql`insert into product_pictures (product_id, position, size, bytes, content_type, width, height, digest)
          values (${id}, 1, 'full', '\\x00', 'image/webp', 1, 1, 'abcdef0123456789abcdef')`,
    );
    catalogue.changed();
    expect(await hit()).toBe(await productPage());
    expect(await hit()).toContain('?v=');
    // No picture at all: the default image's address.
    await service.database.db.execute(sql`update products set image_count = 0 where id = ${id}`);
    await service.database.db.execute(sql`delete from product_pictures where product_id = ${id}`);
    catalogue.changed();
    expect(await hit()).toBe(await productPage());
    expect(await hit()).not.toContain(`/${id}/`);
  });

  it("gives the back office's text filter, or none for a text of spaces", () => {
    expect(textFilter(' \t ')).toBeUndefined();
    expect(textFilter(' equinacea ')).toMatchObject({
      where: expect.anything(),
      relevance: expect.anything(),
    });
  });
});
