/**
 * The order rules said before they bite: farmacia.limite (less left of its monthly cap than the
 * minimum order) is told on the home page, the cart and the mini cart that no order can be sent this
 * month, and how to reach the laboratory; a sub-user who may not send orders (demo.almacen) is not
 * offered 'ENVIAR PEDIDO' in the mini cart. And the cookie dialog, opened again to change a choice,
 * closes as any dialog does. The widths do not matter here: one run, at 1280 px (the mini cart opens
 * on hover).
 */
import { expect, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, test } from './support.ts';

async function csrfToken(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** Saves the logged-in pharmacy's cart through the API: one unit of the cheapest product. */
async function saveCheapestLine(page: Page): Promise<void> {
  const found = await page.request.post('/api/v1/products/search', {
    data: { sort: 'price_asc', per_page: 1 },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  const cheapest = ((await found.json()) as { data: { id: number }[] }).data[0];
  const saved = await page.request.post('/api/v1/cart', {
    data: { products: [{ id: cheapest?.id, quantity: 1 }] },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  expect(saved.ok()).toBe(true);
}

async function openMiniCart(page: Page) {
  await page.getByRole('link', { name: /^Mi pedido/ }).hover();
  return page.getByRole('region', { name: 'Resumen de Mi pedido' });
}

const NO_ORDER = 'Este mes ya no puedes enviar pedidos';
const LEFT =
  /Te quedan \d{1,2},\d\d\s€ de tu límite de compra mensual de 3\.000,00\s€ y el pedido mínimo es de 150,00\s€\./;

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same at every width: one run');
  await acceptCookies(context, baseURL as string);
});

test('farmacia.limite is told on the home page, the cart and the mini cart that no order can be sent this month', async ({
  page,
  request,
}) => {
  await emptyCart(request, 'farmacia.limite');
  await logIn(page, 'farmacia.limite');

  // The home page says it before anything is added, with the laboratory's phone and e-mail.
  await page.goto('/');
  const home = page.getByRole('region', { name: '¿Qué necesita hoy tu farmacia?' });
  await expect(home.getByText(NO_ORDER)).toBeVisible();
  await expect(home.getByText(LEFT)).toBeVisible();
  await expect(home.getByRole('link', { name: '+34 91 000 00 00' })).toHaveAttribute(
    'href',
    'tel:+34910000000',
  );
  await expect(home.getByRole('link', { name: 'administracion.ventas@botica.example' })).toBeVisible();
  await expectAccessible(page);

  // The empty cart says it too.
  await page.goto('/cart');
  await expect(page.getByText(NO_ORDER)).toBeVisible();

  // With a line below the minimum: no asking for more, the send button disabled.
  await saveCheapestLine(page);
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
  await expect(summary.getByText(NO_ORDER)).toBeVisible();
  await expect(summary.getByText(LEFT)).toBeVisible();
  await expect(summary.getByText(/Necesitas añadir/)).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'ENVIAR PEDIDO' })).toBeDisabled();
  await expectAccessible(page);

  // The mini cart, on any other page.
  await page.goto('/catalog');
  const miniCart = await openMiniCart(page);
  await expect(miniCart.getByText(NO_ORDER)).toBeVisible();
  await expect(miniCart.getByRole('link', { name: 'ENVIAR PEDIDO' })).toHaveCount(0);
  await expect(miniCart.getByRole('link', { name: 'Ver mi pedido' })).toBeVisible();
  await expectAccessible(page);

  await emptyCart(request, 'farmacia.limite');
});

test("a sub-user who may not send orders is not offered 'ENVIAR PEDIDO' in the mini cart, and is told the cart is below the minimum", async ({
  page,
  request,
}) => {
  await logIn(page, 'demo.almacen');
  await saveCheapestLine(page);
  await page.goto('/catalog');
  const miniCart = await openMiniCart(page);
  await expect(miniCart.getByText('El pedido lo envía el usuario principal de tu farmacia.')).toBeVisible();
  await expect(
    miniCart.getByText(/^Necesitas añadir [\d.]+,\d\d\s€ a tu pedido para poder finalizarlo\.$/),
  ).toBeVisible();
  // Room left this month for farmacia.demo: said, quietly.
  await expect(
    miniCart.getByText(/^Este mes te quedan [\d.]+,\d\d\s€ de tu límite de compra mensual/),
  ).toBeVisible();
  await expect(miniCart.getByRole('link', { name: 'ENVIAR PEDIDO' })).toHaveCount(0);
  await miniCart.getByRole('link', { name: 'Ver mi pedido' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // The pharmacy's shared cart, empty again for the other specs.
  await emptyCart(request, 'farmacia.demo');
});

test("the cookie dialog opened again from 'Configurar cookies' closes with Escape and with 'Cerrar', the choice unchanged", async ({
  page,
}) => {
  await page.goto('/politica-de-cookies');
  const configure = page.getByRole('button', { name: 'Configurar cookies' });
  const state = page.getByText('Tu elección actual: analítica aceptadas, marketing rechazadas.');
  await expect(state).toBeVisible();

  await configure.click();
  const dialog = page.getByRole('dialog', { name: 'Tu privacidad en Botica' });
  await expect(dialog).toBeVisible();
  // Rejecting is as visible as accepting: the same button.
  const reject = dialog.getByRole('button', { name: 'Rechazar' });
  const accept = dialog.getByRole('button', { name: 'Aceptar todas' });
  expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(configure).toBeFocused();
  await expect(state).toBeVisible();

  await configure.click();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(configure).toBeFocused();
  await expect(state).toBeVisible();
});
