/**
 * The back office's configuration: an admin changes the minimum order as he types it ('1.000,00') and
 * the pharmacist's cart names the new shortfall; he puts the portal in maintenance behind its
 * confirmation, and a pharmacist gets the maintenance page and cannot log in while the back office
 * keeps working, then takes it out and the portal works again. A sales rep is refused the page. And the
 * sales administration's link to a registration request lands on that request. Every change is
 * undone through the API at the end: the server is shared by the whole run.
 */
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, requestRegistration, test } from './support.ts';

/** Logs `request` in as `username` and returns a PUT/POST that sends the CSRF token. */
async function apiAs(request: APIRequestContext, username: string) {
  const token = async () => {
    await request.get('/sanctum/csrf-cookie');
    return decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  };
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.status(), await login.text()).toBe(200);
  return async (method: 'PUT' | 'POST', path: string, data: unknown) =>
    request.fetch(path, { method, data, headers: { 'x-xsrf-token': await token() } });
}

/** The configuration as the server has it now. */
async function currentConfiguration(request: APIRequestContext) {
  const answer = await request.get('/api/v1/admin/configuration');
  expect(answer.status()).toBe(200);
  return (
    (await answer.json()) as {
      data: { order_minimum_amount: number; maximum_purchase_per_month: number; maintenance: boolean };
    }
  ).data;
}

/** Reads an amount shown as '1.234,56 €' in euros. */
function euros(text: string): number {
  const match = /([\d.]+,\d{2})\s*€/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/\./g, '').replace(',', '.'));
}

/** A pharmacist's own browser: a new context, logged in on the portal's page. */
async function pharmacistPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  return context.newPage();
}

async function openConfiguration(page: Page) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Configuración' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/configuration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
}

test('an admin changes the minimum order as he types it, and the pharmacist’s cart names the new shortfall', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const send = await apiAs(request, 'admin.demo');
  const before = await currentConfiguration(request);
  try {
    await logIn(page, 'admin.demo');
    await openConfiguration(page);
    await expect(page).toHaveTitle('Configuración · Botica Back office');
    const minimum = page.getByRole('textbox', { name: 'Pedido mínimo (€)' });
    await expect(minimum).toHaveValue(
      new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(
        before.order_minimum_amount,
      ),
    );
    await expectAccessible(page);

    // A wrong amount: the message under the field, nothing saved.
    await minimum.fill('12,345');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(/Escribe un importe en euros con dos decimales como máximo/)).toBeVisible();
    await expectAccessible(page);

    await minimum.fill('1.000,00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Reglas de pedido guardadas')).toBeVisible();
    await expect(page.getByText(/Pedido mínimo: 1\.000,00 €/)).toBeVisible();
    expect((await currentConfiguration(request)).order_minimum_amount).toBe(1000);

    // The pharmacist, in his own browser, with one cheap line in his cart.
    const pharmacist = await pharmacistPage(browser, baseURL as string);
    const pharmacy = pharmacist.context().request;
    const save = await apiAs(pharmacy, 'farmacia.demo');
    const kept = await pharmacy.get('/api/v1/cart');
    const keptItems =
      kept.status() === 200
        ? ((await kept.json()) as { items: { product: { id: number }; quantity: number }[] }).items.map(
            (item) => ({ id: item.product.id, quantity: item.quantity }),
          )
        : [];
    try {
      const found = await save('POST', '/api/v1/products/search', { sort: 'price_asc', per_page: 1 });
      const cheapest = ((await found.json()) as { data: { id: number }[] }).data[0];
      const saved = await save('POST', '/api/v1/cart', { products: [{ id: cheapest?.id, quantity: 1 }] });
      expect(saved.ok()).toBe(true);
      const cartPrice = ((await saved.json()) as { price: number }).price;
      await pharmacist.goto('/cart');
      const warning = pharmacist.getByText(
        /^Necesitas añadir [\d.]+,\d\d\s€ a tu pedido para poder finalizarlo\.$/,
      );
      await expect(warning.first()).toBeVisible();
      expect(euros((await warning.first().textContent()) ?? '')).toBeCloseTo(1000 - cartPrice, 2);
    } finally {
      await save('POST', '/api/v1/cart', { products: keptItems });
      await pharmacist.context().close();
    }
  } finally {
    const restored = await send('PUT', '/api/v1/admin/configuration/order-rules', {
      order_minimum_amount: String(before.order_minimum_amount),
      maximum_purchase_per_month: String(before.maximum_purchase_per_month),
    });
    expect(restored.status()).toBe(200);
  }
});

