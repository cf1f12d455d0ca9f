/**
 * The account area through the real server: EQUIPO COMERCIAL, MIS DATOS and MIS USUARIOS
 * as farmacia.demo at every width (axe, no sideways scrolling, screenshots); a sub-user created in
 * MIS USUARIOS, its invitation read from the run's test mail server, its password set, its permissions
 * seen from its side (no MIS USUARIOS, no MIS FACTURAS, the cart's send button replaced; the server
 * refuses the send anyway); the password change; farmacia.norte never sees farmacia.demo's data.
 */
import { expect, type Page } from '@playwright/test';
import { e2eMailSink, linkTo, waitForMail } from './mail.ts';
import { acceptCookies, expectAccessible, logIn, PASSWORD, submitLogin, test } from './support.ts';

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Every phone and e-mail link of the page's content wears the design's link colour (not the browser's blue),
 * a phone number sits on one line, and an address wraps only between its parts (after '@', before
 * a dot), never inside one.
 */
async function expectContactLinksWhole(page: Page): Promise<void> {
  await expectContactLinksWholeNow(page);
  // The narrowest width (a 1280 px screen at 400 % zoom), on the phone's run only.
  const viewport = page.viewportSize();
  if (viewport?.width !== 360) return;
  await page.setViewportSize({ width: 320, height: viewport.height });
  await expectContactLinksWholeNow(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(viewport);
}

async function expectContactLinksWholeNow(page: Page): Promise<void> {
  const links = page
    .getByRole('main')
    .locator('a[href^="tel:"], a[href^="mailto:"]')
    .filter({ visible: true });
  expect(await links.count()).toBeGreaterThan(0);
  const found = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => {
      const lines = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const texts: Node[] = [];
      const walker = document.createTreeWalker(anchor, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode);
      return {
        text: anchor.textContent,
        color: getComputedStyle(anchor).color,
        isPhone: anchor.getAttribute('href')?.startsWith('tel:') ?? false,
        linesOfLink: lines(anchor),
        linesOfParts: texts.map(lines),
      };
    }),
  );
  for (const link of found) {
    expect(link.color, `${link.text}: the design's link colour`).toBe('rgb(30, 91, 63)');
    if (link.isPhone) expect(link.linesOfLink, `${link.text} on one line`).toBe(1);
    for (const partLines of link.linesOfParts) expect(partLines, `${link.text}: no part broken`).toBe(1);
  }
}

/** A cookie's value in the page's context. */
async function csrfToken(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

test.describe('the account pages of farmacia.demo', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL as string);
  });

  test('EQUIPO COMERCIAL: the sales rep and the sales administration, with phone and e-mail links', async ({
    page,
  }, testInfo) => {
    await logIn(page, 'farmacia.demo');
    const events: unknown[] = [];
    await page.getByRole('link', { name: 'Mi cuenta' }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Equipo comercial');
    const nav = page.getByRole('navigation', { name: 'Mi cuenta' });
    await expect(nav.getByRole('link', { name: 'EQUIPO COMERCIAL' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link')).toHaveText([
      'EQUIPO COMERCIAL',
      'PEDIDOS WEB',
      'ENVIOS',
      'MIS FACTURAS',
      'MIS DATOS',
      'MIS USUARIOS',
    ]);
    const rep = page.getByRole('region', { name: /Tu delegado comercial/ });
    await expect(rep.getByRole('link', { name: /^\d{2,3}(?: \d{2,3}){2,3}$/ })).toHaveAttribute(
      'href',
      /^tel:\+34\d{9}$/,
    );
    await expect(rep.getByRole('link', { name: /@botica\.example$/ })).toHaveAttribute('href', /^mailto:/);
    const administration = page.getByRole('region', { name: /Administración de ventas/ });
    await expect(
      administration.getByRole('link', { name: 'administracion.ventas@botica.example' }),
    ).toHaveAttribute('href', 'mailto:administracion.ventas@botica.example');
    await expect(administration.getByRole('link', { name: '+34 91 000 00 00' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    );
    await expectContactLinksWhole(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`account-sales-team.png`), fullPage: true });

    // A section link sends the account_menu event.
    await nav.getByRole('link', { name: 'MIS DATOS' }).click();
    await expect(page).toHaveURL(/\/account\/myaccount$/);
    events.push(
      ...(await page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter(
          (event) => event.event === 'account_menu',
        ),
      )),
    );
    expect(events).toContainEqual({ event: 'account_menu', label: 'MIS DATOS', href: '/account/myaccount' });
  });

  test('MIS DATOS: the pharmacy, its shops, its discount group and the password form', async ({
    page,
  }, testInfo) => {
    await logIn(page, 'farmacia.demo');
    await page.goto('/account/myaccount');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis datos');
    await expect(page.getByRole('list', { name: 'Mis tiendas' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('Principal')).toHaveCount(1);
    await expect(page.getByText('Farmacias Oro')).toBeVisible();
    await expect(page.getByText('Recargo de equivalencia')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toBeVisible();
    await expectContactLinksWhole(page);
    // The checklist names every rule the server applies, the username's included.
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Que no sea tu nombre de usuario' }),
    ).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('account-my-account.png'), fullPage: true });
  });

  test('MIS USUARIOS: the sub-users and their permissions', async ({ page }, testInfo) => {
    await logIn(page, 'farmacia.demo');
    await page.goto('/account/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis usuarios');
    const list = page.getByRole('list', { name: 'Usuarios de la farmacia' });
    await expect(list.getByText('demo.almacen', { exact: false })).toBeVisible();
    await expect(list.getByRole('list', { name: /Permisos de/ }).first()).toBeVisible();
    await expect(list.getByText('No envía pedidos')).toHaveCount(1);
    // A permission not given reads as it is written: never struck through.
    await expect(list.getByText('No envía pedidos')).toHaveCSS('text-decoration-line', 'none');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('account-users.png'), fullPage: true });
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await expect(page.getByRole('dialog', { name: 'Nuevo usuario' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('account-users-new.png') });
  });
});

