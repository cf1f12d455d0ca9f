/**
 * The saved cart is never lost: a deep link through the login shows it and adds to it, and two tabs
 * of one pharmacy editing the same cart both end on the server.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, euros, PASSWORD, submitLogin, test, unitsForMinimum } from './support.ts';

const USER = 'farmacia.norte';

/** The pharmacy's cart as the server holds it: `id×quantity`, in order. */
async function serverCart(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/v1/cart');
  if (response.status() === 204) return [];
  const cart = (await response.json()) as { items: { product: { id: number }; quantity: number }[] };
  return cart.items.map((item) => `${item.product.id}×${item.quantity}`);
}

/** Two products in stock, by id. */
async function productsInStock(request: APIRequestContext): Promise<[number, number]> {
  const ids: number[] = [];
  for (let id = 180; ids.length < 2 && id < 260; id += 1) {
    const response = await request.get(`/api/v1/products/${id}`);
    if (!response.ok()) continue;
    const { data } = (await response.json()) as { data: { stock: string } };
    if (data.stock !== 'out_of_stock') ids.push(id);
  }
  return ids as [number, number];
}

async function addOnProductPage(page: Page, id: number, units: number): Promise<void> {
  await page.goto(`/products/${id}`);
  const quantity = page.getByRole('textbox', { name: /^Cantidad/ });
  await quantity.fill(String(units));
  await quantity.blur();
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(/(unidad|unidades) en tu pedido$/)).toBeVisible();
}

const badge = (page: Page) => page.getByRole('link', { name: /Mi pedido/ }).first();

async function freshBrowser(context: BrowserContext, baseURL: string): Promise<Page> {
  await acceptCookies(context, baseURL);
  return context.newPage();
}

let products: [number, number];

test.beforeEach(async ({ request }) => {
  await emptyCart(request, USER); // also logs `request` in as the pharmacy
  products = await productsInStock(request);
  const save = await request.post('/api/v1/cart', {
    data: { products: [{ id: products[0], quantity: 9 }] },
    headers: {
      'x-xsrf-token': decodeURIComponent(
        (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
      ),
    },
  });
  expect(save.ok()).toBe(true);
});

for (const path of ['/', '/catalog', '/cart']) {
  test(`a saved cart survives logging in from a deep link to ${path}, and the next 'Añadir' adds to it`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const context = await browser.newContext();
    const page = await freshBrowser(context, baseURL as string);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
    await submitLogin(page, USER, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
    await expect(badge(page)).toContainText('9');
    await page.goto('/cart');
    await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('9');
    await addOnProductPage(page, products[1], 2);
    await expect(badge(page)).toContainText('11');
    expect(await serverCart(request)).toEqual([`${products[0]}×9`, `${products[1]}×2`]);
    await context.close();
  });
}

test('two tabs of one pharmacy editing the same cart: both changes end on the server and on both screens', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext();
  const first = await freshBrowser(context, baseURL as string);
  await first.goto('/login');
  await submitLogin(first, USER, PASSWORD);
  await expect(first).toHaveURL(/\/$/);
  const second = await context.newPage();
  // Both tabs show the cart as it is now, 9 units.
  await first.goto('/cart');
  await second.goto('/cart');
  await expect(badge(first)).toContainText('9');
  await expect(badge(second)).toContainText('9');

  // The first tab changes the quantity; the second, which has not seen that, adds another product.
  const field = first.getByRole('textbox', { name: /^Cantidad/ });
  await field.fill('12');
  await field.blur();
  await expect(first.getByText('Ahora tienes 12 unidades en tu pedido')).toBeVisible();
  await addOnProductPage(second, products[1], 3);
  await expect(badge(second)).toContainText('15');
  expect(await serverCart(request)).toEqual([`${products[0]}×12`, `${products[1]}×3`]);

  // After a reload both screens show both changes.
  for (const page of [first, second]) {
    await page.goto('/cart');
    await expect(badge(page)).toContainText('15');
    await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveCount(2);
  }
  await context.close();
});

test('two users of one pharmacy on two devices: a stale device adds to the cart instead of replacing it', async ({
  browser,
  baseURL,
  request,
}) => {
  const devices = [await browser.newContext(), await browser.newContext()];
  const [first, second] = await Promise.all(
    devices.map((context) => freshBrowser(context, baseURL as string)),
  );
  for (const page of [first, second] as Page[]) {
    await page.goto('/login');
    await submitLogin(page, USER, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  }
  await addOnProductPage(first as Page, products[1], 1);
  await addOnProductPage(second as Page, products[0], 1);
  expect(await serverCart(request)).toEqual([`${products[0]}×10`, `${products[1]}×1`]);
  await expect(badge(second as Page)).toContainText('11');
  for (const context of devices) await context.close();
});

test("the first click on 'ENVIAR PEDIDO' right after typing a quantity sends the order, once", async ({
  browser,
  baseURL,
  request,
}) => {
  const { client } = (await (await request.get('/api/v1/user')).json()) as { client: { id: number } };
  const orders = async () =>
    (await (await request.get(`/api/v1/clients/${client.id}/orders?per_page=1`)).json()) as {
      data: { lines: { quantity: number }[] }[];
      meta: { total: number };
    };
  const before = (await orders()).meta.total;
  const context = await browser.newContext();
  const page = await freshBrowser(context, baseURL as string);
  await page.goto('/login');
  await submitLogin(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/cart');
  const unitPrice = euros((await page.getByText(/\/ud$/).first().locator('xpath=..').textContent()) ?? '');
  const units = unitsForMinimum(unitPrice);
  // Typed, and straight to the button: the field's blur starts the save under the pointer.
  await page.getByRole('textbox', { name: /^Cantidad/ }).fill(String(units));
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-enviado\?pedido=\d+$/);
  expect(await serverCart(request)).toEqual([]);
  const after = await orders();
  expect(after.meta.total).toBe(before + 1);
  expect(after.data[0]?.lines.map((line) => line.quantity)).toEqual([units]);
  await context.close();
});
