/**
 * The back office's pharmacies: an admin finds them by city and CIF/NIF, changes farmacia.limite's
 * conditions (the audit keeps them), deactivates and reactivates norte.mostrador (the portal refuses
 * him meanwhile), sends a password link again; a sales rep finds only his own and reads them without
 * any button; the keyboard alone searches, opens and changes. Only farmacia.limite's conditions and
 * norte.mostrador's account change here, and both are left as they were found.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { mailTo } from './mail.ts';
import { expectAccessible, logIn, sendWithCsrf, submitLogin, test } from './support.ts';

interface Summary {
  id: number;
  name: string;
  tax_id: string;
  city: string;
  discount_group: { id: number; name: string } | null;
  sales_rep: { id: number; name: string } | null;
  recargo_equivalencia: boolean;
}

/** The one pharmacy the list finds for `q` (as the admin or rep of `page`'s session). */
async function pharmacyOf(page: Page, q: string): Promise<Summary> {
  const answer = await page.request.get(`/api/v1/admin/pharmacies?q=${encodeURIComponent(q)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: Summary[] };
  expect(data).toHaveLength(1);
  return data[0] as Summary;
}

/** Presses `key` until `target` has the focus (the keyboard's way to it), at most `times` times. */
async function pressUntilFocused(page: Page, key: string, target: Locator, times = 40): Promise<void> {
  for (let pressed = 0; pressed < times; pressed += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Tabs into a grid, then arrows to the link in its row (a grid's cells are reached with the arrows). */
async function keyboardToLinkIn(page: Page, grid: Locator, link: Locator): Promise<void> {
  for (let pressed = 0; pressed < 12; pressed += 1) {
    if (await grid.evaluate((element) => element.contains(document.activeElement))) break;
    await page.keyboard.press('Tab');
  }
  await pressUntilFocused(page, 'ArrowRight', link, 4);
}

test('an admin finds pharmacies by city and by CIF/NIF, and the back button restores the search', async ({
  page,
}) => {
  await logIn(page, 'admin.demo');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Farmacias' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/pharmacies$/);
  await expect(page).toHaveTitle('Farmacias · Botica Back office');
  const table = page.getByRole('grid', { name: 'Farmacias encontradas' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /farmacias$/ })).toBeVisible();
  await expectAccessible(page);

  const limite = await pharmacyOf(page, 'farmacia.limite');
  const box = page.getByRole('searchbox', { name: 'Buscar farmacia' });
  await box.fill(limite.city);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${limite.city}$`));
  await expect(table.getByRole('row').filter({ hasText: limite.name })).toContainText(limite.tax_id);
  // Once the new list is on screen, no pharmacy of another city is in it.
  const pharmacyRows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(pharmacyRows.filter({ hasNotText: limite.city })).toHaveCount(0);

  await box.fill(limite.tax_id);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${limite.tax_id}$`));
  await expect(page.getByRole('status').filter({ hasText: '1 farmacia' })).toBeVisible();
  await expect(table.getByRole('link', { name: limite.name })).toBeVisible();

  // Nothing found: the words in the answer; the back button brings the last search back.
  await box.fill('Farmacia que no existe');
  await box.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Ninguna farmacia coincide con «Farmacia que no existe»' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('0 farmacias');
  await expectAccessible(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${limite.tax_id}$`));
  await expect(box).toHaveValue(limite.tax_id);
  await expect(table.getByRole('link', { name: limite.name })).toBeVisible();

  // The group filter narrows the list and lives in the address too.
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).toHaveURL(/\/backoffice\/pharmacies\?$|\/backoffice\/pharmacies$/);
  await page
    .getByRole('combobox', { name: 'Grupo de descuento' })
    .selectOption({ label: 'Farmacias Plata (3 %)' });
  await expect(page).toHaveURL(/discount_group_id=3/);
  await expect(pharmacyRows.filter({ hasNotText: 'Farmacias Plata' })).toHaveCount(0);
  await expect(pharmacyRows.first()).toBeVisible();
});

