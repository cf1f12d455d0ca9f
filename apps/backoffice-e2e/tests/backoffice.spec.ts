/**
 * The back office at /backoffice/: the staff's login, the pending registration requests, the
 * refusal of a pharmacy's user, a deep link through the login, a sales rep's narrower back office
 * and the error pages in the staff's chrome.
 */
import { expect, type Page } from '@playwright/test';
import { linkTo, mailTo } from './mail.ts';
import {
  expectAccessible,
  expectHeaderPaintedFirst,
  logIn,
  PASSWORD,
  requestRegistration,
  sendWithCsrf,
  submitLogin,
  test,
} from './support.ts';

/**
 * Requests per width, so each run's table has its own rows to find: one to read, one to reject, one
 * to approve (each test sends its own).
 */
const REQUESTS = {
  desktop: [
    { username: 'farmacia.alameda', pharmacyName: 'Farmacia Alameda', cif: 'A58818501' },
    { username: 'farmacia.macarena', pharmacyName: 'Farmacia Macarena', cif: 'Q2818014I' },
    { username: 'farmacia.santacruz', pharmacyName: 'Farmacia Santa Cruz', cif: 'B12345609' },
  ],
  tablet: [
    { username: 'farmacia.triana', pharmacyName: 'Farmacia Triana', cif: 'B65410011' },
    { username: 'farmacia.nervion', pharmacyName: 'Farmacia Nervión', cif: 'B86561412' },
    { username: 'farmacia.arenal', pharmacyName: 'Farmacia Arenal', cif: 'B12345617' },
  ],
} as const;

function requestsOf(projectName: string) {
  const requests = REQUESTS[projectName as keyof typeof REQUESTS];
  if (!requests) throw new Error(`no registration requests for the project ${projectName}`);
  return requests.map((request) => ({
    ...request,
    email: `compras@${request.username.replace('.', '-')}.es`,
  }));
}

async function expectLoggedOut(page: Page) {
  expect((await page.request.get('/api/v1/user')).status()).toBe(401);
}

test('an admin logs in with the keyboard and sees the pending registration requests', async ({
  page,
  request,
}, testInfo) => {
  const [registration] = requestsOf(testInfo.project.name);
  if (!registration) throw new Error('no request');
  await requestRegistration(request, registration);

  await page.goto('/backoffice/login');
  await expect(page).toHaveTitle('Acceso · Botica Back office');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accede al back office');
  await expectAccessible(page);
  // The form takes the focus; the keyboard alone logs in.
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeFocused();
  await page.keyboard.type('admin.demo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Contraseña' })).toBeFocused();
  await page.keyboard.type('Botica2026');
  await page.keyboard.press('Enter');

  // The back office's home is the dashboard; the requests are one menu item away.
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Solicitudes de alta' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/registrations$/);
  await expect(page).toHaveTitle('Solicitudes de alta · Botica Back office');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Solicitudes de alta' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('grid', { name: 'Solicitudes de alta pendientes' });
  const row = table.getByRole('row').filter({ hasText: registration.pharmacyName });
  await expect(row).toContainText(registration.username);
  await expect(row).toContainText(registration.email);
  await expect(row).toContainText(registration.cif);
  await expect(row).toContainText('Válido');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expectLoggedOut(page);
});

