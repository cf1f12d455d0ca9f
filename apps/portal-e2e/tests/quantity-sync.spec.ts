/**
 * A quantity on screen is the quantity saved and sent: the quantity fields wait 500 ms before they
 * save, but 'Añadir', 'ENVIAR PEDIDO', leaving the page, hiding the tab and logging out take what
 * the field shows first. Tapped on a phone (360 px, touch) with short pauses before each action.
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, logIn, test } from './support.ts';

// Its own pharmacy: the orders sent here stay far from the monthly cap of the others' journeys.
const USER = 'farmacia.norte';
const PAUSES = [80, 250];

type Lines = string[];

/** A cart or order as `id×quantity`, by product id. */
function asLines(items: { id: number; quantity: number }[]): Lines {
  return items.toSorted((a, b) => a.id - b.id).map((item) => `${item.id}×${item.quantity}`);
}

/** The pharmacy's cart as the server holds it, read through the page's own session. */
async function serverCart(page: Page): Promise<Lines> {
  const response = await page.request.get('/api/v1/cart');
  if (response.status() === 204) return [];
  const cart = (await response.json()) as { items: { product: { id: number }; quantity: number }[] };
  return asLines(cart.items.map((item) => ({ id: item.product.id, quantity: item.quantity })));
}

async function xsrf(request: APIRequestContext): Promise<string> {
  const cookie = (await request.storageState()).cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

async function saveCart(request: APIRequestContext, products: { id: number; quantity: number }[]) {
  const response = await request.post('/api/v1/cart', {
    data: { products },
    headers: { 'x-xsrf-token': await xsrf(request) },
  });
  expect(response.ok()).toBe(true);
}

/** A product in stock whose unit price makes 10 units reach the 150 € minimum and 13 stay modest. */
async function orderableProduct(request: APIRequestContext): Promise<number> {
  for (let id = 120; id < 320; id += 1) {
    const response = await request.get(`/api/v1/products/${id}`);
    if (!response.ok()) continue;
    const { data } = (await response.json()) as {
      data: { stock: string; price: number; final_price: number | null };
    };
    const price = data.final_price ?? data.price;
    if (data.stock === 'in_stock' && price >= 16 && price <= 30) return id;
  }
  throw new Error('no product between 16 and 30 € in stock');
}

/** Taps a control `times` times, pausing `pauseMs` before each tap. */
async function tapTimes(target: Locator, times: number, pauseMs: number): Promise<void> {
  for (let tap = 0; tap < times; tap += 1) {
    await target.page().waitForTimeout(pauseMs);
    await target.tap();
  }
}

let productId: number;

test.beforeEach(async ({ page, context, baseURL, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'taps on a phone; the widths are covered elsewhere');
  await emptyCart(request, USER);
  productId = await orderableProduct(request);
  await acceptCookies(context, baseURL as string);
  await logIn(page, USER);
});

for (const pauseMs of PAUSES) {
  test(`product page: + tapped three times, 'Añadir' ${pauseMs} ms later adds the 4 on screen`, async ({
    page,
  }) => {
    await page.goto(`/products/${productId}`);
    const field = page.getByRole('textbox', { name: /^Cantidad/ });
    await tapTimes(page.getByRole('button', { name: /^Añadir una unidad/ }), 3, pauseMs);
    await expect(field).toHaveValue('4');
    await page.waitForTimeout(pauseMs);
    await page.getByRole('button', { name: 'Añadir a mi pedido' }).tap();
    await expect(page.getByText('Has agregado 4 unidades en tu pedido')).toBeVisible();
    expect(await serverCart(page)).toEqual([`${productId}×4`]);
    await expect(field).toHaveValue('4');
  });

  test(`cart: a line at 10, + tapped three times, 'ENVIAR PEDIDO' ${pauseMs} ms later sends the 13 on screen`, async ({
    page,
  }) => {
    await saveCart(page.request, [{ id: productId, quantity: 10 }]);
    await page.goto('/cart');
    const field = page.getByRole('textbox', { name: /^Cantidad/ });
    await expect(field).toHaveValue('10');
    await tapTimes(page.getByRole('button', { name: /^Añadir una unidad/ }), 3, pauseMs);
    await expect(field).toHaveValue('13');
    await page.waitForTimeout(pauseMs);
    await page.getByRole('button', { name: 'Enviar pedido' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('pedido');
    const user = (await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } };
    const order = (await (
      await page.request.get(`/api/v1/clients/${user.client.id}/orders/${orderId}`)
    ).json()) as { data: { lines: { product_id: number; quantity: number }[] } };
    expect(
      asLines(order.data.lines.map((line) => ({ id: line.product_id, quantity: line.quantity }))),
    ).toEqual([`${productId}×13`]);
    expect(await serverCart(page)).toEqual([]);
  });
}

test("catalogue card: a typed quantity and + tapped, 'Añadir' 80 ms later adds what the card shows", async ({
  page,
}) => {
  await page.goto('/catalog');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /al pedido$/, disabled: false }) })
    .first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  const field = card.getByRole('textbox', { name: `Unidades de ${name}` });
  await field.fill('5');
  await tapTimes(card.getByRole('button', { name: /^Aumentar/ }), 2, 80);
  await expect(field).toHaveValue('7');
  await page.waitForTimeout(80);
  await card.getByRole('button', { name: `Añadir ${name} al pedido` }).tap();
  await expect(page.getByText('Has agregado 7 unidades en tu pedido')).toBeVisible();
  const cart = await serverCart(page);
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatch(/×7$/);
});