test('a new sub-user: the invitation by e-mail, its password, its permissions enforced; then deleted', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run of the journey');
  await acceptCookies(context, baseURL as string);
  const since = Date.now() - 1000;
  await logIn(page, 'farmacia.demo');
  await page.goto('/account/users');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByRole('textbox', { name: 'Nombre y apellidos' }).fill('Marta Invitada');
  await dialog.getByRole('textbox', { name: 'Usuario' }).fill('farmacia.demo');
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('marta@farmacia-demo.example');
  // react-aria's checkboxes: pressed through their visible labels, as a person does.
  await dialog.getByText('Puede enviar pedidos', { exact: true }).click();
  await dialog.getByText('Puede ver facturas', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: /Puede enviar pedidos/ })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Puede ver facturas' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Crear y enviar la invitación' }).click();
  // The server's message under the field: the username is taken.
  await expect(dialog.getByRole('textbox', { name: 'Usuario' })).toHaveAccessibleDescription(/ya existe/);
  await dialog.getByRole('textbox', { name: 'Usuario' }).fill('demo.marta');
  await dialog.getByRole('button', { name: 'Crear y enviar la invitación' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: 'demo.marta' });
  await expect(row.getByText('Invitación enviada')).toBeVisible();
  await expect(row.getByText('No envía pedidos')).toBeVisible();
  await expect(row.getByText('No ve facturas')).toBeVisible();

  const mail = await waitForMail(e2eMailSink(new URL(baseURL as string).port), {
    kind: 'sub_user_invitation',
    since,
    mention: '«demo.marta»',
  });
  expect(mail.text).toContain('Vale 7 días');
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(linkTo(mail.text, '/login/reset_password?secret='));
  // A first access, in its own words, with the username to log in with; not a reset's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Primer acceso: elige tu contraseña');
  await expect(page.getByText('Tu usuario: demo.marta')).toBeVisible();
  // The checklist names the username rule, and the username itself is refused before sending.
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Que no sea tu nombre de usuario' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('demo.marta');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Que no sea tu nombre de usuario' }),
  ).not.toHaveAttribute('data-met', /.*/);
  await page.screenshot({ path: testInfo.outputPath('first-access.png'), fullPage: true });
  const fresh = 'Manzanilla y menta 2026';
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(fresh);
  await page.getByRole('textbox', { name: 'Repite la contraseña' }).fill(fresh);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contraseña guardada');
  await expect(page.getByText('Tu usuario: demo.marta')).toBeVisible();
  await expect(page.getByText(/contraseña anterior|hemos cerrado las sesiones/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('first-access-done.png'), fullPage: true });
  await page.goto('/login');
  await submitLogin(page, 'demo.marta', fresh);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // Its side: no MIS USUARIOS, no MIS FACTURAS; the pages say 'Datos Restringidos'.
  await page.goto('/account');
  const nav = page.getByRole('navigation', { name: 'Mi cuenta' });
  await expect(nav.getByRole('link')).toHaveText(['EQUIPO COMERCIAL', 'PEDIDOS WEB', 'ENVIOS', 'MIS DATOS']);
  await page.goto('/account/users');
  await expect(page.getByRole('heading', { name: 'Datos Restringidos' })).toBeVisible();
  await expect(page.getByText('demo.almacen')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('account-users-restricted.png'), fullPage: true });

  // The cart: it may prepare the order, not send it.
  const showcase = (await (await page.request.get('/api/v1/driver/showcase')).json()) as {
    data: { featured: { id: number }[] };
  };
  const productId = showcase.data.featured[0]?.id;
  const saved = await page.request.post('/api/v1/cart', {
    data: { products: [{ id: productId, quantity: 40 }] },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  expect(saved.ok()).toBe(true);
  const cart = (await saved.json()) as { id: number };
  await page.goto('/cart');
  await expect(page.getByText('El pedido lo envía el usuario principal de tu farmacia.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ENVIAR PEDIDO' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('cart-send-restricted.png'), fullPage: true });
  const clientId = ((await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } })
    .client.id;
  const refused = await page.request.post(`/api/v1/clients/${clientId}/cart/${cart.id}/checkout`, {
    data: {},
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });
  expect(refused.status()).toBe(403);
  // Leave the pharmacy's cart empty for the other specs.
  await page.request.post('/api/v1/cart', {
    data: { products: [] },
    headers: { 'x-xsrf-token': await csrfToken(page) },
  });

  // The main user deletes it, after confirming; its session ends.
  const other = await context.browser()?.newContext({ baseURL });
  if (!other) throw new Error('no browser');
  await acceptCookies(other, baseURL as string);
  const main = await other.newPage();
  await logIn(main, 'farmacia.demo');
  await main.goto('/account/users');
  await main.getByRole('button', { name: 'Eliminar a Marta Invitada' }).click();
  const confirm = main.getByRole('alertdialog', { name: '¿Eliminar a Marta Invitada?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(main);
  await main.screenshot({ path: testInfo.outputPath('account-users-delete.png') });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(main.getByText('demo.marta')).toHaveCount(0);
  await other.close();
  expect((await page.request.get('/api/v1/user')).status()).toBe(401);
});

test('a sub-user without can_send_orders sees who sends the order', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'covered at one width');
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'demo.almacen');
  await page.goto('/account');
  const nav = page.getByRole('navigation', { name: 'Mi cuenta' });
  await expect(nav.getByRole('link', { name: 'MIS FACTURAS' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'MIS USUARIOS' })).toHaveCount(0);
});

