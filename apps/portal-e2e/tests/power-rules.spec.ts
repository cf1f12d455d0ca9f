/**
 * The pharmacist's power rules as farmacia.demo meets them: the next volume tier in words beside the
 * quantity (product page and cart line, following the quantity), 'Mis habituales' adding a product
 * with its last quantity, and the purchases per month with their table.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, test } from './support.ts';

interface Listed {
  id: number;
  price: number;
  final_price: number | null;
  stock: string;
}
interface Rule {
  min_quantity: number;
  unit_price: number;
}

/** An amount as the portal writes it: '4,10 €' with a no-break space. */
const money = (euros: number) =>
  `${euros.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' })}\u00a0€`;
const hint = (units: number, euros: number) =>
  `Añade ${units} ${units === 1 ? 'ud' : 'uds'} y pagas ${money(euros)}/ud`;

/** A product in stock with two tiers or more and no special price, through the API session `emptyCart` opened. */
async function productWithTwoTiers(request: APIRequestContext): Promise<Listed & { rules: Rule[] }> {
  const state = await request.storageState();
  const token = decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  for (let page = 1; page <= 20; page += 1) {
    const response = await request.post('/api/v1/products/search', {
      data: { per_page: 48, page },
      headers: { 'x-xsrf-token': token },
    });
    const body = (await response.json()) as { data: Listed[]; meta: { last_page: number } };
    for (const product of body.data) {
      if (product.final_price !== null || product.stock === 'out_of_stock' || product.price > 30) continue;
      const answer = await request.get(`/api/v1/products/${product.id}/table-cartrules`);
      const rules = ((await answer.json()) as { data: Rule[] }).data;
      if (rules.length >= 2 && rules.every((rule) => rule.unit_price < product.price))
        return { ...product, rules };
    }
    if (page >= body.meta.last_page) break;
  }
  throw new Error('no product with two tiers in the demo catalogue');
}

/** The hint beside a quantity: the live region that holds it. */
const hintOf = (page: Page) => page.getByRole('status').filter({ hasText: /^Añade / });

test('the next tier in words follows the quantity on the product page and on the cart line', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  const product = await productWithTwoTiers(request);
  const [first, second] = product.rules as [Rule, Rule];

  await logIn(page, 'farmacia.demo');
  await page.goto(`/products/${product.id}`);
  // The field's 1 unit: the first tier is the next.
  await expect(hintOf(page)).toHaveText(hint(first.min_quantity - 1, first.unit_price));
  const quantity = page.getByRole('textbox', { name: /^Cantidad/ });
  await quantity.fill(String(first.min_quantity));
  await quantity.press('Tab');
  await expect(hintOf(page)).toHaveText(hint(second.min_quantity - first.min_quantity, second.unit_price));
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(`Has agregado ${first.min_quantity} unidades en tu pedido`)).toBeVisible();

  // The line's tiers come with the cart: no request of its own for its product or its tiers.
  const perLine: string[] = [];
  page.on('request', (sent) => {
    if (/^\/api\/v1\/products\/\d+(\/table-cartrules)?$/.test(new URL(sent.url()).pathname)) {
      perLine.push(sent.url());
    }
  });
  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: /^Cantidad/ }) });
  await expect(line.getByRole('status').filter({ hasText: /^Añade / })).toHaveText(
    hint(second.min_quantity - first.min_quantity, second.unit_price),
  );
  await expectAccessible(page);
  // Up to the second tier: the line pays its price and, at the top tier, no hint is left.
  const lineQuantity = line.getByRole('textbox', { name: /^Cantidad/ });
  await lineQuantity.fill(String(second.min_quantity));
  await lineQuantity.press('Tab');
  const third = product.rules[2];
  if (third) {
    await expect(line.getByRole('status').filter({ hasText: /^Añade / })).toHaveText(
      hint(third.min_quantity - second.min_quantity, third.unit_price),
    );
  } else {
    await expect(line.getByRole('status').filter({ hasText: /^Añade / })).toHaveCount(0);
  }
  expect(perLine).toEqual([]);
  await emptyCart(request, 'farmacia.demo');
});

test("'Mis habituales' adds a usual product with its last quantity", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');

  // The quick order, in the header, leads there.
  await page.getByRole('banner').getByRole('link', { name: 'Pedido rápido' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Mis habituales' }).click();
  await expect(page).toHaveURL(/\/mis-habituales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis habituales' })).toBeVisible();
  const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  expect(await items.count()).toBeGreaterThan(3);
  await expect(items.first()).toContainText(/Última vez: \d+ uds? el \d{2}\/\d{2}\/\d{4}/);
  await expectAccessible(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width, 'no sideways scroll').toBeLessThanOrEqual(0);

  const add = page.getByRole('button', { name: /^Añadir \d+ uds? de .+ a mi pedido$/ }).first();
  const label = (await add.getAttribute('aria-label')) ?? '';
  const [, units, name] = /^Añadir (\d+) uds? de (.+) a mi pedido$/.exec(label) ?? [];
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(`Has agregado ${units} ${units === '1' ? 'unidad' : 'unidades'} en tu pedido`),
  ).toBeVisible();

  await page.goto('/cart');
  await expect(
    page.getByRole('textbox', {
      name: new RegExp(`^Cantidad.*${(name ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    }),
  ).toHaveValue(String(units));
  await emptyCart(request, 'farmacia.demo');
});

test('the purchases per month show the last 12 months as a chart and as a table', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.goto('/account/myaccount');
  const section = page.getByRole('region', { name: 'Compras por mes' });
  const chart = section.getByRole('img', { name: /compras por mes y el límite mensual/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(
    /^Compras de [a-z]+ de \d{4} a [a-z]+ de \d{4}\. .*límite mensual es de/,
  );
  await expectAccessible(page);

  const toggle = section.getByRole('button', { name: 'Ver como tabla' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = section.getByRole('table', { name: /^Compras por mes/ });
  await expect(table.getByRole('rowheader')).toHaveCount(12);
  const month = new Intl.DateTimeFormat('es-ES', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  });
  await expect(table.getByRole('rowheader').first()).toHaveText(month.format(new Date()));
  await expect(section.getByRole('button', { name: 'Ver como gráfico' })).toBeFocused();
  await expectAccessible(page);
});