test("an admin changes farmacia.limite's group and recargo with the keyboard alone, and the audit keeps it", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  await logIn(page, 'admin.demo');
  const limite = await pharmacyOf(page, 'farmacia.limite');
  // The other group of the two, and the other answer: the same test runs at both widths.
  const target =
    limite.discount_group?.name === 'Farmacias Oro' ? 'Farmacias Plata (3 %)' : 'Farmacias Oro (5 %)';
  const recargoAfter = limite.recargo_equivalencia ? 'No' : 'Sí';
  const since = new Date().toISOString();

  try {
    await page.goto('/backoffice/pharmacies');
    const box = page.getByRole('searchbox', { name: 'Buscar farmacia' });
    await pressUntilFocused(page, 'Tab', box);
    await page.keyboard.type(limite.tax_id);
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid', { name: 'Farmacias encontradas' });
    const link = grid.getByRole('link', { name: limite.name });
    // The search's list, not the first one (where the pharmacy may be too, its rows about to be
    // replaced under the keyboard's focus).
    await expect(page).toHaveURL(new RegExp(`\\?q=${limite.tax_id}$`));
    await expect(page.getByRole('status').filter({ hasText: '1 farmacia' })).toBeVisible();
    await expect(link).toBeVisible();
    await keyboardToLinkIn(page, grid, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/backoffice/pharmacies/${limite.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(limite.name);
    await expect(page).toHaveTitle(`${limite.name} · Botica Back office`);
    for (const section of ['Datos', 'Tiendas', 'Condiciones', 'Usuarios', 'Pedidos', 'Facturas y abonos']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Ver todos sus pedidos' })).toHaveAttribute(
      'href',
      `/backoffice/orders?client_id=${limite.id}`,
    );
    await expectAccessible(page);

    const change = page.getByRole('button', { name: 'Cambiar condiciones' });
    await pressUntilFocused(page, 'Tab', change, 60);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cambiar las condiciones de ${limite.name}` });
    await expect(dialog).toBeVisible();
    const group = dialog.getByRole('button', { name: /Grupo de descuento/ });
    await expect(group).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    // Nothing changed: nothing to save.
    await pressUntilFocused(page, 'Tab', dialog.getByRole('button', { name: 'Revisar los cambios' }), 6);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('No has cambiado ninguna condición.');

    await pressUntilFocused(page, 'Shift+Tab', group, 6);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: target })).toBeVisible();
    // The list box's type-ahead: the group's name, typed, takes the focus to it.
    await page.keyboard.type(target.split(' (')[0] ?? target);
    await page.keyboard.press('Enter');
    await expect(group).toContainText(target);
    const recargo = dialog.getByRole('switch', { name: /Recargo de equivalencia/ });
    await pressUntilFocused(page, 'Tab', recargo, 4);
    await page.keyboard.press('Space');
    await expect(recargo).toBeChecked({ checked: recargoAfter === 'Sí' });
    await pressUntilFocused(page, 'Tab', dialog.getByRole('button', { name: 'Revisar los cambios' }), 4);
    await page.keyboard.press('Enter');

    // What changes, before it is saved.
    const changes = dialog.getByRole('list', { name: 'Cambios' });
    await expect(changes).toContainText(`Grupo de descuento: ${limite.discount_group?.name}`);
    await expect(changes).toContainText(`→ ${target}`);
    await expect(changes).toContainText(
      `Recargo de equivalencia: ${limite.recargo_equivalencia ? 'Sí' : 'No'} → ${recargoAfter}`,
    );
    await expect(changes.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page, '[role="dialog"]');
    await expect(dialog.getByRole('button', { name: 'Guardar los cambios' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Condiciones de ${limite.name} guardadas`)).toBeVisible();
    const conditions = page.getByRole('region', { name: 'Condiciones' });
    await expect(conditions).toContainText(target);
    await expect(conditions).toContainText(`Recargo de equivalencia${recargoAfter}`);

    // The audit keeps who changed what, before and after.
    const audit = await page.request.get(
      `/api/v1/admin/audit?object_type=client&object_id=${limite.id}&from=${since.slice(0, 10)}`,
    );
    expect(audit.status()).toBe(200);
    const { data: entries } = (await audit.json()) as {
      data: {
        at: string;
        action: string;
        user: { username: string } | null;
        before: unknown;
        after: unknown;
      }[];
    };
    const entry = entries.find((row) => row.action === 'client.conditions_changed' && row.at >= since);
    expect(entry?.user?.username).toBe('admin.demo');
    expect(entry?.before).toMatchObject({ recargo_equivalencia: limite.recargo_equivalencia });
    expect(entry?.after).toMatchObject({ recargo_equivalencia: !limite.recargo_equivalencia });
  } finally {
    // Left as it was found, whatever happened.
    const restore = await sendWithCsrf(page.request, 'PATCH', `/api/v1/admin/pharmacies/${limite.id}`, {
      discount_group_id: limite.discount_group?.id ?? null,
      recargo_equivalencia: limite.recargo_equivalencia,
    });
    expect(restore.status(), await restore.text()).toBe(200);
  }
});

