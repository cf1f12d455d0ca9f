/**
 * Recargo de equivalencia: farmacia.demo is in the regime, so its cart shows the
 * surcharge of each VAT rate under the VAT lines and its total includes them; farmacia.limite is not,
 * and its cart shows the VAT alone. Both totals are the server's. Screenshots of /cart are kept in
 * the test's output folder.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { acceptCookies, euros, expectAccessible, logIn, test } from './support.ts';

interface WireCart {
  recargo_equivalencia: boolean;
  surcharges: { vat_rate: number; rate: number; base: number; amount: number }[];
  taxes: { rate: number }[];
  total_price: number;
  items: { product: { id: number }; quantity: number }[];
}

/** The XSRF token of a request context's cookies, fetched first. */
async function xsrf(request: APIRequestContext): Promise<string> {
  await request.get('/sanctum/csrf-cookie');
  const cookie = (await request.storageState()).cookies.find((entry) => entry.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** The cheapest product in stock of each VAT rate among the first ones, by rate. */
async function oneOfEachRate(request: APIRequestContext): Promise<number[]> {
  const byRate = new Map<number, { id: number; price: number }>();
  for (let id = 1; id <= 80; id += 1) {
    const response = await request.get(`/api/v1/products/${id}`);
    if (!response.ok()) continue;
    const { data } = (await response.json()) as {
      data: { id: number; price: number; final_price: number | null; vat_rate: number; stock: string };
    };
    const price = data.final_price ?? data.price;
    const known = byRate.get(data.vat_rate);
    if (data.stock !== 'out_of_stock' && (!known || price < known.price)) {
      byRate.set(data.vat_rate, { id: data.id, price });
    }
  }
  return [4, 10, 21].map((rate) => byRate.get(rate)?.id ?? 0);
}

async function saveCart(request: APIRequestContext, products: { id: number; quantity: number }[]) {
  const response = await request.post('/api/v1/cart', {
    data: { products },
    headers: { 'x-xsrf-token': await xsrf(request) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as WireCart;
}

for (const { user, inRegime } of [
  { user: 'farmacia.demo', inRegime: true },
  { user: 'farmacia.limite', inRegime: false },
]) {
  test(`/cart shows the recargo de equivalencia ${inRegime ? 'under the VAT' : 'nowhere'} for ${user}`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await acceptCookies(context, baseURL as string);
    await logIn(page, user);
    const before = await page.request.get('/api/v1/cart');
    const kept = before.status() === 200 ? ((await before.json()) as WireCart).items : [];
    // One cheap line of each VAT rate (farmacia.limite has less than 100 € of its monthly cap left).
    const ids = await oneOfEachRate(page.request);
    const cart = await saveCart(
      page.request,
      ids.map((id) => ({ id, quantity: 1 })),
    );
    expect(cart.recargo_equivalencia).toBe(inRegime);
    try {
      await page.goto('/cart');
      const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
      await expect(summary.getByText('Total', { exact: true })).toBeVisible();
      const terms = summary.locator('dt');
      const labels = (await terms.allTextContents()).map((text) => text.replace(/\s+/g, ' '));
      const vat = labels.filter((label) => label.startsWith('IVA '));
      const surcharges = labels.filter((label) => label.startsWith('Recargo de equivalencia'));
      expect(vat).toHaveLength(3);
      if (inRegime) {
        expect(surcharges.map((label) => label.replace(/ sobre .*/, ''))).toEqual([
          'Recargo de equivalencia 0,5 %',
          'Recargo de equivalencia 1,4 %',
          'Recargo de equivalencia 5,2 %',
        ]);
        // Under the VAT lines, on the same bases.
        expect(labels.indexOf(surcharges[0] as string)).toBe(labels.indexOf(vat[2] as string) + 1);
        expect(surcharges.map((label) => label.replace(/.* sobre /, ''))).toEqual(
          vat.map((label) => label.replace(/.* sobre /, '')),
        );
      } else {
        expect(surcharges).toEqual([]);
      }
      const total = await summary.locator('.bt-cart__row--total dd').textContent();
      expect(euros(total ?? '')).toBe(cart.total_price);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`cart-${user}.png`), fullPage: true });

      // The confirmation of the pharmacy's latest order shows the VAT and the surcharge apart.
      const me = (await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } };
      const orders = (await (
        await page.request.get(`/api/v1/clients/${me.client.id}/orders?per_page=1`)
      ).json()) as { data: { id: number }[] };
      await page.goto(`/pedido-enviado?pedido=${orders.data[0]?.id}`);
      await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
      await expect(page.getByText('IVA', { exact: true })).toBeVisible();
      await expect(page.getByText('Recargo de equivalencia', { exact: true })).toHaveCount(inRegime ? 1 : 0);
      await page.screenshot({ path: testInfo.outputPath(`order-sent-${user}.png`), fullPage: true });
    } finally {
      await saveCart(
        page.request,
        kept.map((item) => ({ id: item.product.id, quantity: item.quantity })),
      );
    }
  });
}
