/**
 * The back office's API keys: an admin opens Integración (its index lands on the keys), creates a key
 * from the keyboard (the dialog's refusals first), reads its secret from the panel that shows it once
 * and copies it; the test calls the integration area with it as the ERP would, sees the call in the
 * key's list and in its calls, revokes the key behind its confirmation, and the same call is now a 401.
 * A sales rep has no Integración and gets the 403 page at its address. Each run creates its own key:
 * the server is shared by the whole run.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, sendWithCsrf, test } from './support.ts';

async function shot(page: Page, name: string, width: number) {
  await reviewShot(page, 'integration', `${name}-${width}`);
}

const widthOf = (project: string) => (project === 'desktop' ? 1280 : 768);

const callsTable = (page: Page) =>
  page
    .getByRole('grid', { name: 'Llamadas de la clave' })
    .or(page.getByRole('table', { name: 'Llamadas de la clave' }));

async function openIntegration(page: Page) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Integración' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/integration\/keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claves de API' })).toBeVisible();
}

const keysTable = (page: Page) =>
  page.getByRole('grid', { name: 'Claves de API' }).or(page.getByRole('table', { name: 'Claves de API' }));

test('the keys page: Integración opens it, its sub-navigation links the webhooks', async ({
  page,
}, testInfo) => {
  await logIn(page, 'admin.demo');
  // A key of this run's own, so that the list and a key's calls have something to show.
  const name = `Sage ${testInfo.project.name} ${Date.now()}`;
  const made = await sendWithCsrf(page.request, 'POST', '/api/v1/admin/api-keys', {
    name,
    scopes: ['catalogue', 'stock'],
    // One call a minute: the second call is refused (429), a failed call in the list.
    rate_per_minute: 1,
  });
  expect(made.status(), await made.text()).toBe(201);
  const { secret } = (await made.json()) as { secret: string };
  const statuses: number[] = [];
  for (let call = 0; call < 2; call += 1) {
    const answer = await page.request.get('/api/v1/integration/me', {
      headers: { authorization: `Bearer ${secret}` },
    });
    statuses.push(answer.status());
  }
  expect(statuses).toEqual([200, 429]);

  await openIntegration(page);
  await expect(page).toHaveTitle('Claves de API · Botica Back office');
  const tabs = page.getByRole('navigation', { name: 'Integración' });
  await expect(tabs.getByRole('link', { name: 'Claves de API' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
    'href',
    '/backoffice/integration/webhooks',
  );
  await expect(keysTable(page)).toBeVisible();
  const row = keysTable(page).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Catálogo')).toBeVisible();
  await expect(row.getByText('1 por minuto')).toBeVisible();
  await expect(row.getByText('2 llamadas · 1 fallida')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'keys', widthOf(testInfo.project.name));

  await row.getByRole('link', { name: `Llamadas de ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Llamadas de «${name}»` })).toBeVisible();
  await expect(callsTable(page).getByRole('gridcell', { name: '429', exact: true })).toBeVisible();
  await expect(callsTable(page).getByRole('gridcell', { name: '200', exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'calls', widthOf(testInfo.project.name));

  await page.goto('/backoffice/integration');
  await expect(page).toHaveURL(/\/backoffice\/integration\/keys$/);

  if (testInfo.project.name !== 'desktop') return;
  // Usable on a 360 px phone: neither the list nor the new key's dialog scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect(page.getByRole('heading', { level: 1, name: 'Claves de API' })).toBeVisible();
  expect(await sideways()).toBe(0);
  await page.getByRole('button', { name: 'Nueva clave' }).click();
  await expect(page.getByRole('dialog', { name: 'Nueva clave de API' })).toBeVisible();
  expect(await sideways()).toBe(0);
  await expectAccessible(page);
  await reviewShot(page, 'integration', 'new-key-360', { fullPage: false });
});

test('an admin creates a key, the ERP calls with it, the call is listed; revoked, the next call is a 401', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a desk’s journey: walked once, at 1280 px');
  const name = `ERP e2e ${Date.now()}`;
  await logIn(page, 'admin.demo');
  await openIntegration(page);

  // From the keyboard: the button, the name (focused), the scopes' checkboxes, Enter to send.
  await page.getByRole('button', { name: 'Nueva clave' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /Límite de llamadas/ })).toHaveValue('600');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Escribe un nombre.')).toBeVisible();
  await expect(dialog.getByText('Elige al menos un permiso.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('textbox', { name: 'Nombre' }).focus();
  await page.keyboard.type(name);
  for (const scope of ['Catálogo', 'Stock', 'Farmacias', 'Pedidos']) {
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: scope })).toBeFocused();
  }
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Documentos' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByText('Elige al menos un permiso.')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: /Límite de llamadas/ })).toBeFocused();
  await page.keyboard.press('Enter');

  // The secret, once: read from the panel, copied, with the curl that uses it.
  const created = page.getByRole('dialog', { name: 'Clave creada' });
  await expect(created.getByText('Copia la clave ahora: no volverá a mostrarse.')).toBeVisible();
  const secret = await created.getByRole('textbox', { name: 'Clave secreta' }).inputValue();
  expect(secret).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
  await expect(created.locator('pre')).toContainText(
    `curl -H "Authorization: Bearer ${secret}" ${new URL(page.url()).origin}/api/v1/integration/me`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await created.getByRole('button', { name: 'Copiar' }).click();
  await expect(created.getByText('Clave copiada.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page);
  await shot(page, 'created', 1280);
  await created.getByRole('button', { name: /Hecho/ }).click();
  await expect(created).toBeHidden();

  const row = keysTable(page).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Activa')).toBeVisible();
  await expect(row.getByText('Pedidos')).toBeVisible();
  await expect(row.getByText('Documentos')).toBeVisible();
  await expect(row.getByText('Nunca')).toBeVisible();
  await expect(row.getByText(`${secret.slice(0, 10)}…`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The ERP's call, with the key and no session.
  const me = () => request.get('/api/v1/integration/me', { headers: { authorization: `Bearer ${secret}` } });
  const called = await me();
  expect(called.status(), await called.text()).toBe(200);
  expect((await called.json()).data.key.name).toBe(name);

  await expect(async () => {
    await page.reload();
    await expect(row.getByText('1 llamada · 0 fallidas')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(row.getByText('Nunca')).toHaveCount(0);

  await row.getByRole('link', { name: `Llamadas de ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Llamadas de «${name}»` })).toBeVisible();
  const call = callsTable(page).getByRole('row').filter({ hasText: '/api/v1/integration/me' });
  await expect(call.getByText('200', { exact: true })).toBeVisible();
  await expect(call.getByText('GET')).toBeVisible();
  await expect(call.getByText(called.headers()['x-request-id'] ?? 'missing')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Volver a las claves' }).click();
  await row.getByRole('button', { name: `Revocar ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Revocar la clave «${name}»?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revocar la clave' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Revocada')).toBeVisible();
  await expect(row.getByRole('button', { name: `Revocar ${name}` })).toHaveCount(0);

  const refused = await me();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toMatch(/revocado/);
});

test('a sales rep has no Integración in his menu, and its address shows him the 403 page', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a role’s refusal: checked once');
  await logIn(page, 'comercial.demo');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Integración' })).toHaveCount(0);
  await page.goto('/backoffice/integration/keys');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nueva clave' })).toHaveCount(0);
  await expectAccessible(page);
});
