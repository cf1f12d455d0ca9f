/**
 * 'Pedido rápido' as a pharmacist uses it: a 30-line list pasted from a spreadsheet (references in
 * their written forms, Códigos Nacionales and EANs of the demo catalogue, one product twice, two codes
 * that do not exist) shows each product, names the two unknown codes and the repeated product, adds
 * the rest to 'Mi pedido' in one go and is sent from there; Enter moves from line to line. With axe,
 * at every width (each run sends an order); screenshots at every width when QUICK_ORDER_SHOTS names a folder.
 */
import { expect, type Page } from '@playwright/test';
import { acceptCookies, cancelOrder, emptyCart, expectAccessible, logIn, test } from './support.ts';

const SHOTS = process.env.QUICK_ORDER_SHOTS;

const ACCOUNT: Record<string, string> = {
  desktop: 'farmacia.demo',
  tablet: 'farmacia.norte',
  phone: 'farmacia.norte',
};

/** The demo catalogue's Código Nacional of product `id` (100000 + id, and its GS1 check digit). */
function demoNationalCode(id: number): string {
  const six = String(100_000 + id);
  const digits = `847000${six}`;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
  return `${six}${(10 - (sum % 10)) % 10}`;
}

interface Listed {
  id: number;
  reference: string;
  name: string;
}

