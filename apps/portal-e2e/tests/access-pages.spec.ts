/**
 * The access pages (/login/register, /login/recovery, /login/reset_password,
 * /login/notification): real pages in the auth layout, reached from /login, completed with the
 * keyboard alone, with the domain's messages under the fields and axe on each. The server's answers
 * these tests are about (a 422 under a field, a 429, an expired link) are given by Playwright here,
 * so each case is exact; access-round-trip.spec.ts goes through the real server and its e-mail.
 */
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { acceptCookies, expectAccessible, pageViews, test } from './support.ts';

const ACCESS_PAGES = ['/login/register', '/login/recovery', '/login/reset_password', '/login/notification'];

/** Presses Tab until `target` has the focus (the keyboard's way there), failing after `most` presses. */
async function tabTo(page: Page, target: Locator, most = 25): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Answers one API call with a status and a JSON body, and records the bodies it was sent. */
async function answer(page: Page, path: string, status: number, body: unknown): Promise<unknown[]> {
  const sent: unknown[] = [];
  await page.route(`**${path}`, async (route: Route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return sent;
}

/** Where the screenshots go when asked for (`E2E_SCREENSHOTS=dir`), by page and width. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('every access page is a real page, in the auth layout', async ({ request, page, context, baseURL }) => {
  for (const path of ACCESS_PAGES) expect((await request.get(path)).status(), path).toBe(200);
  expect((await request.get('/login/registro')).status()).toBe(404);
  await acceptCookies(context, baseURL as string);
  await page.goto('/login/recovery');
  await expect(page.getByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // The laboratory's brand at the top, and no client header.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Botica: inicio' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Mi pedido/ })).toHaveCount(0);
  // The help block belongs to the registration page only.
  await expect(page.getByRole('complementary')).toHaveCount(0);
});

test('from /login to the recovery and the registration and back, each counted as a page view', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/login\/recovery$/);
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeFocused();
  await expect(page).toHaveTitle('Recuperar la contraseña · Botica');
  await page.getByRole('link', { name: 'Solicita el alta' }).click();
  await expect(page).toHaveURL(/\/login\/register$/);
  await expect(page).toHaveTitle('Solicitar alta · Botica');
  await page.getByRole('link', { name: 'Entra con tu usuario' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Solicita el alta' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicita el alta de tu farmacia');
  expect(await pageViews(page)).toEqual([
    '/login',
    '/login/recovery',
    '/login/register',
    '/login',
    '/login/register',
  ]);
  // Each page view names its kind of page, from the route's manifest.
  expect(await pageViews(page, 'content_group')).toEqual([
    'Acceso',
    'Recuperar la contraseña',
    'Solicitar alta',
    'Acceso',
    'Solicitar alta',
  ]);
});

test('the registration is checked field by field, with the keyboard alone, and sent', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const sent = await answer(page, '/api/v1/register', 202, {
    message:
      'Hemos recibido tu solicitud de alta. El laboratorio la revisará y te escribirá al correo que nos has dado.',
  });
  await page.goto('/login/register');
  await expect(page.getByRole('heading', { name: '¿Necesitas ayuda con el alta?' })).toBeVisible();
  // With no chat configured, the help block is the laboratory's phone and e-mail.
  const help = page.getByRole('complementary');
  await expect(help.getByRole('link', { name: '+34 91 000 00 00' })).toHaveAttribute(
    'href',
    'tel:+34910000000',
  );
  await expect(help.getByRole('link', { name: /administracion\.ventas@/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'register');

  const username = page.getByRole('textbox', { name: /Nombre de usuario que quieres/ });
  const cif = page.getByRole('textbox', { name: /CIF\/NIF/ });
  await tabTo(page, username);
  await page.keyboard.type('Farmacia.Sol');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Farmacia del Sol');
  await page.keyboard.press('Tab');
  await page.keyboard.type('B1234567');
  await page.keyboard.press('Tab');
  // Left with a wrong check digit: the domain's message under the field, while the rest stays quiet.
  await expect(cif).toHaveAttribute('aria-invalid', 'true');
  await expect(cif).toHaveAccessibleDescription(/El CIF\/NIF no es válido/);
  await expect(page.getByText('El código postal es obligatorio.')).toHaveCount(0);
  await page.keyboard.type('28013');
  await page.keyboard.press('Tab');
  await page.keyboard.type('compras@farmaciasol.es');
  await page.keyboard.press('Tab');
  await page.keyboard.type('912 345 678');
  // Sent from the last field: the CIF, the first wrong field, takes the focus, and the unticked
  // privacy checkbox says why under it.
  await page.keyboard.press('Enter');
  const privacy = page.getByRole('checkbox', { name: 'He leído y acepto la política de privacidad' });
  await expect(cif).toBeFocused();
  await expect(page.getByText('Debes aceptar la política de privacidad.')).toBeVisible();
  // The CIF, mended as it is typed: its message goes at once.
  await page.keyboard.press('End');
  await page.keyboard.type('4');
  await expect(cif).not.toHaveAttribute('aria-invalid', 'true');
  await tabTo(page, privacy);
  await page.keyboard.press('Space');
  await expect(privacy).toBeChecked();
  await expect(page.getByText('Debes aceptar la política de privacidad.')).toHaveCount(0);
  // The privacy policy opens in a new tab.
  await expect(page.getByRole('link', { name: /Lee la política de privacidad/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await tabTo(page, page.getByRole('button', { name: 'Enviar solicitud' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/notification\?motivo=alta$/);
  expect(sent).toEqual([
    {
      username: 'farmacia.sol',
      cif: 'B12345674',
      pharmacy_name: 'Farmacia del Sol',
      email: 'compras@farmaciasol.es',
      phone: '912 345 678',
      postal_code: '28013',
      privacy_accepted: true,
    },
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitud de alta enviada');
  await expect(page.getByText(/El laboratorio comprobará los datos de tu farmacia/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'notification-alta');
  await page.getByRole('link', { name: 'Volver al acceso' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the username field says its rule in the words of its message; a one-letter pharmacy name is refused', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the rules do not depend on the width');
  await acceptCookies(context, baseURL as string);
  const rule =
    'De 3 a 50 caracteres: letras sin acentos, números, puntos, guiones y guiones bajos, empezando por una letra o un número.';
  await page.goto('/login/register');
  const username = page.getByRole('textbox', { name: /Nombre de usuario que quieres/ });
  await expect(username).toHaveAccessibleDescription(`Con él entrarás en el portal. ${rule}`);
  await username.fill('farmacia_sol!');
  await username.blur();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`El usuario no es válido. ${rule}`)).toBeVisible();
  const name = page.getByRole('textbox', { name: /Nombre de la farmacia/ });
  await name.fill('A');
  await name.blur();
  await expect(name).toHaveAccessibleDescription(
    'El nombre de la farmacia debe tener al menos 3 caracteres, con alguna letra.',
  );
  await name.fill('Farmacia del Sol');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
});

test("the registration shows every missing field, then the server's 422 under its field and its 429", async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login/register');
  const send = page.getByRole('button', { name: 'Enviar solicitud' });
  await send.click();
  const username = page.getByRole('textbox', { name: /Nombre de usuario que quieres/ });
  await expect(username).toBeFocused();
  await expect(username).toHaveAccessibleDescription(/El usuario es obligatorio\./);
  for (const message of [
    'El CIF/NIF es obligatorio.',
    'El nombre de la farmacia es obligatorio.',
    'El correo electrónico es obligatorio.',
    'El teléfono es obligatorio.',
    'El código postal es obligatorio.',
    'Debes aceptar la política de privacidad.',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);
  await screenshot(page, 'register-errors');

  await username.fill('farmacia.sol');
  await page.getByRole('textbox', { name: /CIF\/NIF/ }).fill('B12345674');
  await page.getByRole('textbox', { name: /Código postal/ }).fill('28013');
  await page.getByRole('textbox', { name: /Nombre de la farmacia/ }).fill('Farmacia del Sol');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill('compras@farmaciasol.es');
  await page.getByRole('textbox', { name: /Teléfono/ }).fill('912345678');
  await page.getByText('He leído y acepto la política de privacidad').click();
  await expect(page.getByRole('checkbox', { name: /acepto la política de privacidad/ })).toBeChecked();

  await answer(page, '/api/v1/register', 422, {
    message: 'Algunos datos introducidos son incorrectos.',
    errors: { cif: ['Ese CIF/NIF no corresponde a una farmacia.', 'Otro mensaje'] },
  });
  await send.click();
  const cif = page.getByRole('textbox', { name: /CIF\/NIF/ });
  await expect(cif).toBeFocused();
  await expect(cif).toHaveAccessibleDescription('Ese CIF/NIF no corresponde a una farmacia.');
  await expect(page.getByText('Otro mensaje')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\/register$/);

  await page.unroute('**/api/v1/register');
  await answer(page, '/api/v1/register', 429, {
    message: 'Demasiados intentos. Inténtalo de nuevo dentro de unos minutos.',
  });
  await send.click();
  await expect(page.getByRole('alert')).toContainText('Demasiados intentos. Inténtalo de nuevo');
  await expect(page).toHaveURL(/\/login\/register$/);
  await expectAccessible(page);
});

