/** Who may use the portal, the monthly cap, the 404 page and the cookie consent. */
import { expect } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, submitLogin, test } from './support.ts';

test('a user whose role is not client is refused and stays on /login', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  await submitLogin(page, 'comercial.demo');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/login/);
});

test('wrong credentials show the server message under the field', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  await submitLogin(page, 'farmacia.demo', 'incorrecta');
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('empty fields are stopped in Spanish before anything is sent', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/login')) logins.push(request.url());
  });
  await page.getByRole('button', { name: 'Entrar' }).click();
  const username = page.getByRole('textbox', { name: 'Usuario' });
  await expect(username).toHaveAccessibleDescription('Introduce tu usuario.');
  await expect(username).toBeFocused();
  await expect(page.getByText('Introduce tu contraseña.')).toBeVisible();
  await expectAccessible(page);
  expect(logins).toEqual([]);
});

test('a pharmacy near its monthly cap is told the limit is exceeded, and its order is kept as it was', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.limite');
  await logIn(page, 'farmacia.limite');
  await page.goto('/catalog?orden=price_desc');
  await page
    .getByRole('button', { name: /Añadir/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /Mi pedido/ })
    .first()
    .click();
  const quantity = page.getByRole('textbox', { name: /^Cantidad/ }).first();
  await quantity.fill('50');
  await quantity.blur();
  const dialog = page.getByRole('alertdialog', { name: 'Limite de compra superado' });
  await expect(dialog).toBeVisible();
  // It says how much of the cap is left this month (less than 100 € for this pharmacy).
  await expect(dialog).toContainText(/te quedan \d{1,2},\d{2}\s€/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(quantity).toHaveValue('1');

  // The field stops at the largest quantity, 9.999, instead of taking 99999 for the server to refuse.
  await quantity.fill('');
  await quantity.pressSequentially('99999');
  await expect(quantity).toHaveValue('9999');
});

test('an unknown route gives the 404 page with the way home, and the status 404', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  expect((await page.goto('/esta-pagina-no-existe'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'La página que estás buscando no existe.',
  );
  await expect(page.getByText('Error 404', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectAccessible(page);
  // A missing build file is a 404 too, never the page in its place.
  const asset = await request.get('/assets/nope.js');
  expect(asset.status()).toBe(404);
  expect(asset.headers()['content-type']).toMatch(/^application\/json/);
  expect((await request.get('/catalog')).status()).toBe(200);
});

test('an anonymous first visit asks for nothing it would be refused: no 401, nothing in the console', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const refused: string[] = [];
  const console: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
  });
  for (const path of ['/', '/catalog', '/products/186', '/cart', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeVisible();
  }
  expect(refused).toEqual([]);
  expect(console).toEqual([]);
});

test('the cookie dialog blocks the first visit until a choice is made, and remembers it', async ({
  page,
}) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: /Rechazar/ }).click();
  await expect(dialog).toBeHidden();
  const events = await page.evaluate(() =>
    (window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((e) => e.event),
  );
  expect(events).toEqual(['cookies_selection']);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});
