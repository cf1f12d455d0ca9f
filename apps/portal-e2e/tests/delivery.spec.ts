/**
 * Where the order goes: a user of farmacia.demo (three shops, two wholesalers) chooses in 'Mi pedido'
 * the shop and a transfer through Cofares, by keyboard, sends the order, and reads both on the sent
 * page, in PEDIDOS WEB and in the confirmation e-mail. Axe on each page, at every width.
 */
import { expect, type Page } from '@playwright/test';
import { e2eMailSink, waitForMail } from './mail.ts';
import {
  acceptCookies,
  cancelOrder,
  emptyCart,
  expectAccessible,
  logIn,
  test,
  unitsForMinimum,
} from './support.ts';

/**
 * A sub-user that may send orders: its last shop is its own, not the main user's. Its password is
 * one every spec leaves as it found it (demo.tarde's is reset by the access round trip).
 */
const USER = 'demo.mostrador';
const TRANSFER = 'Transfer a través de Cofares (nº cliente 458812)';

async function csrfToken(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** Where the screenshots go when asked for (`E2E_SCREENSHOTS=dir`), by page and width. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test.beforeEach(async ({ context, baseURL, request }) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, USER);
});

test('a pharmacist sends the order to another shop as a transfer through a wholesaler', async ({
  page,
  baseURL,
  playwright,
}, testInfo) => {
  const since = Date.now() - 1000;
  await logIn(page, USER);
  const showcase = (await (await page.request.get('/api/v1/driver/showcase')).json()) as {
    data: { featured: { id: number }[] };
  };
  // Just above the minimum order, so the month's cap of the shared pharmacy is hardly touched.
  const save = async (quantity: number) => {
    const saved = await page.request.post('/api/v1/cart', {
      data: { products: [{ id: showcase.data.featured[0]?.id, quantity }] },
      headers: { 'x-xsrf-token': await csrfToken(page) },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    return (await saved.json()) as { price: number };
  };
  const one = await save(1);
  await save(unitsForMinimum(one.price));

  await page.goto('/cart');
  const delivery = page.getByRole('region', { name: 'Entrega' });
  await expect(delivery).toBeVisible();
  const shop = delivery.getByRole('combobox', { name: 'Entregar en' });
  const wholesaler = delivery.getByRole('combobox', { name: 'Enviar como transfer a través de' });
  // The server's proposal (the user's last shop, else the main one) and directo al laboratorio.
  const user = (await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } };
  const options = (await (
    await page.request.get(`/api/v1/clients/${user.client.id}/delivery-options`)
  ).json()) as { data: { default_shop_id: number; shops: { id: number }[] } };
  await expect(shop).toHaveValue(String(options.data.default_shop_id));
  await expect(wholesaler.locator('option:checked')).toHaveText('Directo al laboratorio');
  await expectAccessible(page);

  // By keyboard: another shop (the next one, or the one before the last), then Cofares.
  const proposed = options.data.shops.findIndex((candidate) => candidate.id === options.data.default_shop_id);
  await shop.focus();
  await page.keyboard.press(proposed === options.data.shops.length - 1 ? 'ArrowUp' : 'ArrowDown');
  await expect(shop).not.toHaveValue(String(options.data.default_shop_id));
  const chosen = ((await shop.locator('option:checked').textContent()) ?? '')
    .split(': ')[0]
    ?.replace(' (principal)', '');
  if (!chosen) throw new Error('no shop chosen');
  await wholesaler.focus();
  await page.keyboard.press('ArrowDown');
  await expect(wholesaler.locator('option:checked')).toHaveText('Cofares (nº cliente 458812)');
  await screenshot(page, 'cart-delivery');

  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-enviado\?pedido=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('pedido'));
  await expect(page.getByText(`${chosen},`)).toBeVisible();
  await expect(page.getByText(TRANSFER)).toBeVisible();
  // A transfer order leaves through the wholesaler, not from the laboratory's warehouse.
  await expect(page.getByText(/que te lo servirá con su reparto\.$/)).toBeVisible();
  await expect(page.getByText(/salga de nuestro almacén/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'order-sent-delivery');
  const number = (
    (await page
      .getByText(/PW-\d{4}-\d{6}/)
      .first()
      .textContent()) ?? ''
  ).match(/PW-\d{4}-\d{6}/)?.[0];
  if (!number) throw new Error('no order number on the page');

  // PEDIDOS WEB says the same of that order.
  await page.goto('/account/orders');
  const card = page.getByRole('listitem').filter({ hasText: number });
  await expect(card.getByText(TRANSFER)).toBeVisible();
  await expect(card.getByText(`${chosen},`)).toBeVisible();
  await expectAccessible(page);

  // A sent test order counts against the pharmacy's monthly cap: cancelled, it no longer does.
  await cancelOrder(await playwright.request.newContext({ baseURL }), orderId);

  // The confirmation names the shop and the wholesaler (one width reads it).
  if (testInfo.project.name !== 'phone') return;
  const sink = e2eMailSink(new URL(baseURL as string).port);
  const mail = await waitForMail(sink, { kind: 'order_confirmation', since, mention: number });
  expect(mail.text).toContain(TRANSFER);
  expect(mail.text).toContain(`${chosen},`);
});

test('a pharmacy with one shop and no wholesaler sees no choice in its cart', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'what shows does not depend on the width');
  // farmacia.limite has its registered premises only and sends everything straight to the laboratory.
  await emptyCart(request, 'farmacia.limite');
  await logIn(page, 'farmacia.limite');
  const showcase = (await (await page.request.get('/api/v1/driver/showcase')).json()) as {
    data: { featured: { id: number }[] };
  };
  const saved = await page.request.post('/api/v1/cart', {
    data: { products: [{ id: showcase.data.featured[0]?.id, quantity: 1 }] },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const user = (await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } };
  const options = page.waitForResponse((response) =>
    response.url().endsWith(`/api/v1/clients/${user.client.id}/delivery-options`),
  );
  await page.goto('/cart');
  expect((await (await options).json()).data).toMatchObject({ wholesalers: [], shops: [expect.anything()] });
  await expect(page.getByRole('heading', { level: 2, name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entrega' })).toHaveCount(0);
  await page.request.post('/api/v1/cart', {
    data: { products: [] },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
});
