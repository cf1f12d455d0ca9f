/**
 * The back office at /backoffice/: the staff's login, the pending registration requests, the
 * refusal of a pharmacy's user, and a deep link through the login.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, requestRegistration, submitLogin, test } from './support.ts';

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

test('a sales rep uses the back office, but the registrations are an admin’s: the 403 page', async ({
  page,
}) => {
  await logIn(page, 'comercial.demo');
  await page.goto('/backoffice/registrations');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  // Inside the staff's chrome: the header and its way out stay.
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
});
