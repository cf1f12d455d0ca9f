/**
 * The back office's catalogue: an admin finds a product, changes its list price and its volume tiers
 * (the rules answering as he types, the preview showing the unsaved values), and farmacia.demo, in
 * her own browser, reads the new tiers on the product's page and pays the new price in her cart; a
 * stale edit from a second browser gets the conflict and nothing of it is saved; a sales rep reads
 * the catalogue without a control that changes it; the category trees are created into, renamed,
 * reordered, moved and deleted from. The products changed here are picked by this spec alone (not
 * the cheapest, not the showcase's), and every change is undone through the API at the end: the
 * server is shared by the whole run.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, reviewShot, submitLogin, test } from './support.ts';

interface AdminProduct {
  id: number;
  name: string;
  reference: string;
  price: string;
  vat_rate: number;
  national_code: string | null;
  ean: string | null;
  format: string;
  description: string;
  category_ids: number[];
  tag_ids: number[];
  tiers: { min_quantity: number; discount_percent: number }[];
  special_prices: { discount_group_id: number; price: string }[];
  is_active: boolean;
  stock_expected_on: string | null;
  version: number;
}

/** A screenshot of the page (or of a dialog's page) for the review at this width. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await reviewShot(page, 'catalogue', `${name}-${testInfo.project.name}`);
}

/** The API as `request`'s session, with the CSRF token on every change. */
function apiOf(request: APIRequestContext) {
  const token = async () => {
    await request.get('/sanctum/csrf-cookie');
    return decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  };
  return {
    login: async (username: string) => {
      const answer = await request.post('/api/v1/auth/login', {
        data: { username, password: PASSWORD },
        headers: { 'x-xsrf-token': await token() },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    },
    send: async (method: 'PUT' | 'POST', path: string, data: unknown) =>
      request.fetch(path, { method, data, headers: { 'x-xsrf-token': await token() } }),
  };
}

async function productOf(request: APIRequestContext, id: number): Promise<AdminProduct> {
  const answer = await request.get(`/api/v1/admin/products/${id}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: AdminProduct }).data;
}

/**
 * The `nth` active, in-stock product (by name) with no special price that no other spec picks: not
 * the cheapest (the configuration's), not the showcase's first (the orders').
 */
async function pickProduct(request: APIRequestContext, nth: number): Promise<AdminProduct> {
  const cheapest = await request.get('/api/v1/admin/products?status=active&sort=price_asc');
  const avoid = new Set([((await cheapest.json()) as { data: { id: number }[] }).data[0]?.id]);
  const list = await request.get('/api/v1/admin/products?status=active&stock=in_stock&sort=name_asc');
  expect(list.status(), await list.text()).toBe(200);
  const rows = ((await list.json()) as { data: { id: number }[] }).data;
  const found: AdminProduct[] = [];
  for (const row of rows) {
    if (avoid.has(row.id)) continue;
    const product = await productOf(request, row.id);
    if (product.special_prices.length === 0 && product.tiers.length <= 3) found.push(product);
    if (found.length > nth) break;
  }
  const product = found[nth];
  expect(product, `an in-stock product without special prices (the ${nth + 1}th)`).toBeDefined();
  return product as AdminProduct;
}

/** The product put back as it was, on its current version. */
async function restore(request: APIRequestContext, original: AdminProduct): Promise<void> {
  const api = apiOf(request);
  const now = await productOf(request, original.id);
  const { id: _id, version: _version, ...fields } = original as AdminProduct & Record<string, unknown>;
  const body = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !['categories', 'stock', 'image', 'created_at'].includes(key)),
  );
  const answer = await api.send('PUT', `/api/v1/admin/products/${original.id}`, {
    ...body,
    version: now.version,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** '12,50' typed, in cents; and the cents as the screens write them ('13,50 €'). */
function centsOf(typed: string): number {
  const [whole, fraction = ''] = typed.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
function euros(cents: number): string {
  return `${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100)}\u00a0€`;
}

async function newBrowser(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  // The portal's cookie banner answered already: only analytics, as a pharmacist would.
  await context.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL },
  ]);
  return context;
}

function field(page: Page, name: string | RegExp) {
  return page.getByRole('textbox', { name });
}

test('an admin finds products by reference with the filters in the address, and opens one', async ({
  page,
}, testInfo) => {
  await logIn(page, 'admin.demo');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catálogo' }).click();
  await expect(page).toHaveURL(/\/backoffice\/catalogue$/);
  await expect(page).toHaveTitle('Catálogo · Botica Back office');
  const table = page.getByRole('grid', { name: 'Productos encontrados' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Nuevo producto' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, 'list');

  const count = page.getByRole('status').filter({ hasText: /productos?$/ });
  const everything = (await count.textContent()) ?? '';
  const product = await pickProduct(page.request, 0);
  const box = page.getByRole('searchbox', { name: 'Buscar producto' });
  await box.fill(product.reference);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${product.reference}$`));
  // The search's own count on screen: the new page is the one rendered.
  await expect(count).not.toHaveText(everything);
  const row = table.getByRole('row').filter({ hasText: product.reference });
  await expect(row).toContainText(euros(centsOf(product.price)));
  await expect(row).toContainText('Activo');

  // The stock filter joins the words in the address; the back button takes it away.
  await page.getByRole('combobox', { name: 'Stock' }).selectOption({ label: 'Agotado' });
  await expect(page).toHaveURL(new RegExp(`\\?q=${product.reference}&stock=out_of_stock$`));
  await expect(
    page.getByRole('heading', { name: `Ningún producto coincide con «${product.reference}»` }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${product.reference}$`));
  await row.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/catalogue/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  // A new product: the rules' messages under the fields first, then the server's (a reference taken).
  await page.getByRole('link', { name: 'Volver al catálogo' }).click();
  await page.getByRole('link', { name: 'Nuevo producto' }).click();
  await expect(page).toHaveURL(/\/backoffice\/catalogue\/products\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuevo producto');
  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
  await expect(page.getByText('El precio es obligatorio.')).toBeVisible();
  await expect(field(page, /^Nombre/)).toBeFocused();
  await expectAccessible(page);
  await shot(page, testInfo, 'new-product');
  await field(page, /^Nombre/).fill('Producto de prueba con referencia repetida');
  await field(page, /^Referencia/).fill(product.reference);
  await field(page, /^Precio de tarifa/).fill('10,00');
  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page.getByText('Ya hay un producto con esa referencia.')).toBeVisible();
  await expect(field(page, /^Referencia/)).toBeFocused();
  await expect(page).toHaveURL(/\/products\/new$/);
});

test('an admin changes a list price and the tiers, and farmacia.demo sees them on the product and in her cart', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  await logIn(page, 'admin.demo');
  const original = await pickProduct(page.request, 1);
  const newPriceCents = centsOf(original.price) + 100;
  const newPrice = euros(newPriceCents).replace(/\s€$/, '').replace(/\./g, '');
  let pharmacist: BrowserContext | null = null;
  let keptCart: { id: number; quantity: number }[] | null = null;
  try {
    await page.goto(`/backoffice/catalogue/products/${original.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(original.name);
    await expect(page).toHaveTitle(`${original.name} · Botica Back office`);
    await expect(page.getByRole('link', { name: 'Fotos' })).toHaveAttribute(
      'href',
      `/backoffice/catalogue/products/${original.id}/pictures`,
    );
    await expectAccessible(page);

    // The codes' check digits answer as they are typed.
    const national = field(page, 'Código Nacional');
    await national.fill('123456.7');
    await expect(page.getByText('El dígito de control del código nacional no es correcto.')).toBeVisible();
    await national.fill(original.national_code ?? '');

    await field(page, /^Precio de tarifa/).fill(newPrice);
    // Tiers from scratch: 7 units at 12 %, then a second that would not lower the price.
    for (let index = original.tiers.length; index > 0; index -= 1) {
      await page.getByRole('button', { name: `Quitar el tramo ${index}` }).click();
    }
    await page.getByRole('button', { name: 'Añadir tramo' }).click();
    await field(page, 'Desde (uds), tramo 1').fill('7');
    await field(page, 'Descuento (%), tramo 1').fill('12');
    await page.getByRole('button', { name: 'Añadir tramo' }).click();
    await field(page, 'Desde (uds), tramo 2').fill('14');
    await field(page, 'Descuento (%), tramo 2').fill('5');
    await expect(page.getByText('Este tramo no baja el precio unitario del anterior.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, 'product-rule');
    await field(page, 'Descuento (%), tramo 2').fill('20');
    await expect(page.getByText('Este tramo no baja el precio unitario del anterior.')).toHaveCount(0);

    // Leaving asks first.
    await page.getByRole('link', { name: 'Volver al catálogo' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Hay cambios sin guardar' });
    await expect(leave).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await leave.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(new RegExp(`/catalogue/products/${original.id}$`));

    // The preview: the unsaved price and tiers, as the portal shows them.
    await page.getByRole('button', { name: 'Vista previa' }).click();
    const preview = page.getByRole('dialog', { name: `Vista previa: ${original.name}` });
    await expect(preview).toBeVisible();
    await expect(preview.getByText(euros(newPriceCents)).first()).toBeVisible();
    const previewTable = preview.getByRole('table', { name: 'Precios por volumen' });
    await expect(previewTable.getByRole('rowheader')).toHaveText([
      '1 – 6\u00a0uds',
      '7 – 13\u00a0uds',
      '14 o más\u00a0uds',
    ]);
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, testInfo, 'preview');
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(`${original.name}: producto guardado`)).toBeVisible();
    await expect(page.getByText('Sin cambios.')).toBeVisible();
    await shot(page, testInfo, 'product');
    const saved = await productOf(page.request, original.id);
    expect(saved.price).toBe(newPrice);
    expect(saved.tiers).toEqual([
      { min_quantity: 7, discount_percent: 12 },
      { min_quantity: 14, discount_percent: 20 },
    ]);

    // farmacia.demo, in her own browser: the product's tiers and, once added, its price in her cart.
    pharmacist = await newBrowser(browser, baseURL as string);
    const portal = await pharmacist.newPage();
    const pharmacy = apiOf(pharmacist.request);
    await pharmacy.login('farmacia.demo');
    const cart = await pharmacist.request.get('/api/v1/cart');
    keptCart =
      cart.status() === 200
        ? ((await cart.json()) as { items: { product: { id: number }; quantity: number }[] }).items.map(
            (item) => ({ id: item.product.id, quantity: item.quantity }),
          )
        : [];
    await portal.goto(`/products/${original.id}`);
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText(original.name);
    const tiers = portal.getByRole('table', { name: 'Precios por volumen' });
    await expect(tiers.getByRole('rowheader')).toHaveText([
      '1 – 6\u00a0uds',
      '7 – 13\u00a0uds',
      '14 o más\u00a0uds',
    ]);
    await portal.getByRole('button', { name: 'Añadir a mi pedido' }).click();
    await expect(portal.getByText(/Has agregado/)).toBeVisible();
    await portal.goto('/cart');
    const line = portal.getByRole('listitem').filter({ hasText: original.name });
    await expect(line).toContainText(`${euros(newPriceCents)} /ud`);
  } finally {
    if (pharmacist) {
      if (keptCart) await apiOf(pharmacist.request).send('POST', '/api/v1/cart', { products: keptCart });
      await pharmacist.close();
    }
    await restore(page.request, original);
  }
});

test('a stale edit from a second browser gets the conflict, saves nothing and reloads the product', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  await logIn(page, 'admin.demo');
  const original = await pickProduct(page.request, 2);
  const other = await newBrowser(browser, baseURL as string);
  try {
    const second = await other.newPage();
    await second.goto('/backoffice/login');
    await submitLogin(second, 'admin.demo');
    await second.waitForURL((url) => !url.pathname.startsWith('/backoffice/login'));
    await page.goto(`/backoffice/catalogue/products/${original.id}`);
    await second.goto(`/backoffice/catalogue/products/${original.id}`);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText(original.name);

    // The first saves a new format; the second, on the version it read, a new description.
    await field(page, 'Formato').fill(`${original.format} (caja)`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(`${original.name}: producto guardado`)).toBeVisible();

    const description = 'Descripción escrita sobre una versión anterior.';
    await field(second, 'Descripción').fill(description);
    await second.getByRole('button', { name: 'Guardar cambios' }).click();
    const conflict = second.getByRole('alert').filter({ hasText: 'Otra persona ha cambiado este producto' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Tus cambios no se han guardado.');
    await expectAccessible(second);
    await shot(second, testInfo, 'conflict');
    expect((await productOf(page.request, original.id)).description).toBe(original.description);

    await conflict.getByRole('button', { name: 'Recargar' }).click();
    await expect(field(second, 'Formato')).toHaveValue(`${original.format} (caja)`);
    await expect(field(second, 'Descripción')).toHaveValue(original.description);
    await expect(second.getByText(/tus cambios no se guardaron/)).toBeVisible();
    await expect(second.getByRole('alert').filter({ hasText: 'Otra persona' })).toHaveCount(0);
  } finally {
    await other.close();
    await restore(page.request, original);
  }
});

test('a sales rep reads the catalogue without any control that changes it', async ({ page }, testInfo) => {
  await logIn(page, 'comercial.demo');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catálogo' }).click();
  await expect(page).toHaveURL(/\/backoffice\/catalogue$/);
  const table = page.getByRole('grid', { name: 'Productos encontrados' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText('(solo lectura)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuevo producto' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, testInfo, 'list-rep');

  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/backoffice\/catalogue\/products\/\d+$/);
  await expect(
    page.getByText('Solo lectura: los cambios del catálogo los hace un administrador.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Guardar|Añadir|Quitar/ })).toHaveCount(0);
  await expect(field(page, 'Nombre')).toHaveAttribute('readonly', '');
  await expectAccessible(page);

  await page.goto('/backoffice/catalogue/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categorías');
  await expect(page.getByRole('button', { name: /Nueva categoría|Subir|Bajar|Borrar/ })).toHaveCount(0);
  await page.goto('/backoffice/catalogue/products/new');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Nuevo producto');
});

test('an admin creates, renames, reorders, moves and deletes a category; a category with products is not deleted', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/catalogue');
  await page.getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/backoffice\/catalogue\/categories$/);
  await expect(page).toHaveTitle('Categorías · Botica Back office');
  await expectAccessible(page);
  await shot(page, testInfo, 'categories');
  const ranges = page.getByRole('region', { name: 'Gamas' });
  const name = `Prueba ${testInfo.project.name}`;
  const item = (label: string) => ranges.getByRole('listitem').filter({ hasText: label });
  let createdId: number | null = null;

  try {
    await ranges.getByRole('button', { name: 'Nueva categoría' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva categoría en Gamas' });
    await create.getByRole('button', { name: 'Crear' }).click();
    await expect(create.getByText('El nombre es obligatorio.')).toBeVisible();
    await create.getByRole('textbox', { name: /^Nombre/ }).fill(name);
    await expectAccessible(page, '[role="dialog"]');
    await create.getByRole('button', { name: 'Crear' }).click();
    await expect(create).toHaveCount(0);
    await expect(item(name)).toBeVisible();
    createdId = Number(await item(name).getAttribute('data-category'));

    await item(name)
      .getByRole('button', { name: `Renombrar «${name}»` })
      .click();
    const rename = page.getByRole('dialog', { name: `Renombrar «${name}»` });
    await rename.getByRole('textbox', { name: /^Nombre/ }).fill(`${name} bis`);
    await rename.getByRole('button', { name: 'Renombrar' }).click();
    await expect(item(`${name} bis`)).toBeVisible();

    // Last of the top level: 'Subir' with the keyboard puts it one place up, the focus following it.
    const renamed = `${name} bis`;
    const before = await ranges
      .getByRole('listitem')
      .evaluateAll((items) => items.map((element) => element.getAttribute('data-category')));
    const up = item(renamed).getByRole('button', { name: `Subir «${renamed}»` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () =>
        ranges
          .getByRole('listitem')
          .evaluateAll((items) => items.map((element) => element.getAttribute('data-category'))),
      )
      .not.toEqual(before);
    await expect(
      item(renamed)
        .getByRole('button', { name: /^(Subir|Bajar)/ })
        .first(),
    ).toBeFocused();

    // Moved under the first range.
    const firstRange = (await ranges.getByRole('listitem').first().locator('strong').textContent()) ?? '';
    await item(renamed)
      .getByRole('button', { name: `Mover «${renamed}»` })
      .click();
    const move = page.getByRole('dialog', { name: `Mover «${renamed}»` });
    await move.getByRole('combobox', { name: 'Mover dentro de' }).selectOption({ label: firstRange });
    await expectAccessible(page, '[role="dialog"]');
    await move.getByRole('button', { name: 'Mover' }).click();
    await expect(item(renamed)).toContainText('Nivel 2');

    // A range with products is refused with the server's words; the empty one goes.
    await ranges.getByRole('button', { name: `Borrar «${firstRange}»` }).click();
    const refused = page.getByRole('alertdialog', { name: `Borrar «${firstRange}»` });
    await refused.getByRole('button', { name: 'Borrar' }).click();
    await expect(refused.getByRole('alert')).toHaveText(
      'La categoría tiene productos o subcategorías: vacíala antes de borrarla.',
    );
    await expectAccessible(page, '[role="alertdialog"]');
    await shot(page, testInfo, 'category-refused');
    await refused.getByRole('button', { name: 'Cancelar' }).click();

    await item(renamed)
      .getByRole('button', { name: `Borrar «${renamed}»` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Borrar' }).click();
    await expect(page.getByText(`Categoría «${renamed}» borrada`)).toBeVisible();
    await expect(item(renamed)).toHaveCount(0);
    createdId = null;
  } finally {
    if (createdId !== null) {
      await page.request.fetch(`/api/v1/admin/categories/${createdId}`, {
        method: 'DELETE',
        headers: {
          'x-xsrf-token': decodeURIComponent(
            (await page.request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')
              ?.value ?? '',
          ),
        },
      });
    }
  }
});
