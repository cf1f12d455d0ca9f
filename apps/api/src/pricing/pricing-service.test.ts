import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { serviceTest } from '../testing/service-test.ts';
import {
  clientConditions,
  groupDiscounts,
  IMAGE_SIZES,
  imageAddress,
  imagePath,
  productImage,
  volumeTierTable,
} from './pricing-service.ts';

describe("a client's prices, without HTTP", () => {
  const service = serviceTest();

  it("read the client's discount group and its cart-level discount line", async () => {
    const demo = await clientConditions(service.context, service.fixture.clients.demo);
    expect(demo).toMatchObject({ groupName: 'Grupo Oro', discountPercent: 5 });
    expect(groupDiscounts(demo)).toEqual([{ group_name: 'Grupo Oro', discount_percent: 5 }]);
    const norte = await clientConditions(service.context, service.fixture.clients.norte);
    expect(norte).toMatchObject({ discountGroupId: null, discountPercent: 0 });
    expect(groupDiscounts(norte)).toEqual([]);
  });

  it('give the volume table with the unit price of each tier, the special price kept when lower', async () => {
    const productId = service.fixture.products.equinacea;
    // 12,50 € list price; Grupo Oro pays 11,00 €; tiers of 10 % from 12 units and 15 % from 24 (the
    // discount rounded to the cent: 1,88 €).
    expect(
      await volumeTierTable(service.context, { clientId: service.fixture.clients.norte, productId }),
    ).toEqual([
      { min_quantity: 12, max_quantity: 23, discount_percent: 10, unit_price: 11.25 },
      { min_quantity: 24, max_quantity: null, discount_percent: 15, unit_price: 10.62 },
    ]);
    expect(
      await volumeTierTable(service.context, { clientId: service.fixture.clients.demo, productId }),
    ).toEqual([
      { min_quantity: 12, max_quantity: 23, discount_percent: 10, unit_price: 11 },
      { min_quantity: 24, max_quantity: null, discount_percent: 15, unit_price: 10.62 },
    ]);
  });

  it('answer 404 for a withdrawn or unknown product', async () => {
    for (const productId of [service.fixture.products.withdrawn, 999_999]) {
      const refused = volumeTierTable(service.context, { clientId: service.fixture.clients.demo, productId });
      await expect(refused).rejects.toBeInstanceOf(HttpError);
      await expect(refused).rejects.toMatchObject({ status: 404, message: 'El producto no existe.' });
    }
  });
});

describe("a product's image addresses", () => {
  const url = 'https://portal.example';

  it('name the product, the image and each size, with the uploaded picture’s version', () => {
    expect(productImage(url, 42, 3, 2, 'a1b2c3')).toEqual({
      thumbnail: `${url}/api/v1/products/42/images/2/thumbnail?v=a1b2c3`,
      miniproduct: `${url}/api/v1/products/42/images/2/miniproduct?v=a1b2c3`,
      full: `${url}/api/v1/products/42/images/2/full?v=a1b2c3`,
    });
    expect(productImage(url, 7, 1)).toEqual({
      thumbnail: `${url}/api/v1/products/7/images/1/thumbnail`,
      miniproduct: `${url}/api/v1/products/7/images/1/miniproduct`,
      full: `${url}/api/v1/products/7/images/1/full`,
    });
    expect(imagePath(url, 7, 1, 1, 'full', 'v 1/2')).toBe(
      `${url}/api/v1/products/7/images/1/full?v=v%201%2F2`,
    );
  });

  it('are the default image’s for a product without images, whatever its version', () => {
    for (const size of IMAGE_SIZES) {
      expect(imageAddress(9, 0, 1, size, 'ignored')).toBe(`api/v1/products/images/default/${size}`);
    }
    expect(productImage(url, 9, 0).thumbnail).toBe(`${url}/api/v1/products/images/default/thumbnail`);
  });
});
