/** The product page's volume prices as farmacia.demo sees them: the cart's row, and a special price that beats the tiers. */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, test } from './support.ts';

interface Listed {
  id: number;
  price: number;
  final_price: number | null;
}
interface Rule {
  min_quantity: number;
  discount_percent: number;
  unit_price: number;
}

/** Every active product with its tiers, through the API session `emptyCart` opened. */
async function productsWithTiers(request: APIRequestContext): Promise<(Listed & { rules: Rule[] })[]> {
  const state = await request.storageState();
  const token = decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const found: (Listed & { rules: Rule[] })[] = [];
  for (let page = 1; page <= 100; page += 1) {
    const response = await request.post('/api/v1/products/search', {
      data: { per_page: 48, page },
      headers: { 'x-xsrf-token': token },
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: Listed[]; meta: { last_page: number } };
    const tiers = await Promise.all(
      body.data.map(async (product) => {
        const answer = await request.get(`/api/v1/products/${product.id}/table-cartrules`);
        return { ...product, rules: ((await answer.json()) as { data: Rule[] }).data };
      }),
    );
    found.push(...tiers.filter((product) => product.rules.length > 0));
    if (page >= body.meta.last_page) break;
  }
  return found;
}

test('the volume table marks the row of the units in the cart and says when the special price beats every tier', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  const products = await productsWithTiers(request);
  const plain = products.find((product) => product.final_price === null && product.price <= 20);
  const beaten = products.find(
    (product) =>
      product.final_price !== null && product.rules.every((rule) => rule.unit_price === product.final_price),
  );
  expect(plain, 'a product with tiers and no special price').toBeDefined();
  expect(beaten, 'a product whose special price beats every tier').toBeDefined();
  const [first, second] = plain?.rules ?? [];

  await logIn(page, 'farmacia.demo');
  await page.goto(`/products/${plain?.id}`);
  const table = page.getByRole('table', { name: 'Precios por volumen' });
  await expect(table.getByRole('rowheader').first()).toHaveText(`1 – ${(first?.min_quantity ?? 0) - 1} uds`);
  await expect(table.getByText('Tu pedido')).toHaveCount(0);

  // The field's quantity is not in the cart: no row is marked until the units are added.
  const quantity = page.getByRole('textbox', { name: /^Cantidad/ });
  await quantity.fill(String(first?.min_quantity));
  await quantity.press('Tab');
  await expect(table.getByText('Tu pedido')).toHaveCount(0);
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(`Has agregado ${first?.min_quantity} unidades en tu pedido`)).toBeVisible();
  // The cart's units alone: the first tier's row, not the row of the cart plus the field.
  const current = table.getByRole('row').filter({ hasText: 'Tu pedido' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('rowheader')).toContainText(
    `${first?.min_quantity} – ${(second?.min_quantity ?? 0) - 1} uds`,
  );
  await expect(current.getByRole('cell').last()).toHaveText(
    new RegExp(`^−${first?.discount_percent}(,\\d)?\\s%$`),
  );
  await expectAccessible(page);

  await page.goto(`/products/${beaten?.id}`);
  await expect(
    page.getByText('Tu precio especial ya mejora los precios por volumen de este producto.'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Precios por volumen' })).toHaveCount(0);
});
