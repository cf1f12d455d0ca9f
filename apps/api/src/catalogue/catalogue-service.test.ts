import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreContext } from '../context.ts';
import type { OpenDatabase } from '../db/database.ts';
import { testSettings } from '../settings/settings.ts';
import { type Fixture, insertFixture } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { productPagePhoto } from './catalogue-service.ts';

describe("the product page's photo", () => {
  let database: OpenDatabase;
  let fixture: Fixture;
  let context: CoreContext;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fixture = await insertFixture(database.db);
    context = { db: database.db, settings: testSettings(), now: () => new Date() };
  });
  afterAll(() => database.close());

  it('is the first photo the product page shows, as the API names it', async () => {
    const { equinacea, noImage } = fixture.products;
    expect(await productPagePhoto(context, `/products/${equinacea}`)).toBe(
      `/api/v1/products/${equinacea}/images/1/full`,
    );
    expect(await productPagePhoto(context, `/products/${noImage}`)).toBe(
      '/api/v1/products/images/default/full',
    );
  });

  it('is unknown for other pages, unknown products and withdrawn ones', async () => {
    expect(await productPagePhoto(context, '/catalog')).toBeNull();
    expect(await productPagePhoto(context, '/products')).toBeNull();
    expect(await productPagePhoto(context, '/products/999999')).toBeNull();
    expect(await productPagePhoto(context, `/products/${fixture.products.withdrawn}`)).toBeNull();
  });
});
