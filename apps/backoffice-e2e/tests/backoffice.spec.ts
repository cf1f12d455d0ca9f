/**
 * The back office at /backoffice/: the staff's login, the pending registration requests, the
 * refusal of a pharmacy's user, and a deep link through the login.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, requestRegistration, submitLogin, test } from './support.ts';

/** One request per width, so each run's table has its own row to find. */
const REQUESTS = {
  desktop: { username: 'farmacia.alameda', pharmacyName: 'Farmacia Alameda', cif: 'A58818501' },
  tablet: { username: 'farmacia.triana', pharmacyName: 'Farmacia Triana', cif: 'B65410011' },
} as const;

function requestOf(projectName: string) {
  const request = REQUESTS[projectName as keyof typeof REQUESTS];
  if (!request) throw new Error(`no registration request for the project ${projectName}`);
  return { ...request, email: `compras@${request.username.replace('.', '-')}.es` };
}

async function expectLoggedOut(page: Page) {
  expect((await page.request.get('/api/v1/user')).status()).toBe(401);
}

test('an admin logs in with the keyboard and sees the pending registration requests', async ({
  page,
  request,
}, testInfo) => {
  const registration = requestOf(testInfo.project.name);
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

  // The back office's home is its one section so far.
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
  await expect(page).toHaveURL(/\/backoffice\/registrations$/);
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  // Inside the staff's chrome: the header and its way out stay.
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
});
