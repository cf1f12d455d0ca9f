import { describe, expect, it } from 'vitest';
import { serviceTest } from '../testing/service-test.ts';
import { productPagePhoto } from './catalogue-service.ts';

describe("the product page's photo", () => {
  const service = serviceTest();

  it('is the first photo the product page shows, as the API names it', async () => {
    const { equinacea, noImage } = service.fixture.products;
    expect(await productPagePhoto(service.context, `/products/${equinacea}`)).toBe(
      `/api/v1/products/${equinacea}/images/1/full`,
    );
    expect(await productPagePhoto(service.context, `/products/${noImage}`)).toBe(
      '/api/v1/products/images/default/full',
    );
  });

  it('is unknown for other pages, unknown products and withdrawn ones', async () => {
    expect(await productPagePhoto(service.context, '/catalog')).toBeNull();
    expect(await productPagePhoto(service.context, '/products')).toBeNull();
    expect(await productPagePhoto(service.context, '/products/999999')).toBeNull();
    expect(
      await productPagePhoto(service.context, `/products/${service.fixture.products.withdrawn}`),
    ).toBeNull();
  });
});
