/**
 * A price the laboratory changes in the back office reaches farmacia.demo's open cart at once, and
 * 'Mi pedido' tells him the line's price before and now, in words, until his next save.
 */
import { type APIRequestContext, expect, request as requests } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, PASSWORD, test } from './support.ts';

async function xsrf(request: APIRequestContext): Promise<string> {
  return decodeURIComponent(
    (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
  );
}

interface EditedProduct {
  id: number;
  name: string;
  price: string;
  tiers: unknown[];
  special_prices: unknown[];
  [field: string]: unknown;
}

test('a price changed in the back office shows in Mi pedido with the price the pharmacist saw', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  const admin = await requests.newContext({ baseURL: baseURL as string });
  await admin.get('/sanctum/csrf-cookie');
  const login = await admin.post('/api/v1/auth/login', {
    data: { username: 'admin.demo', password: PASSWORD },
    headers: { 'x-xsrf-token': await xsrf(admin) },
  });
  expect(login.ok()).toBe(true);

  // The last product by name without tiers or special prices: no other spec reprices it.
  const listed = await admin.get('/api/v1/admin/products?status=active&stock=in_stock&sort=name_desc');
  let product: EditedProduct | undefined;
  for (const row of ((await listed.json()) as { data: { id: number }[] }).data) {
    const candidate = (
      (await (await admin.get(`/api/v1/admin/products/${row.id}`)).json()) as {
        data: EditedProduct;
      }
    ).data;
    if (candidate.tiers.length === 0 && candidate.special_prices.length === 0) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error('no product without tiers or special prices');

  const saved = await request.post('/api/v1/cart', {
    data: { products: [{ id: product.id, quantity: 1 }] },
    headers: { 'x-xsrf-token': await xsrf(request) },
  });
  expect(saved.ok()).toBe(true);

  const before = product.price;
  const cents = Number(before.replace(',', '')) + 100;
  const after = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  const { id, categories: _c, stock: _s, image: _i, created_at: _a, ...fields } = product;
  const changed = await admin.put(`/api/v1/admin/products/${id}`, {
    data: { ...fields, price: after },
    headers: { 'x-xsrf-token': await xsrf(admin) },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await admin.dispose();

  await logIn(page, 'farmacia.demo');
  await page.goto('/cart');
  const notice = page.getByRole('status').filter({ hasText: 'ha cambiado de precio' });
  await expect(notice).toContainText(product.name);
  await expect(notice).toContainText(`El precio ha cambiado: antes ${before} €, ahora ${after} €.`);
  await expectAccessible(page);

  // The pharmacist's next save acknowledges it; read again, the line stays and says nothing more.
  const acknowledged = await request.post('/api/v1/cart', {
    data: { products: [{ id, quantity: 1 }] },
    headers: { 'x-xsrf-token': await xsrf(request) },
  });
  expect(acknowledged.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  await expect(page.getByText('El precio ha cambiado')).toHaveCount(0);
  await emptyCart(request, 'farmacia.demo');
});
