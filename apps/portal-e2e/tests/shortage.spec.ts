/**
 * Shortages as farmacia.demo meets them: a sold-out product's page shows the day it is expected back,
 * takes 'Avísame cuando vuelva' from the keyboard and offers substitutes to add; when the laboratory's
 * staff mark the product available (the back office's product edit, through its admin API with a staff
 * session: this run serves no back office), the alert's e-mail arrives over SMTP with a link back to
 * the product. And a cart line that sells out shows its substitutes beside it, each one added with
 * 'Añadir'.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { e2eMailSink, linkTo, waitForMail } from './mail.ts';
import { acceptCookies, emptyCart, expectAccessible, logIn, PASSWORD, test } from './support.ts';

const PHARMACY = 'farmacia.demo';
const STAFF = 'admin.demo';
const PROJECTS = ['desktop', 'tablet', 'phone'];

interface AdminProduct {
  id: number;
  name: string;
  stock: { state: string; units: number; expected_on: string | null };
  [field: string]: unknown;
}

/** A staff session of the back office's API (the same server; no back office is served here). */
async function staffSession(request: APIRequestContext) {
  const token = async () =>
    decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  await request.get('/sanctum/csrf-cookie');
  const login = await request.post('/api/v1/auth/login', {
    data: { username: STAFF, password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.ok()).toBe(true);
  const get = async (path: string) => {
    const response = await request.get(path);
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return response.json();
  };
  const put = async (path: string, data: unknown) => {
    const response = await request.put(path, { data, headers: { 'x-xsrf-token': await token() } });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  return {
    /** Products in one stock state, by id. */
    async products(stock: string): Promise<AdminProduct[]> {
      const body = await get(`/api/v1/admin/products?stock=${stock}&status=active`);
      return (body.data as AdminProduct[]).sort((a, b) => a.id - b.id);
    },
    /** The back office's edit of a product, saving `units` in stock. */
    async setStock(id: number, units: number): Promise<void> {
      const { data } = (await get(`/api/v1/admin/products/${id}`)) as { data: AdminProduct };
      const { id: _id, categories: _c, stock: _s, image: _i, created_at: _t, ...fields } = data;
      await put(`/api/v1/admin/products/${id}`, { ...fields, stock_units: units });
    },
    async setSubstitutes(id: number, ids: number[]): Promise<void> {
      await put(`/api/v1/admin/products/${id}/substitutes`, { ids });
    },
  };
}

/** Where the screenshots go when asked for (`E2E_SCREENSHOTS=dir`), by page and width. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  // From the top: a full-page shot of a scrolled page draws the sticky header halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Each width its own products: the three projects share one server. */
const slot = (testInfo: TestInfo) => Math.max(0, PROJECTS.indexOf(testInfo.project.name));

test("a sold-out product's alert, by keyboard, and its e-mail when the staff mark it available", async ({
  page,
  context,
  baseURL,
  playwright,
}, testInfo) => {
  if (!baseURL) throw new Error('no baseURL');
  await acceptCookies(context, baseURL);
  const staff = await staffSession(await playwright.request.newContext({ baseURL }));
  const soldOut = (await staff.products('out_of_stock')).filter((product) => product.stock.expected_on);
  const product = soldOut[slot(testInfo)];
  if (!product) throw new Error('the demo data has too few sold-out products with an expected day');

  await logIn(page, PHARMACY);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(
    page.getByText(/^Volverá a estar disponible hacia el \d{1,2} de \w+ de \d{4}\.$/),
  ).toBeVisible();

  const subscribe = page.getByRole('button', { name: 'Avísame cuando vuelva' });
  await subscribe.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Te avisaremos por correo electrónico cuando vuelva.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Aviso activado' })).toBeAttached();
  const cancel = page.getByRole('button', { name: 'Cancelar el aviso' });
  await expect(cancel).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'product-sold-out');
  // Cancelled and asked for again: one alert, one e-mail.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Avísame cuando vuelva' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancelar el aviso' })).toBeVisible();

  const since = Date.now();
  await staff.setStock(product.id, 60);
  const sink = e2eMailSink(new URL(baseURL).port);
  const mail = await waitForMail(sink, { kind: 'stock_alert', since, mention: `/products/${product.id}` });
  expect(mail.subject).toBe(`Vuelve a estar disponible: ${product.name}`);
  await page.goto(linkTo(mail.text, `/products/${product.id}`));
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Avísame cuando vuelva' })).toHaveCount(0);
});

test('a sold-out product offers substitutes, and a sold-out cart line shows them beside it', async ({
  page,
  context,
  baseURL,
  playwright,
  request,
}, testInfo) => {
  if (!baseURL) throw new Error('no baseURL');
  await acceptCookies(context, baseURL);
  await emptyCart(request, PHARMACY);
  const staff = await staffSession(await playwright.request.newContext({ baseURL }));
  const inStock = await staff.products('in_stock');
  // From the end of the list, apart from the alert test's products.
  const [product, substitute] = inStock.slice(-2 * (slot(testInfo) + 1)) as [AdminProduct, AdminProduct];
  await staff.setSubstitutes(product.id, [substitute.id]);

  await logIn(page, PHARMACY);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(/Tienes 1 unidad en tu pedido/)).toBeVisible();
  await staff.setStock(product.id, 0);

  await page.goto('/cart');
  const soldOut = page.getByRole('region', { name: 'Productos agotados en tu pedido' });
  await expect(soldOut).toBeVisible();
  const offer = soldOut.getByRole('region', { name: `En lugar de ${product.name}` });
  await expect(offer.getByRole('link', { name: substitute.name })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'cart-sold-out-line');
  const add = offer.getByRole('button', { name: `Añadir ${substitute.name} a mi pedido` });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(offer.getByText('1 en tu pedido')).toBeVisible();
  await expect(page.getByRole('link', { name: substitute.name }).first()).toBeVisible();

  // The product page of the sold-out product offers it too.
  await page.goto(`/products/${product.id}`);
  const alternatives = page.getByRole('region', { name: 'Alternativas disponibles' });
  await expect(alternatives.getByRole('link', { name: substitute.name })).toBeVisible();
  await expectAccessible(page);
});