async function csrfToken(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** 28 products of the demo catalogue, inexpensive ones, as the listing shows them. */
async function someProducts(page: Page): Promise<Listed[]> {
  const found = await page.request.post('/api/v1/products/search', {
    data: { sort: 'price_asc', per_page: 48 },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  expect(found.ok()).toBe(true);
  return ((await found.json()) as { data: Listed[] }).data.slice(10, 38);
}

/**
 * The spreadsheet's two columns: 27 products by reference ('BT-10399', 'bt 10399', '10399'), CN
 * ('123456.8') or EAN, the first product again by its EAN, and two codes no product has.
 */
function spreadsheet(products: readonly Listed[]): { text: string; units: number } {
  const rows: [string, number][] = products.slice(0, 27).map((product, index) => {
    const cn = demoNationalCode(product.id);
    const digits = product.reference.replace(/\D/g, '');
    const code = [
      product.reference,
      product.reference.toLowerCase().replace('-', ' '),
      digits,
      `${cn.slice(0, 6)}.${cn.slice(6)}`,
      `847000${cn}`,
    ][index % 5] as string;
    return [code, 1 + (index % 2)];
  });
  const first = products[0] as Listed;
  rows.splice(12, 0, ['ZZ-00001', 3]);
  rows.splice(20, 0, [`847000${demoNationalCode(first.id)}`, 2]);
  rows.push(['NOEXISTE-7', 1]);
  const units = rows.reduce(
    (sum, [code, quantity]) => sum + (code.startsWith('ZZ') || code.startsWith('NO') ? 0 : quantity),
    0,
  );
  return {
    text: `Código\tCantidad\r\n${rows.map(([code, quantity]) => `${code}\t${quantity}`).join('\r\n')}\r\n`,
    units,
  };
}

/** Pastes `text` into the focused field as the clipboard does: a paste event carrying text/plain. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
});

test('a 30-line list pasted from a spreadsheet is recognised, its unknown codes named, added and sent', async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const account = ACCOUNT[project];
  await emptyCart(request, account as string);
  await logIn(page, account as string);

  // The header leads there.
  await page.getByRole('banner').getByRole('link', { name: 'Pedido rápido' }).click();
  await expect(page).toHaveURL(/\/pedido-rapido$/);
  await expect(page).toHaveTitle('Pedido rápido · Botica');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  await expectAccessible(page);

  const products = await someProducts(page);
  expect(products).toHaveLength(28);
  const list = spreadsheet(products);
  await page.getByRole('textbox', { name: 'Código de la línea 1' }).focus();
  await paste(page, list.text);

  // 30 lines, the header row skipped; every product shown as soon as it is recognised.
  await expect(page.getByRole('textbox', { name: 'Código de la línea 30' })).toHaveValue('NOEXISTE-7');
  await expect(page.getByRole('textbox', { name: /^Código de la línea/ })).toHaveCount(30);
  for (const product of products.slice(0, 27)) {
    await expect(page.getByText(product.name, { exact: true }).first()).toBeVisible();
  }
  const problems = page.getByRole('region', { name: '2 líneas no se pueden pedir' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Línea 13 (ZZ-00001): No hay ningún producto con este código.',
    'Línea 30 (NOEXISTE-7): No hay ningún producto con este código.',
  ]);
  const first = products[0] as Listed;
  await expect(page.getByRole('region', { name: 'Productos repetidos' })).toContainText(
    `«${first.name}» está en las líneas 1 y 21: se añade una vez, con 3 unidades.`,
  );
  await expect(page.getByText(`27 productos, ${list.units} unidades`)).toBeVisible();
  await expectAccessible(page);
  // Nothing scrolls sideways, at any width.
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.window);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quick-order-${project}.png`, fullPage: true });

  // One save: the 27 products go to 'Mi pedido'; the two unknown lines stay, with their reasons.
  await page.getByRole('button', { name: 'Añadir todo a mi pedido' }).click();
  await expect(
    page.getByText(`Hemos añadido 27 productos (${list.units} unidades) a tu pedido.`),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Código de la línea/ })).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Código de la línea 1' })).toHaveValue('ZZ-00001');
  await expect(page.getByRole('link', { name: /^Mi pedido/ })).toContainText(String(list.units));
  await expectAccessible(page);

  // Sent from 'Mi pedido'.
  await page.getByRole('link', { name: /^Mi pedido/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const send = page.getByRole('button', { name: 'Enviar pedido' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page).toHaveURL(/\/pedido-enviado\?pedido=\d+$/);
  // A sent test order counts against the pharmacy's monthly cap: cancelled, it no longer does.
  const sent = Number(new URL(page.url()).searchParams.get('pedido'));
  await cancelOrder(await playwright.request.newContext({ baseURL }), sent);
});

test('Enter moves to the next line, making one at the end; the keyboard alone fills the grid', async ({
  page,
  request,
}, testInfo) => {
  const project = testInfo.project.name;
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');
  await page.goto('/pedido-rapido');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  const products = await someProducts(page);
  const [one, two] = products as [Listed, Listed];

  const code1 = page.getByRole('textbox', { name: 'Código de la línea 1' });
  await code1.fill(one.reference);
  await code1.press('Enter');
  const code2 = page.getByRole('textbox', { name: 'Código de la línea 2' });
  await expect(code2).toBeFocused();
  await page.keyboard.type(demoNationalCode(two.id));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Cantidad de la línea 2' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Código de la línea 3' })).toBeFocused();
  // Enter on a line that has one after it goes there, without a new line.
  await code1.focus();
  await code1.press('Enter');
  await expect(code2).toBeFocused();
  await expect(page.getByRole('textbox', { name: /^Código de la línea/ })).toHaveCount(3);

  await expect(page.getByText(one.name, { exact: true })).toBeVisible();
  await expect(page.getByText(two.name, { exact: true })).toBeVisible();
  await expect(page.getByText('2 productos, 5 unidades')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quick-order-typed-${project}.png`, fullPage: true });
  // Left as typed for the next visit of the page in this browser only: the grid is the visit's.
  await page.getByRole('button', { name: 'Vaciar la lista' }).click();
  await expect(page.getByRole('textbox', { name: /^Código de la línea/ })).toHaveCount(1);
});

test('a CSV exported by a Spanish spreadsheet fills the grid from the file, read in the browser', async ({
  page,
  request,
}) => {
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');
  await page.goto('/pedido-rapido');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  const [one, two] = (await someProducts(page)) as [Listed, Listed];
  // Excel's CSV in a Spanish locale: ';' between the columns, Windows-1252 ('ó' is one byte, 0xF3).
  const csv = Buffer.from(
    `C\xf3digo;Cantidad\r\n${one.reference};6\r\n${demoNationalCode(two.id)};1,5\r\n`,
    'latin1',
  );
  await page.getByRole('button', { name: 'Subir CSV' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pedido.csv', mimeType: 'text/csv', buffer: csv });
  await expect(page.getByText('2 líneas leídas de pedido.csv.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Código de la línea 1' })).toHaveValue(one.reference);
  await expect(page.getByRole('textbox', { name: 'Cantidad de la línea 1' })).toHaveValue('6');
  await expect(page.getByText(one.name, { exact: true })).toBeVisible();
  // A Spanish decimal comma is not a number of units: the line says so and is left out.
  await expect(page.getByRole('region', { name: '1 línea no se puede pedir' })).toContainText(
    'Línea 2 (' +
      demoNationalCode(two.id) +
      '): La cantidad debe ser un número entero de unidades, sin decimales.',
  );
  await page.getByRole('textbox', { name: 'Cantidad de la línea 2' }).fill('2');
  await expect(page.getByText(two.name, { exact: true })).toBeVisible();
  await expect(page.getByText('2 productos, 8 unidades')).toBeVisible();
  await page.getByRole('button', { name: 'Vaciar la lista' }).click();
});

test('a list the monthly cap refuses adds nothing and stays as typed', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same at every width: one run');
  await emptyCart(request, 'farmacia.limite');
  await logIn(page, 'farmacia.limite');
  await page.goto('/pedido-rapido');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();
  // Less than 100 € of the cap is left this month: the page says no order can be sent.
  await expect(page.getByText('Este mes ya no puedes enviar pedidos')).toBeVisible();
  const products = (await someProducts(page)).slice(0, 3);
  await page.getByRole('textbox', { name: 'Código de la línea 1' }).focus();
  await paste(page, products.map((product) => `${product.reference}\t20`).join('\n'));
  await expect(page.getByText('3 productos, 60 unidades')).toBeVisible();

  await page.getByRole('button', { name: 'Añadir todo a mi pedido' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Limite de compra superado' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(
    page.getByText('No hemos añadido nada a tu pedido: la lista sigue como la escribiste.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Código de la línea/ })).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Cantidad de la línea 3' })).toHaveValue('20');
  await expect(page.getByRole('link', { name: /^Mi pedido/ })).not.toContainText(/\d/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Vaciar la lista' }).click();
});