test('an admin approves one request and rejects another with the reason the pharmacy is sent', async ({
  page,
  request,
}, testInfo) => {
  const [, rejected, approved] = requestsOf(testInfo.project.name);
  if (!approved || !rejected) throw new Error('no requests');
  await requestRegistration(request, rejected);
  await requestRegistration(request, approved);
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/registrations');
  const table = page.getByRole('grid', { name: 'Solicitudes de alta pendientes' });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });

  await rowOf(rejected.pharmacyName)
    .getByRole('button', { name: `Rechazar la solicitud de ${rejected.pharmacyName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Rechazar la solicitud de ${rejected.pharmacyName}` });
  const reason = dialog.getByRole('textbox', { name: 'Motivo del rechazo' });
  await expect(reason).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  // A reason is required before anything is sent.
  await dialog.getByRole('button', { name: 'Rechazar la solicitud' }).click();
  await expect(dialog.getByText('El motivo del rechazo es obligatorio.')).toBeVisible();
  await reason.fill('La farmacia no figura en el registro de la comunidad autónoma.');
  await dialog.getByRole('button', { name: 'Rechazar la solicitud' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Solicitud de ${rejected.pharmacyName} rechazada`)).toBeVisible();
  await expect(rowOf(rejected.pharmacyName)).toHaveCount(0);

  await rowOf(approved.pharmacyName)
    .getByRole('button', { name: `Aprobar la solicitud de ${approved.pharmacyName}` })
    .click();
  const confirm = page.getByRole('alertdialog', {
    name: `¿Aprobar la solicitud de ${approved.pharmacyName}?`,
  });
  await expect(confirm).toContainText(approved.username);
  await expectAccessible(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText(`Solicitud de ${approved.pharmacyName} aprobada`)).toBeVisible();
  await expect(rowOf(approved.pharmacyName)).toHaveCount(0);

  // As the server keeps them.
  const all = (await (await page.request.get('/api/v1/admin/registrations?status=all')).json()) as {
    data: { username: string; status: string; rejection_reason: string | null }[];
  };
  const decided = (username: string) => all.data.find((row) => row.username === username);
  expect(decided(approved.username)?.status).toBe('approved');
  expect(decided(rejected.username)).toMatchObject({
    status: 'rejected',
    rejection_reason: 'La farmacia no figura en el registro de la comunidad autónoma.',
  });
});

test("a pharmacy's user is refused with the 403 text and logged out", async ({ page }) => {
  await page.goto('/backoffice/login');
  await submitLogin(page, 'farmacia.demo');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await expectLoggedOut(page);
  await expectAccessible(page);
});

test('a deep link goes through the login and comes back', async ({ page }) => {
  await page.goto('/backoffice/registrations');
  await expect(page).toHaveURL(/\/backoffice\/login\?redirect=%2Fbackoffice%2Fregistrations$/);
  await submitLogin(page, 'admin.demo');
  await expect(page).toHaveURL(/\/backoffice\/registrations$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitudes de alta');
});

test('a staff page paints the back office’s header before any script, and the page takes its place where it stood', async ({
  page,
}) => {
  await logIn(page, 'admin.demo');
  await expectHeaderPaintedFirst(page, {
    path: '/backoffice/orders',
    scripts: '**/backoffice/assets/*.js',
    labName: 'Botica Back office',
  });
});

test('a sales rep gets in, without the admins’ sections; a deep link to one is the 403 page in his chrome', async ({
  page,
}) => {
  await logIn(page, 'comercial.demo');
  // His home: his zone's dashboard, without the admins' sections.
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitudes de alta' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/backoffice/registrations');
  await expect(page).toHaveTitle('Error 403 · Botica Back office');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este acceso no está disponible');
  // Inside the staff's chrome: the header and its way out stay, still without the admins' section.
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitudes de alta' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
  // Its way home leads somewhere he may be, not back to the refusal.
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  // Still logged in: the refusal is of the page, not of him.
  expect((await page.request.get('/api/v1/user')).status()).toBe(200);
});

test('an unknown address is the 404 page in the back office’s chrome, with the way home', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one width is enough for the page of an unknown address');
  // Nobody logged in: the chrome without the menu, and the way to the login page.
  await page.goto('/backoffice/no-existe');
  await expect(page).toHaveTitle('Error 404 · Botica Back office');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La página que estás buscando no existe.');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toHaveCount(0);
  await expectAccessible(page);

  // An admin: his menu and his way out around the same page; home is the dashboard.
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/pedidos/no-existe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La página que estás buscando no existe.');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Solicitudes de alta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
});

test('on a 360 px phone the pages never scroll sideways and the way out stays in reach', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one phone width, from the desktop project');
  await page.setViewportSize({ width: 360, height: 740 });
  const expectNoSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await page.goto('/backoffice/login');
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeVisible();
  await expectNoSidewaysScroll();
  await logIn(page, 'admin.demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeInViewport();
  await expectNoSidewaysScroll();
  await expectAccessible(page);
  await page.goto('/backoffice/registrations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitudes de alta');
  await expectNoSidewaysScroll();
  await page.goto('/backoffice/no-existe');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeInViewport();
  await expectNoSidewaysScroll();
});

test('a screen whose code fails to load (a new deployment) reloads the page once and shows itself', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same at every width');
  let refused = 0;
  // The screen's chunk as a replaced deployment answers it, once.
  await page.route(/\/backoffice\/assets\/dashboard-route-[^/]+\.js$/, async (route) => {
    if (refused > 0) return route.fallback();
    refused += 1;
    return route.abort();
  });
  await logIn(page, 'admin.demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  expect(refused).toBe(1);
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('navigation').map((entry) => (entry as PerformanceNavigationTiming).type),
    ),
  ).toEqual(['reload']);
});

test('a staff member who forgot his password sets it on the portal’s page and is sent to the back office’s login', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one account, once');
  // The portal's cookie notice is answered: this is the password page, not the notice.
  await page
    .context()
    .addCookies([
      { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL as string },
    ]);
  const since = Date.now();
  const asked = await sendWithCsrf(page.request, 'POST', '/api/v1/password/send_reset', {
    username: 'comercial.demo',
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mail = await mailTo('«comercial.demo»', 'password_reset', since);
  await page.goto(linkTo(mail, '/login/reset_password?secret='));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elige una contraseña nueva');
  // The demo's password again, so that the other tests' logins hold.
  await expect(page.getByText('Con ella entrarás en el back office a partir de ahora.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Contraseña nueva' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Repite la contraseña' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();

  // Not the portal's login, which refuses the laboratory's staff: the back office's, saying so.
  await expect(page).toHaveURL(/\/backoffice\/login\?motivo=cambio$/);
  await expect(page.getByRole('status').filter({ hasText: 'Contraseña cambiada' })).toHaveText(
    'Contraseña cambiada. Entra con tu usuario y la contraseña nueva.',
  );
  await expectAccessible(page);
  await submitLogin(page, 'comercial.demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
});