test('an admin deactivates a user the portal then refuses, reactivates him and sends him his link again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  await logIn(page, 'admin.demo');
  const norte = await pharmacyOf(page, 'farmacia.norte');
  const detail = await page.request.get(`/api/v1/admin/pharmacies/${norte.id}`);
  const { data } = (await detail.json()) as {
    data: { users: { id: number; username: string; email: string | null }[] };
  };
  const mostrador = data.users.find((user) => user.username === 'norte.mostrador');
  if (!mostrador?.email)
    throw new Error('norte.mostrador, with his e-mail, is not one of farmacia.norte’s users');
  try {
    await page.goto(`/backoffice/pharmacies/${norte.id}`);
    const users = page.getByRole('region', { name: 'Usuarios' });
    const card = users.getByRole('listitem', { name: 'norte.mostrador' });
    // The main user first, then the sub-users with what they may do.
    await expect(users.getByRole('listitem').first()).toContainText('Usuario principal');
    await expect(card).toContainText('Subusuario');
    await expect(card).toContainText('No envía pedidos, ve facturas');
    await expect(card).toContainText('Activo');

    // An invoice's PDF downloads from the page.
    const invoice = page
      .getByRole('region', { name: 'Facturas y abonos' })
      .getByRole('link', { name: /^Descargar PDF de la factura / })
      .first();
    const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await card.getByRole('button', { name: 'Desactivar a norte.mostrador' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Desactivar a norte.mostrador?' });
    await expectAccessible(page, '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('norte.mostrador desactivado')).toBeVisible();
    await expect(card).toContainText('Desactivado');
    await expect(card.getByRole('button', { name: 'Activar a norte.mostrador' })).toBeVisible();

    // The pharmacist, in a browser of his own, cannot log into the portal.
    const portal = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    try {
      // The portal's cookie choice already made, so its banner leaves the login form alone.
      await portal.addCookies([
        { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL as string },
      ]);
      const pharmacist = await portal.newPage();
      await pharmacist.goto('/login');
      await submitLogin(pharmacist, 'norte.mostrador');
      await expect(
        pharmacist.getByText('Estas credenciales no coinciden con nuestros registros.').first(),
      ).toBeVisible();
      await expect(pharmacist).toHaveURL(/\/login/);
    } finally {
      await portal.close();
    }

    await card.getByRole('button', { name: 'Activar a norte.mostrador' }).click();
    await page
      .getByRole('alertdialog', { name: '¿Activar a norte.mostrador?' })
      .getByRole('button', { name: 'Activar' })
      .click();
    await expect(page.getByText('norte.mostrador activado')).toBeVisible();
    await expect(card).toContainText('Activo');

    const since = Date.now() - 1_000;
    await card.getByRole('button', { name: 'Reenviar invitación a norte.mostrador' }).click();
    const invite = page.getByRole('alertdialog', { name: '¿Reenviar la invitación a norte.mostrador?' });
    await expectAccessible(page, '[role="alertdialog"]');
    await invite.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Invitación enviada a norte.mostrador')).toBeVisible();
    await expect(card).toContainText('Enlace pendiente');
    // This run's server's mail (the folder is the machine's), to his address, with a new link.
    const mail = await mailTo(`To: ${mostrador.email}`, 'user_password_link', since);
    expect(mail).toContain(`${baseURL}/login/reset_password?secret=`);
    expect(mail).toContain('Subject: Tu farmacia ya tiene acceso al portal de pedidos');

    await card.getByRole('button', { name: 'Cerrar sesiones de norte.mostrador' }).click();
    await page
      .getByRole('alertdialog', { name: '¿Cerrar las sesiones de norte.mostrador?' })
      .getByRole('button', { name: 'Cerrar sesiones' })
      .click();
    await expect(page.getByText('Sesiones de norte.mostrador cerradas')).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Active again, whatever happened: other tests may log in with him.
    const restore = await sendWithCsrf(
      page.request,
      'PATCH',
      `/api/v1/admin/pharmacies/${norte.id}/users/${mostrador.id}`,
      { is_active: true },
    );
    expect(restore.status(), await restore.text()).toBe(200);
  }
});

test('a sales rep finds only his pharmacies, reads them without buttons, and another rep’s is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, 'comercial.demo');
  const demo = await pharmacyOf(page, 'farmacia.demo');
  await page.goto('/backoffice/pharmacies');
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacias' })).toBeVisible();
  // His own zone: no filter by rep.
  await expect(page.getByRole('combobox', { name: 'Comercial' })).toHaveCount(0);
  const table = page.getByRole('grid', { name: 'Farmacias encontradas' });
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();
  // Every one of them is his.
  const rows = await table
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .allInnerTexts();
  await expect(page.getByRole('status')).toHaveText(
    rows.length === 1 ? '1 farmacia' : `${rows.length} farmacias`,
  );
  for (const row of rows) expect(row).toContain(demo.sales_rep?.name ?? 'no rep');
  await expectAccessible(page);

  const box = page.getByRole('searchbox', { name: 'Buscar farmacia' });
  await box.fill('farmacia.norte');
  await box.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Ninguna farmacia coincide con «farmacia.norte»' }),
  ).toBeVisible();

  await page.goto(`/backoffice/pharmacies/${demo.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.name);
  await expect(page.getByRole('region', { name: 'Usuarios' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar condiciones' })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^(Desactivar|Activar|Reenviar invitación|Cerrar sesiones)/ }),
  ).toHaveCount(0);
  await expectAccessible(page);

  // farmacia.norte is another rep's: the page says so, inside the staff's chrome.
  const norteId = await (async () => {
    const admin = await browser.newContext({ baseURL });
    try {
      const adminPage = await admin.newPage();
      await logIn(adminPage, 'admin.demo');
      return (await pharmacyOf(adminPage, 'farmacia.norte')).id;
    } finally {
      await admin.close();
    }
  })();
  await page.goto(`/backoffice/pharmacies/${norteId}`);
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
});
