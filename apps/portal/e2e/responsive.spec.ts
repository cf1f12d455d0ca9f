/**
 * Every screen at every width of the projects (1280, 768, 360 px): nothing wider than the window,
 * and every action of the header in view, whole, on every screen.
 */
import { expect, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, logIn, test } from './support.ts';

/** The page scrolls only downwards: nothing sticks out past the window's right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, for the failure message.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect(sizes.innerWidth, 'the window is the viewport').toBe(width);
  expect(sizes.scrollWidth, `page ${page.url()} sticks out: ${sizes.wide.join(', ')}`).toBeLessThanOrEqual(
    sizes.innerWidth,
  );
}

/** Every action of the logged-in header is on screen and whole (not cut by the window or a scroller). */
async function expectHeaderReachable(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('navigation', { name: 'Principal' });
  const actions = [
    menu.getByRole('link', { name: 'Catálogo de Productos' }),
    menu.getByRole('link', { name: 'Formación / Noticias' }),
    menu.getByRole('link', { name: 'Te escuchamos' }),
    header.getByRole('link', { name: /^Mi pedido/ }),
    header.getByRole('link', { name: 'Mi cuenta' }),
    header.getByRole('button', { name: 'Salir' }),
  ];
  for (const action of actions) {
    await expect(action).toBeVisible();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
}

/** The search box of home, the catalogue and the product page is on screen and whole. */
async function expectSearchBoxReachable(page: Page): Promise<void> {
  const search = page.getByRole('button', { name: /Buscar por referencia o nombre/ }).first();
  await expect(search).toBeVisible();
  await expect(search).toBeInViewport({ ratio: 1 });
}

test('the login page and an unknown address fit the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('every logged-in screen fits the window, with the whole header in view', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');

  await expect(page.getByRole('heading', { level: 1, name: '¿Qué necesita hoy tu farmacia?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Productos destacados' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);

  await page.goto('/catalog');
  await expect(page.getByText(/^\d[\d.]* productos?$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);

  // A product, added to the order so that the cart has a line to lay out.
  await page.getByRole('main').locator('a[href^="/products/"]').first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText('Has agregado 1 unidad en tu pedido')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);

  // The confirmation of one of the pharmacy's past orders.
  const user = await (await page.request.get('/api/v1/user')).json();
  const orders = await (await page.request.get(`/api/v1/clients/${user.client.id}/orders`)).json();
  await page.goto(`/pedido-enviado?pedido=${orders.data[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);

  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectHeaderReachable(page);
  await expectNoSidewaysScroll(page);
});

test('the search overlay fits the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page
    .getByRole('button', { name: /Buscar por referencia o nombre/ })
    .first()
    .click();
  const overlay = page.getByRole('dialog');
  await overlay.getByRole('textbox').fill('equinacea');
  await expect(overlay.getByRole('option').first()).toBeVisible();
  await expect(overlay.getByRole('button', { name: /Cerrar/ })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
});

test('the access pages fit the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  for (const path of [
    '/login',
    '/login/register',
    '/login/recovery',
    '/login/reset_password',
    '/login/notification?motivo=enlace',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (process.env.E2E_SCREENSHOTS) {
      const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/${name}-${page.viewportSize()?.width}.png`,
        fullPage: true,
      });
    }
  }
});