test('the recovery sends the link with the keyboard alone and says to look in the inbox', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login/recovery');
  const username = page.getByRole('textbox', { name: 'Usuario' });
  await expect(username).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'recovery');
  await page.keyboard.press('Enter');
  await expect(username).toHaveAccessibleDescription('Introduce tu usuario.');

  await answer(page, '/api/v1/password/send_reset', 429, {
    message: 'Demasiados intentos. Inténtalo de nuevo dentro de unos minutos.',
    errors: { username: ['Demasiados intentos. Inténtalo de nuevo dentro de unos minutos.'] },
  });
  await page.keyboard.type('farmacia.demo');
  await page.keyboard.press('Enter');
  await expect(username).toHaveAccessibleDescription(/Demasiados intentos/);
  await page.unroute('**/api/v1/password/send_reset');

  const sent = await answer(page, '/api/v1/password/send_reset', 202, { message: 'ok' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/notification\?motivo=enlace$/);
  expect(sent).toEqual([{ username: 'farmacia.demo' }]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
  await expect(page.getByText(/vale 60 minutos/).first()).toBeVisible();
  await expect(page.getByText(/correo no deseado \(spam\)/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'notification-enlace');
  await page.getByRole('link', { name: 'Pedir otro enlace' }).click();
  await expect(page).toHaveURL(/\/login\/recovery$/);
});

test('an expired or used reset link says so, leaves no secret in the address, and offers a new one', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const checked = await answer(page, '/api/v1/password/check_reset', 200, { valid: false });
  await page.goto('/login/reset_password?secret=caducado123');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('El enlace ha caducado o ya se ha usado');
  await expect(page).toHaveURL(/\/login\/reset_password$/);
  expect(checked).toEqual([{ secret: 'caducado123' }]);
  // The page view was counted without the secret.
  expect(await pageViews(page)).toEqual(['/login/reset_password']);
  await expectAccessible(page);
  await screenshot(page, 'reset-expired');
  // Gone from the tab too: a reload asks for nothing and says the same.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('El enlace ha caducado o ya se ha usado');
  expect(checked).toHaveLength(1);
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/login\/recovery$/);
});

