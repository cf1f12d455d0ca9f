/**
 * The back office's orders: an admin filters them (the address keeps the filters, the back button
 * restores them) and exports them; moves an order farmacia.demo sent to 'En preparación', cancels
 * another with a reason, and meets a 409 when someone moved an order first; the pharmacist then sees
 * both on PEDIDOS WEB. A sales rep reads only his pharmacies' orders, without moves, and another
 * rep's order is the 403 page. Each test sends the orders it changes.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, sendWithCsrf, submitLogin, test } from './support.ts';

interface SentOrder {
  id: number;
  number: string;
  clientId: number;
}

/** A session of `username` on the API alone, as the browser's login makes it. */
async function apiSession(baseURL: string, username: string): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL });
  const answer = await sendWithCsrf(request, 'POST', '/api/v1/auth/login', { username, password: PASSWORD });
  expect(answer.ok(), await answer.text()).toBe(true);
  return request;
}

/** An order the pharmacy sends, as the portal's cart sends it: one product, ten units. */
async function sendOrder(pharmacy: APIRequestContext): Promise<SentOrder> {
  const user = (await (await pharmacy.get('/api/v1/user')).json()) as { client: { id: number } };
  const showcase = (await (await pharmacy.get('/api/v1/driver/showcase')).json()) as {
    data: { featured: { id: number }[] };
  };
  const productId = showcase.data.featured[0]?.id;
  const saved = await sendWithCsrf(pharmacy, 'POST', '/api/v1/cart', {
    products: [{ id: productId, quantity: 10 }],
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const cart = (await saved.json()) as { id: number };
  const sent = await sendWithCsrf(
    pharmacy,
    'POST',
    `/api/v1/clients/${user.client.id}/cart/${cart.id}/checkout`,
    {},
  );
  expect(sent.status(), await sent.text()).toBe(201);
  const order = ((await sent.json()) as { data: { id: number; number: string } }).data;
  return { id: order.id, number: order.number, clientId: user.client.id };
}

/** The orders' table, and its row of one order. */
function ordersTable(page: Page) {
  const table = page.getByRole('grid', { name: 'Pedidos' });
  return { table, rowOf: (number: string) => table.getByRole('row').filter({ hasText: number }) };
}

test('an admin filters the orders: the address keeps the filters, the back button restores them, the CSV carries them', async ({
  page,
}) => {
  await logIn(page, 'admin.demo');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/\/backoffice\/orders$/);
  await expect(page).toHaveTitle('Pedidos · Botica Back office');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos');
  const { table } = ordersTable(page);
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(page.getByText(/^\d+ pedidos$/)).toBeVisible();
  await expectAccessible(page);

  // A wrong amount is said under its field, and nothing is asked.
  const filters = page.getByRole('form', { name: 'Filtros de pedidos' });
  await filters.getByRole('textbox', { name: 'Total desde (€)' }).fill('cien');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(filters.getByText('Debe ser un importe en euros, por ejemplo 1234,50.')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/orders$/);
  await expectAccessible(page);

  await filters.getByRole('textbox', { name: 'Total desde (€)' }).fill('100');
  await filters.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Entregado' });
  await filters.getByRole('searchbox', { name: 'Farmacia o pedido' }).fill('Santos');
  await filters.getByRole('searchbox', { name: 'Farmacia o pedido' }).press('Enter');
  await expect(page).toHaveURL(/\/backoffice\/orders\?q=Santos&status=delivered&min_total=100$/);
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.first()).toContainText('Entregado');
  await expect(rows.filter({ hasNotText: 'Santos' })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: 'Entregado' })).toHaveCount(0);
  const count = (await page.getByText(/^\d+ pedidos?$/).textContent()) ?? '';

  // The CSV of the same filters: a spreadsheet's UTF-8 (its BOM) and a Spanish header.
  const exportLink = page.getByRole('link', { name: /^Exportar CSV/ });
  await expect(exportLink).toHaveAttribute(
    'href',
    /\/api\/v1\/admin\/orders\/export\.csv\?.*status=delivered/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]?.startsWith('Número;Fecha;Farmacia;')).toBe(true);
  expect(lines.filter((line) => line !== '').length - 1).toBe(Number.parseInt(count, 10));

  // An order, then back: the list and its filters as they were.
  const number = (await rows.first().getByRole('link').textContent()) ?? '';
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${number}`);
  await page.goBack();
  await expect(page).toHaveURL(/\/backoffice\/orders\?q=Santos&status=delivered&min_total=100$/);
  await expect(filters.getByRole('combobox', { name: 'Estado' })).toHaveValue('delivered');
  await expect(filters.getByRole('searchbox', { name: 'Farmacia o pedido' })).toHaveValue('Santos');
  await expect(filters.getByRole('textbox', { name: 'Total desde (€)' })).toHaveValue('100');
  await expect(page.getByText(count, { exact: true })).toBeVisible();

  // Clearing them shows every order again; the back button brings them back.
  await filters.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).toHaveURL(/\/backoffice\/orders$/);
  await expect(filters.getByRole('combobox', { name: 'Estado' })).toHaveValue('');
  await page.goBack();
  await expect(filters.getByRole('combobox', { name: 'Estado' })).toHaveValue('delivered');
});

test('an admin moves an order to «En preparación» and cancels another with its reason; the pharmacist sees both', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const pharmacy = await apiSession(baseURL as string, 'farmacia.demo');
  const prepared = await sendOrder(pharmacy);
  const cancelled = await sendOrder(pharmacy);
  await pharmacy.dispose();

  // The pharmacies' screen links to one pharmacy's orders.
  await logIn(page, 'admin.demo');
  await page.goto(`/backoffice/orders?client_id=${prepared.clientId}&status=received`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pedidos de Farmacia Lda. Santos Domínguez',
  );
  const { rowOf } = ordersTable(page);
  await expect(rowOf(prepared.number)).toContainText('Recibido');
  await rowOf(prepared.number).getByRole('link', { name: prepared.number }).click();

  await expect(page).toHaveURL(new RegExp(`/backoffice/orders/${prepared.id}$`));
  await expect(page).toHaveTitle(`Pedido ${prepared.number} · Botica Back office`);
  await expect(page.getByRole('link', { name: 'Farmacia Lda. Santos Domínguez' })).toHaveAttribute(
    'href',
    `/backoffice/pharmacies/${prepared.clientId}`,
  );
  await expect(page.getByText('farmacia.demo', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: `Productos del pedido ${prepared.number}` })).toBeVisible();
  await expect(page.getByText(/^Recargo de equivalencia/).first()).toBeVisible();
  await expectAccessible(page);

  // With the keyboard: the dialog opens on Enter, Escape leaves it with nothing changed and the focus back.
  const prepare = page.getByRole('button', { name: 'Pasar a «En preparación»' });
  await prepare.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: /^¿Pasar el pedido/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: /^¿Pasar el pedido/ })).toBeHidden();
  await expect(prepare).toBeFocused();
  await expect(page.locator('.bo-order__header')).toContainText('Recibido');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', {
    name: `¿Pasar el pedido ${prepared.number} a «En preparación»?`,
  });
  await expectAccessible(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Pasar a «En preparación»' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Pedido ${prepared.number}: en preparación`)).toBeVisible();
  const history = page.getByRole('list', { name: `Seguimiento del pedido ${prepared.number}` });
  await expect(history.getByRole('listitem').last()).toContainText('En preparación · por admin.demo');
  await expect(page.getByRole('button', { name: 'Pasar a «Enviado»' })).toBeVisible();

  // Another admin ships it meanwhile: this screen's move is refused (409), said, and the order read again.
  const otherAdmin = await apiSession(baseURL as string, 'admin.demo');
  const shipped = await sendWithCsrf(otherAdmin, 'POST', `/api/v1/admin/orders/${prepared.id}/status`, {
    status: 'shipped',
    from_status: 'processing',
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await otherAdmin.dispose();
  await page.getByRole('button', { name: 'Pasar a «Enviado»' }).click();
  const stale = page.getByRole('alertdialog', { name: `¿Pasar el pedido ${prepared.number} a «Enviado»?` });
  await stale.getByRole('button', { name: 'Pasar a «Enviado»' }).click();
  await expect(
    page.getByText('El pedido ha cambiado de estado mientras lo mirabas: vuelve a cargarlo.'),
  ).toBeVisible();
  await expect(stale).toBeHidden();
  await expect(page.getByRole('button', { name: 'Pasar a «Entregado»' })).toBeVisible();
  await expect(page.locator('.bo-order__header')).toContainText('Enviado');

  // The other: a reason is required before it is cancelled.
  await page.goto(`/backoffice/orders/${cancelled.id}`);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar el pedido ${cancelled.number}` });
  const reason = dialog.getByRole('textbox', { name: 'Motivo de la cancelación' });
  await expect(reason).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancelar el pedido' }).click();
  await expect(dialog.getByText('El motivo de la cancelación es obligatorio.')).toBeVisible();
  await reason.fill('La farmacia pidió anularlo por teléfono.');
  await dialog.getByRole('button', { name: 'Cancelar el pedido' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.bo-order__header')).toContainText('Cancelado');
  await expect(page.getByText('Motivo: La farmacia pidió anularlo por teléfono.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  await expectAccessible(page);

  // The list was asked again: both orders left the received ones.
  await page.goto(`/backoffice/orders?client_id=${prepared.clientId}&status=received`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pedidos de Farmacia Lda. Santos Domínguez',
  );
  await expect(ordersTable(page).rowOf(prepared.number)).toHaveCount(0);
  await expect(ordersTable(page).rowOf(cancelled.number)).toHaveCount(0);

  // The pharmacist, on the portal: the new statuses on PEDIDOS WEB and the events in each timeline.
  const portal = await browser.newContext({ baseURL: baseURL as string });
  await portal.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL as string },
  ]);
  const pharmacist = await portal.newPage();
  await pharmacist.goto('/login');
  await submitLogin(pharmacist, 'farmacia.demo');
  await pharmacist.waitForURL((url) => !url.pathname.startsWith('/login'));
  for (const [order, status, event] of [
    [prepared, 'Enviado', 'En preparación'],
    [cancelled, 'Cancelado', 'Cancelado: La farmacia pidió anularlo por teléfono.'],
  ] as const) {
    await pharmacist.goto(`/account/orders?pedido=${order.id}`);
    const card = pharmacist.locator(`#pedido-${order.id}`);
    await expect(card.getByRole('heading', { level: 2 })).toContainText(order.number);
    await expect(card.getByText(status, { exact: true }).first()).toBeVisible();
    const timeline = card.getByRole('list', { name: `Seguimiento del pedido ${order.number}` });
    await expect(timeline.getByText(event, { exact: true })).toBeVisible();
  }
  await portal.close();
});

