/** Error pages keep the site around them: the logged-in header for a client, the footer for everyone. */
import { expect } from '@playwright/test';
import { acceptCookies, expectAccessible, logIn, pageViews, test } from './support.ts';

test('an anonymous visitor gets the 404 page with the footer and no cart', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'La página que estás buscando no existe.',
  );
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  // The session check has been answered (401) and the page stays anonymous.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: /Mi pedido/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salir' })).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page);
});

test('a logged-in pharmacist keeps the header and footer on the 404 page', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');

  // A first load of an unknown address: the header arrives once the session is known.
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'La página que estás buscando no existe.',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mi pedido/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page);
  // The page is counted once, though its chrome changed when the session was known.
  expect(await pageViews(page)).toHaveLength(1);

  // From a logged-in screen to an unknown address inside the app: the header never leaves, and the
  // cart is not fetched again.
  await page.goto('/catalog');
  await expect(page.getByText(/^\d[\d.]* productos?$/)).toBeVisible();
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/v1/cart' || path === '/api/v1/user') calls.push(path);
  });
  await page.evaluate(() => {
    window.history.pushState(null, '', '/tampoco-existe');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'La página que estás buscando no existe.',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mi pedido/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);

  // 'Salir' from the error page logs out and goes to /login.
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a screen's own error (a product that does not exist) shows inside the layout", async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.goto('/products/999999');
  await expect(page.getByText('Error 404', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mi pedido/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('a 403 of a screen\'s data shows "Este acceso no está disponible" inside the layout', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.route(/\/api\/v1\/driver\/showcase$/, (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Forbidden"}' }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Este acceso no está disponible' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mi pedido/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