test('the password change: the rules, a wrong current password, the new one logs in', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run of the journey');
  await acceptCookies(context, baseURL as string);
  const username = 'farmacia.norte';
  const fresh = 'Hierbabuena-del-norte-7';
  const change = async (current: string, next: string) => {
    await page.getByRole('textbox', { name: 'Contraseña actual' }).fill(current);
    await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(next);
    await page.getByRole('textbox', { name: 'Repite la contraseña nueva' }).fill(next);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  };
  await logIn(page, username);
  await page.goto('/account/myaccount');
  // The username as the new password: its rule stays unticked, and the field says why.
  const usernameRule = page.getByRole('listitem').filter({ hasText: 'Que no sea tu nombre de usuario' });
  await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(username);
  await expect(usernameRule).not.toHaveAttribute('data-met', /.*/);
  await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(fresh);
  await expect(usernameRule).toHaveAttribute('data-met', 'true');
  await change('no-es-esta-clave', fresh);
  await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toHaveAccessibleDescription(
    'La contraseña actual no es correcta.',
  );
  await change(PASSWORD, fresh);
  await expect(page.getByText('Contraseña cambiada', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-password-changed.png'), fullPage: true });
  // This session goes on; the new password logs in, the old one no longer.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis datos');
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.goto('/login');
  await submitLogin(page, username, PASSWORD);
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('aria-invalid', 'true');
  await submitLogin(page, username, fresh);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // Back to the demo password for the other specs.
  await page.goto('/account/myaccount');
  await change(fresh, PASSWORD);
  await expect(page.getByText('Contraseña cambiada', { exact: true })).toBeVisible();
});

test("farmacia.norte never sees farmacia.demo's data, by the pages or by URL", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'covered at one width');
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  const demo = (await (await page.request.get('/api/v1/user')).json()) as {
    client: { id: number; name: string };
  };
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, 'farmacia.norte');
  for (const path of ['/account', '/account/myaccount', '/account/users']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(demo.client.name)).toHaveCount(0);
    await expect(page.getByText(/demo\.(mostrador|almacen|tarde)/)).toHaveCount(0);
  }
  for (const path of [
    `/api/v1/clients/${demo.client.id}`,
    `/api/v1/clients/${demo.client.id}/shops`,
    `/api/v1/driver/customers/clients/${demo.client.id}/users`,
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.text()).not.toContain(demo.client.name);
  }
});