test('an admin puts the portal in maintenance behind its confirmation: pharmacists get the maintenance page, the back office keeps working', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const send = await apiAs(request, 'admin.demo');
  try {
    await logIn(page, 'admin.demo');
    await openConfiguration(page);
    const toggle = page.getByRole('switch', { name: 'Portal en mantenimiento' });
    await expect(toggle).not.toBeChecked();

    // Cancelled, nothing changes.
    await toggle.click({ force: true });
    const confirm = page.getByRole('alertdialog', { name: '¿Poner el portal en mantenimiento?' });
    await expect(confirm).toContainText('La página esta en mantenimiento.');
    await expectAccessible(page, '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    expect((await currentConfiguration(request)).maintenance).toBe(false);

    // With the keyboard: the switch, then the confirmation.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Activar el mantenimiento' }).click();
    await expect(confirm).toBeHidden();
    await expect(toggle).toBeChecked();
    const banner = page.getByRole('status').filter({ hasText: 'El portal está en mantenimiento' });
    await expect(banner).toBeVisible();
    await expectAccessible(page);

    // A pharmacist: the maintenance page, and no login.
    const pharmacist = await pharmacistPage(browser, baseURL as string);
    try {
      for (const path of ['/', '/login']) {
        const answer = await pharmacist.goto(path);
        expect(answer?.status()).toBe(503);
        await expect(pharmacist.getByText('La página esta en mantenimiento.')).toBeVisible();
      }
      await expectAccessible(pharmacist);
      const pharmacy = pharmacist.context().request;
      await pharmacy.get('/sanctum/csrf-cookie');
      const token = decodeURIComponent(
        (await pharmacy.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
      );
      const login = await pharmacy.post('/api/v1/auth/login', {
        data: { username: 'farmacia.demo', password: PASSWORD },
        headers: { 'x-xsrf-token': token },
      });
      expect(login.status()).toBe(503);
      expect((await pharmacy.get('/api/v1/user')).status()).toBe(401);
    } finally {
      await pharmacist.context().close();
    }

    // The back office: two of its pages, the banner on each.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Solicitudes de alta' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes de alta' })).toBeVisible();
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Desactivarlo en Configuración' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();

    // Off again, behind its confirmation: the portal works.
    await toggle.click({ force: true });
    const off = page.getByRole('alertdialog', { name: '¿Desactivar el mantenimiento?' });
    await expectAccessible(page, '[role="alertdialog"]');
    await off.getByRole('button', { name: 'Desactivar el mantenimiento' }).click();
    await expect(toggle).not.toBeChecked();
    await expect(banner).toBeHidden();
    const again = await pharmacistPage(browser, baseURL as string);
    try {
      expect((await again.goto('/'))?.status()).toBe(200);
      await apiAs(again.context().request, 'farmacia.demo');
    } finally {
      await again.context().close();
    }
  } finally {
    await send('PUT', '/api/v1/admin/configuration/maintenance', { on: false });
  }
});

test('a sales rep has no Configuración in his menu, and its address shows him the 403 page', async ({
  page,
}) => {
  await logIn(page, 'comercial.demo');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Configuración' })).toHaveCount(0);
  await page.goto('/backoffice/configuration');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pedido mínimo (€)' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the sales administration’s link to a request scrolls to it, highlights it and gives it the focus', async ({
  page,
  request,
}, testInfo) => {
  const username = `farmacia.enlace.${testInfo.project.name}`;
  await requestRegistration(request, {
    username,
    pharmacyName: `Farmacia Enlace ${testInfo.project.name}`,
    cif: testInfo.project.name === 'desktop' ? 'B12345625' : 'B12345633',
    email: `compras@enlace-${testInfo.project.name}.es`,
  });
  await logIn(page, 'admin.demo');
  const listed = (await (await page.request.get('/api/v1/admin/registrations')).json()) as {
    data: { id: number; username: string }[];
  };
  const id = listed.data.find((row) => row.username === username)?.id;
  expect(id).toBeDefined();
  await page.goto(`/backoffice/registrations?request=${id}`);
  const linked = page.locator('[data-linked-request]:visible');
  await expect(linked).toContainText(`Solicitud n.º ${id}, enlazada desde el correo`);
  await expect(linked).toContainText(username);
  await expect(linked).toBeInViewport();
  // The focus is on its row, which a screen reader reads out.
  await expect(page.locator(':focus')).toContainText(`Solicitud n.º ${id}, enlazada desde el correo`);
  await expectAccessible(page);

  // A request no longer pending is said so.
  await page.goto('/backoffice/registrations?request=999999');
  await expect(
    page.getByRole('status').filter({ hasText: 'La solicitud n.º 999999 ya no está pendiente' }),
  ).toBeVisible();
});
