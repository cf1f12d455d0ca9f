/**
 * The laboratory's content: an admin publishes a critical message from 'Mensajes' (seeing the portal's
 * preview as he types) and farmacia.demo, in his own browser, finds it on the portal's home page as a
 * critical notice; an admin moves a banner to the top of 'Escaparate' and the portal's home shows it
 * first; a sales rep reads both sections without a way to change them. Each run makes its own message
 * and banner and deletes them at the end: the server is shared by the whole run.
 */
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, reviewShot, shotsFolder, test } from './support.ts';

/** Logs `request` in as `username` and returns a call that sends the CSRF token. */
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
  return async (method: 'POST' | 'DELETE', path: string, data?: unknown) =>
    request.fetch(path, { method, ...(data ? { data } : {}), headers: { 'x-xsrf-token': await token() } });
}

/** A pharmacist's own browser, logged in as farmacia.demo. */
async function pharmacistPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  await apiAs(context.request, 'farmacia.demo');
  return context.newPage();
}

async function shot(page: Page, name: string, project: string) {
  if (shotsFolder('content') === null) return;
  // From the top, with nothing focused: the sticky header stays where a reader sees it.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await reviewShot(page, 'content', `${name}-${project}`);
}

async function openSection(page: Page, name: string) {
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  // On a tablet the sections may sit behind the menu's button.
  const toggle = page.getByRole('button', { name: /menú/i });
  if (!(await navigation.getByRole('link', { name }).isVisible()) && (await toggle.isVisible()))
    await toggle.click();
  await navigation.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin publishes a critical message and farmacia.demo sees it on the portal’s home page', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  const title = `Retirada urgente de lote (${project})`;
  const send = await apiAs(request, 'admin.demo');
  let createdId: string | undefined;
  try {
    await logIn(page, 'admin.demo');
    await openSection(page, 'Mensajes');
    await expect(page).toHaveTitle('Mensajes · Botica Back office');
    await expectAccessible(page);
    await shot(page, 'messages', project);

    await page.getByRole('link', { name: 'Nuevo mensaje' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo mensaje' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Retirada de lote' });
    await page.getByRole('combobox', { name: 'Importancia' }).selectOption({ label: 'Urgente' });
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Texto' })
      .fill('Retirad de la venta el lote 24-118.\n\nEl laboratorio lo recogerá en el próximo reparto.');

    // The end before the start: refused under the end, nothing published.
    const ends = page.getByLabel('Se retira el');
    const keptEnd = await ends.inputValue();
    await ends.fill('2020-01-01T08:00');
    await page.getByRole('button', { name: 'Publicar mensaje' }).click();
    await expect(page.getByText('El final debe ser posterior al inicio.')).toBeVisible();
    await ends.fill(keptEnd);

    // The preview shows it as the portal will.
    const preview = page.getByRole('region', { name: 'Vista previa en el portal' });
    await expect(preview.getByText(title)).toBeVisible();
    await expect(preview.getByText('Retirada de lote')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'message-new', project);

    await page.getByRole('button', { name: 'Publicar mensaje' }).click();
    await expect(page).toHaveURL(/\/backoffice\/messages$/);
    const row = page.getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Urgente', { exact: true })).toBeVisible();
    await expect(row.getByText('Todas las farmacias')).toBeVisible();
    createdId = (await row.getByRole('link', { name: title }).getAttribute('href'))?.split('/').pop();

    // The pharmacist, in his own browser, finds it on the home page as a critical notice.
    const pharmacist = await pharmacistPage(browser, baseURL as string);
    try {
      await pharmacist.goto('/');
      const notices = pharmacist.getByRole('region', { name: 'Avisos del laboratorio' });
      const card = notices.getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('data-severity', 'critical');
      await expect(card.getByText('Nuevo')).toBeVisible();
    } finally {
      await pharmacist.context().close();
    }

    // Its page in the back office, and its delete behind a confirmation.
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar este mensaje?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Eliminar el mensaje' }).click();
    await expect(page).toHaveURL(/\/backoffice\/messages$/);
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    createdId = undefined;
  } finally {
    if (createdId) await send('DELETE', `/api/v1/admin/messages/${createdId}`);
  }
});

test('an admin moves a banner to the top and the portal’s home shows it first', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  const title = `Campaña de invierno ${project}`;
  const send = await apiAs(request, 'admin.demo');
  const made = await send('POST', '/api/v1/admin/showcase/banners', {
    title,
    text: 'Todo para la gripe y el resfriado.',
    href: '/catalog?q=gripe',
    hue: 20,
    active: true,
  });
  expect(made.status(), await made.text()).toBe(201);
  const bannerId = ((await made.json()) as { data: { id: number } }).data.id;
  try {
    await logIn(page, 'admin.demo');
    await openSection(page, 'Escaparate');
    await expectAccessible(page);
    const list = page.getByRole('list', { name: 'Banners, en orden' });
    const up = page.getByRole('button', { name: `Subir ${title}` });
    // Added last: one place up at a time until it is the first.
    const count = await list.getByRole('listitem').count();
    await expect(list.getByRole('listitem').nth(count - 1)).toContainText(title);
    for (let place = count - 2; place >= 0; place -= 1) {
      await up.click();
      await expect(list.getByRole('listitem').nth(place)).toContainText(title);
    }
    await expect(up).toBeDisabled();
    await expect(list.getByRole('listitem').first()).toContainText(title);
    await shot(page, 'showcase', project);

    // The banner's dialog, as an admin edits it.
    await page.getByRole('button', { name: `Editar ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar banner' });
    await expect(dialog.getByRole('textbox', { name: 'Enlace' })).toHaveValue('/catalog?q=gripe');
    await dialog.getByRole('textbox', { name: 'Enlace' }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog.getByText(/El enlace debe ser una dirección del portal/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const pharmacist = await pharmacistPage(browser, baseURL as string);
    try {
      await pharmacist.goto('/');
      const banners = pharmacist.getByRole('region', { name: 'Destacados del laboratorio' });
      await expect(banners.getByRole('link').first()).toContainText(title);
    } finally {
      await pharmacist.context().close();
    }
  } finally {
    await send('DELETE', `/api/v1/admin/showcase/banners/${bannerId}`);
  }
});

test('a sales rep reads the messages and the showcase, with nothing to change them', async ({ page }) => {
  await logIn(page, 'comercial.demo');
  await openSection(page, 'Mensajes');
  await expect(page.getByRole('link', { name: 'Nuevo mensaje' })).toHaveCount(0);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Almacén cerrado el / })
    .click();
  await expect(page.getByRole('region', { name: 'Vista previa en el portal' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: /Guardar|Publicar|Eliminar/ })).toHaveCount(0);
  await expectAccessible(page);

  await openSection(page, 'Escaparate');
  await expect(page.getByRole('list', { name: 'Banners, en orden' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Nuevo banner|Subir|Bajar|Editar|Eliminar|Quitar/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Añadir un producto' })).toHaveCount(0);
  await expectAccessible(page);
});