test('a valid reset link sets a new password with the keyboard alone, the rules shown up front', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const checked = await answer(page, '/api/v1/password/check_reset', 200, { valid: true });
  await page.goto('/login/reset_password?secret=valido456');
  const password = page.getByRole('textbox', { name: 'Contraseña nueva' });
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/login\/reset_password$/);
  await expect(page.getByText('Al menos 10 caracteres')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reset-form');
  // A reload keeps working: the secret stayed with the tab.
  await page.reload();
  await expect(password).toBeFocused();
  expect(checked).toEqual([{ secret: 'valido456' }, { secret: 'valido456' }]);

  await page.keyboard.type('corta');
  await page.keyboard.press('Tab');
  // The show/hide button, then the confirmation.
  await page.keyboard.press('Tab');
  await expect(password).toHaveAccessibleDescription(/al menos 10 caracteres/);
  await page.keyboard.type('corta');
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1234567890');
  await expect(password).toHaveAccessibleDescription(/demasiado común/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Romero y tomillo 26');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  const confirmation = page.getByRole('textbox', { name: 'Repite la contraseña' });
  await expect(confirmation).toHaveAccessibleDescription(/Las contraseñas no coinciden/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Al menos 10 caracteres' })).toHaveAttribute(
    'data-met',
    'true',
  );
  await screenshot(page, 'reset-form-typing');

  // The server's own problem under its field.
  await page.unroute('**/api/v1/password/check_reset');
  await answer(page, '/api/v1/password/reset', 422, {
    message: 'Algunos datos introducidos son incorrectos.',
    errors: { password: ['La contraseña no puede ser tu nombre de usuario.'] },
  });
  await confirmation.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Romero y tomillo 26');
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/no puede ser tu nombre de usuario/);
  await page.unroute('**/api/v1/password/reset');

  const reset = await answer(page, '/api/v1/password/reset', 200, { message: 'ok' });
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await confirmation.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/notification\?motivo=cambio$/);
  expect(reset).toEqual([
    { secret: 'valido456', password: 'Romero y tomillo 26!', password_confirmation: 'Romero y tomillo 26!' },
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contraseña cambiada');
  await expectAccessible(page);
  await screenshot(page, 'notification-cambio');
  // The secret is spent: the reset page now says the link is no good.
  await page.goto('/login/reset_password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('El enlace ha caducado o ya se ha usado');
});

test('a reset refused for its secret turns into the expired-link page', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await answer(page, '/api/v1/password/check_reset', 200, { valid: true });
  await answer(page, '/api/v1/password/reset', 422, {
    message: 'El enlace para cambiar la contraseña ha caducado o ya se ha usado. Pide uno nuevo.',
    errors: {
      secret: ['El enlace para cambiar la contraseña ha caducado o ya se ha usado. Pide uno nuevo.'],
    },
  });
  await page.goto('/login/reset_password?secret=usado789');
  await page.getByRole('textbox', { name: 'Contraseña nueva' }).fill('Romero y tomillo 26');
  await page.getByRole('textbox', { name: 'Repite la contraseña' }).fill('Romero y tomillo 26');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('El enlace ha caducado o ya se ha usado');
});