test('a sales rep reads his pharmacies’ orders only, without moves; another rep’s order is the 403 page', async ({
  page,
  baseURL,
}) => {
  const norte = await apiSession(baseURL as string, 'farmacia.norte');
  const norteUser = (await (await norte.get('/api/v1/user')).json()) as { client: { id: number } };
  const norteOrders = (await (await norte.get(`/api/v1/clients/${norteUser.client.id}/orders`)).json()) as {
    data: { id: number; number: string }[];
  };
  await norte.dispose();
  const admin = await apiSession(baseURL as string, 'admin.demo');
  const all = (await (await admin.get('/api/v1/admin/orders')).json()) as { meta: { total: number } };
  await admin.dispose();

  await logIn(page, 'comercial.demo');
  await page.goto('/backoffice/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedidos');
  // His list is narrower than the laboratory's, and has no sales rep filter.
  const count = Number.parseInt((await page.getByText(/^\d+ pedidos$/).textContent()) ?? '', 10);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(all.meta.total);
  await expect(page.getByRole('combobox', { name: 'Comercial' })).toHaveCount(0);
  const { table } = ordersTable(page);
  await expect(table.getByRole('row').nth(1)).toContainText('Beatriz Castro Cortés');
  await expectAccessible(page);

  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pedido PW-/);
  await expect(page.getByRole('list', { name: /^Seguimiento del pedido/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pasar a|^Cancelar pedido$/ })).toHaveCount(0);
  await expectAccessible(page);

  const other = norteOrders.data[0];
  if (!other) throw new Error('farmacia.norte has no orders');
  await page.goto(`/backoffice/orders/${other.id}`);
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page.getByText(other.number)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
});