/** Stops the page's timers: a change saved from now on was saved by the action, not the 500 ms pause. */
async function stopTimers(page: Page): Promise<void> {
  await page.clock.pauseAt(Date.now() + 1000);
}

test('cart: leaving the page 80 ms after tapping + saves the quantity on screen', async ({ page }) => {
  await saveCart(page.request, [{ id: productId, quantity: 10 }]);
  await page.clock.install();
  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('10');
  await stopTimers(page);
  await tapTimes(page.getByRole('button', { name: /^Añadir una unidad/ }), 2, 80);
  await page.waitForTimeout(80);
  await page.getByRole('link', { name: 'Catálogo de Productos' }).first().tap();
  await expect(page).toHaveURL(/\/catalog/);
  await expect.poll(() => serverCart(page)).toEqual([`${productId}×12`]);
});

test("cart: 'Salir' 80 ms after tapping + saves the quantity on screen before the session ends", async ({
  page,
  request,
}) => {
  await saveCart(page.request, [{ id: productId, quantity: 10 }]);
  await page.goto('/cart');
  await tapTimes(page.getByRole('button', { name: /^Añadir una unidad/ }), 1, 80);
  await page.waitForTimeout(80);
  await page.getByRole('button', { name: 'Salir' }).tap();
  await expect(page).toHaveURL(/\/login/);
  // Read through the test's own session of the same pharmacy: the page's has ended.
  const response = await request.get('/api/v1/cart');
  const cart = (await response.json()) as { items: { product: { id: number }; quantity: number }[] };
  expect(asLines(cart.items.map((item) => ({ id: item.product.id, quantity: item.quantity })))).toEqual([
    `${productId}×11`,
  ]);
});

test('cart: hiding the tab saves the quantity on screen at once (the field would wait 500 ms)', async ({
  page,
}) => {
  await saveCart(page.request, [{ id: productId, quantity: 10 }]);
  await page.clock.install();
  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('10');
  await stopTimers(page);
  await tapTimes(page.getByRole('button', { name: /^Añadir una unidad/ }), 2, 80);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => serverCart(page)).toEqual([`${productId}×12`]);
});

test('mini cart: opened on a phone, the whole panel and its lines are on screen', async ({ page }) => {
  await saveCart(page.request, [{ id: productId, quantity: 3 }]);
  await page.goto('/catalog');
  await expect(page.getByRole('article').first()).toBeVisible();
  // From the keyboard (a phone with a keyboard, or a screen reader): the link's focus opens it.
  await page.keyboard.press('Shift');
  await page
    .getByRole('link', { name: /Mi pedido/ })
    .first()
    .focus();
  const panel = page.getByRole('region', { name: 'Resumen de Mi pedido' });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  await expect(panel.getByRole('listitem')).toContainText('3 uds');
});

test("sold out: the catalogue card offers no 'Añadir', as the product page does not", async ({ page }) => {
  let soldOut: { id: number; reference: string } | undefined;
  for (let pageNumber = 1; soldOut === undefined && pageNumber <= 20; pageNumber += 1) {
    const search = await page.request.post('/api/v1/products/search', {
      data: { page: pageNumber },
      headers: { 'x-xsrf-token': await xsrf(page.request) },
    });
    if (!search.ok()) break;
    const { data } = (await search.json()) as { data: { id: number; reference: string; stock: string }[] };
    soldOut = data.find((product) => product.stock === 'out_of_stock');
  }
  test.skip(soldOut === undefined, 'no sold-out product in the demo data');
  await page.goto(`/catalog?q=${soldOut?.reference}`);
  const card = page.getByRole('article').first();
  await expect(card.getByText('Agotado')).toBeVisible();
  await expect(card.getByRole('button', { name: /al pedido$/ })).toBeDisabled();
  await expect(card.getByRole('textbox')).toBeDisabled();
  await page.goto(`/products/${soldOut?.id}`);
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeDisabled();
});