test('a notification address without a known reason goes to /login', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login/notification?motivo=otro');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('the help chat loads on /login/register only, and only once its cookies are allowed', async ({
  page,
}) => {
  const widget = 'https://chat.example/widget.js';
  // The server as CHAT_WIDGET_URL makes it (apps/api serve-portal): the meta and the CSP.
  await page.route(/\/login(\/[a-z_]+)?$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</head>',
      `<meta name="botica-chat-widget" content="${widget}" data-consent="marketing"></head>`,
    );
    const headers = response.headers();
    delete headers['content-encoding'];
    delete headers['content-length'];
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
      "script-src 'self'",
      "script-src 'self' https://chat.example",
    );
    await route.fulfill({ response, body: html, headers });
  });
  const loads: string[] = [];
  await page.route(widget, async (route) => {
    loads.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'document.getElementById("chat-widget")?.setAttribute("data-loaded", "");',
    });
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await page.getByRole('link', { name: 'Solicita el alta' }).click();
  const help = page.getByRole('complementary');
  await expect(help.getByText(/usa cookies de marketing/)).toBeVisible();
  expect(loads).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, 'register-chat-consent');
  await help.getByRole('button', { name: 'Permitir y abrir el chat' }).click();
  await expect(page.locator('#chat-widget[data-loaded]')).toBeAttached();
  expect(loads).toEqual([widget]);
  // Elsewhere the script is gone from the page.
  await page.getByRole('link', { name: 'Entra con tu usuario' }).click();
  await expect(page.locator('script[data-botica-chat-widget]')).toHaveCount(0);
});
