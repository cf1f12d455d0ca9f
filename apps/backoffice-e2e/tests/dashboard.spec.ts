/**
 * The back office's home and its audit log: the admin's dashboard shows the API's own figures and
 * its chart's table opens with the keyboard; a sales rep's lacks the admins' blocks and the audit
 * log. And the first flow end to end: a pharmacy asks for its account in the portal, the admin
 * approves it, the invitation's link (read from the `.eml` the server wrote) opens the portal's
 * page to choose a password, the new pharmacist logs in, and the audit log shows the approval.
 */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { linkTo, mailTo } from './mail.ts';
import { expectAccessible, logIn, submitLogin, test } from './support.ts';

/** One pharmacy per width, so each run approves its own request. */
const PHARMACIES = {
  desktop: { username: 'farmacia.giralda', name: 'Farmacia Giralda', cif: 'B74250010' },
  tablet: { username: 'farmacia.torre', name: 'Farmacia Torre del Oro', cif: 'B74250028' },
} as const;

function pharmacyOf(projectName: string) {
  const pharmacy = PHARMACIES[projectName as keyof typeof PHARMACIES];
  if (!pharmacy) throw new Error(`no pharmacy for the project ${projectName}`);
  return { ...pharmacy, email: `compras@${pharmacy.username.replace('.', '-')}.es` };
}

/** es-ES whole numbers, as the back office writes counts (a dot for thousands, from four digits). */
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** es-ES euros, as the back office writes amounts: '1.234,56 €' with a no-break space. */
function euros(value: number): string {
  const cents = Math.round(value * 100);
  return `${count(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}\u00a0€`;
}

/** A browser context of its own for the pharmacist, at the project's width, cookies accepted. */
async function pharmacistContext(browser: Browser, baseURL: string, page: Page): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: page.viewportSize(),
  });
  await context.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL },
  ]);
  return context;
}

test('the admin’s dashboard shows the API’s figures, and the chart’s table opens with the keyboard', async ({
  page,
}) => {
  await logIn(page, 'admin.demo');
  await expect(page).toHaveURL(/\/backoffice\/?$/);
  await expect(page).toHaveTitle('Panel · Botica Back office');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  const answer = await page.request.get('/api/v1/admin/dashboard');
  expect(answer.status()).toBe(200);
  const data = await answer.json();

  await expect(page.getByTestId('figure-today').locator('.bo-figure__value')).toHaveText(
    count(data.orders.today.count),
  );
  await expect(page.getByTestId('figure-month').locator('.bo-figure__value')).toHaveText(
    count(data.orders.month.count),
  );
  await expect(page.getByTestId('figure-month-amount').locator('.bo-figure__value')).toHaveText(
    euros(data.orders.month.amount),
  );
  await expect(page.getByTestId('figure-month-amount')).toContainText(
    `Mes anterior hasta hoy: ${euros(data.orders.previous_month.amount)}`,
  );
  // The comparison is in words beside its arrow, never a colour alone.
  await expect(page.getByTestId('figure-month')).toContainText(/respecto al mes anterior/);
  await expect(page.getByTestId('pending-registrations').locator('.bo-panel__figure')).toHaveText(
    count(data.pending_registrations),
  );
  await expect(page.getByRole('heading', { name: 'Correo sin entregar' })).toBeVisible();
  const nearCap = page.getByTestId('near-cap');
  for (const client of data.near_cap.clients) {
    await expect(nearCap.getByRole('link', { name: client.name }).first()).toHaveAttribute(
      'href',
      `/backoffice/pharmacies/${client.id}`,
    );
  }

  const chart = page.getByRole('figure', { name: 'Pedidos por día (últimos 90 días)' });
  await expect(chart.getByRole('img')).toHaveAccessibleName(/^Pedidos por día del /);
  const disclosure = chart.getByText('Ver como tabla');
  await disclosure.focus();
  await page.keyboard.press('Enter');
  const table = chart.getByRole('table', { name: 'Pedidos por día, últimos 90 días' });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(90);
  const days = data.orders_per_day as { date: string; count: number }[];
  const last = days.at(-1);
  if (!last) throw new Error('no days');
  const [year, month, day] = last.date.split('-');
  await expect(table.locator('tbody tr').last()).toContainText(`${day}/${month}/${year}`);
  await expect(table.locator('tbody tr').last().locator('td').first()).toHaveText(count(last.count));

  const reps = page.getByRole('figure', { name: 'Importe del mes por comercial' });
  await expect(reps.getByRole('img')).toHaveAccessibleName(/^Importe del mes por comercial: /);
  await expectAccessible(page);
});

test('a sales rep’s dashboard has his zone’s figures, without the admins’ blocks or the audit log', async ({
  page,
}) => {
  await logIn(page, 'comercial.demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel');
  await expect(page.getByText('Las cifras de las farmacias de tu zona.')).toBeVisible();
  const data = await (await page.request.get('/api/v1/admin/dashboard')).json();
  expect(data.scope).toBe('sales_rep');
  await expect(page.getByTestId('figure-today').locator('.bo-figure__value')).toHaveText(
    count(data.orders.today.count),
  );
  await expect(page.getByRole('figure', { name: 'Pedidos por día (últimos 90 días)' })).toBeVisible();
  await expect(page.getByTestId('pending-registrations')).toHaveCount(0);
  await expect(page.getByTestId('mail-problems')).toHaveCount(0);
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Registro de cambios' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/backoffice/audit');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(page);
});

test('a pharmacy registers, the admin approves it, the invitation lets the pharmacist in, the log shows it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const pharmacy = pharmacyOf(testInfo.project.name);
  const since = Date.now() - 1000;
  const pharmacist = await pharmacistContext(browser, baseURL as string, page);
  const portal = await pharmacist.newPage();

  // The pharmacy asks for its account on the portal's form.
  await portal.goto('/login/register');
  await expectAccessible(portal);
  await portal.getByRole('textbox', { name: /Nombre de usuario que quieres/ }).fill(pharmacy.username);
  await portal.getByRole('textbox', { name: /Nombre de la farmacia/ }).fill(pharmacy.name);
  await portal.getByRole('textbox', { name: /CIF\/NIF/ }).fill(pharmacy.cif);
  await portal.getByRole('textbox', { name: /Código postal/ }).fill('41004');
  await portal.getByRole('textbox', { name: /Correo electrónico/ }).fill(pharmacy.email);
  await portal.getByRole('textbox', { name: /Teléfono/ }).fill('954 221 133');
  await portal.getByText('He leído y acepto la política de privacidad').click();
  await portal.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Solicitud de alta enviada');

  // The admin sees it waiting on the dashboard and approves it.
  await logIn(page, 'admin.demo');
  await expect(page.getByTestId('pending-registrations')).toBeVisible();
  await page.getByRole('link', { name: 'Ver las solicitudes de alta' }).click();
  await expect(page).toHaveURL(/\/backoffice\/registrations$/);
  const row = page
    .getByRole('grid', { name: 'Solicitudes de alta pendientes' })
    .getByRole('row')
    .filter({ hasText: pharmacy.name });
  await row.getByRole('button', { name: `Aprobar la solicitud de ${pharmacy.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Aprobar la solicitud de ${pharmacy.name}?` });
  await expect(confirm).toContainText(pharmacy.username);
  await expectAccessible(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText(`Solicitud de ${pharmacy.name} aprobada`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The invitation's link opens the portal's page to choose a password.
  const mail = await mailTo(pharmacy.email, 'registration_approved', since);
  const link = linkTo(mail, '/login/reset_password?secret=');
  expect(new URL(link).origin).toBe(new URL(baseURL as string).origin);
  await portal.goto(link);
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Primer acceso: elige tu contraseña');
  await expectAccessible(portal);
  const password = 'Manzanilla y tomillo 2026';
  await portal.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await portal.getByRole('textbox', { name: 'Repite la contraseña' }).fill(password);
  await portal.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(portal).toHaveURL(/\/login\/notification/);
  await portal.goto('/login');
  await submitLogin(portal, pharmacy.username, password);
  await portal.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(portal).toHaveURL(new RegExp(`^${baseURL}/?$`));
  await expect(portal.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expectAccessible(portal);
  await pharmacist.close();

  // The audit log shows the approval, filtered from its form, with the fields before → after.
  const registrations = await (await page.request.get('/api/v1/admin/registrations?status=all')).json();
  const request = (registrations.data as { id: number; username: string }[]).find(
    (each) => each.username === pharmacy.username,
  );
  if (!request) throw new Error('the request is not on record');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Registro de cambios' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro de cambios');
  await page.getByRole('combobox', { name: 'Tipo de objeto' }).selectOption('registration');
  await page.getByRole('textbox', { name: 'Id del objeto' }).fill(String(request.id));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  // Only the filled filters go into the address.
  await expect(page).toHaveURL(
    new RegExp(`/backoffice/audit\\?object_type=registration&object_id=${request.id}$`),
  );
  // The person is chosen by name, not typed as an id.
  await page.getByRole('combobox', { name: 'Persona' }).selectOption({ label: 'admin.demo' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]user_id=\d+&object_type=registration/);
  const entry = page.getByRole('row').filter({ hasText: 'Aprobó la solicitud de alta' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('admin.demo');
  await expect(entry).toContainText(`Solicitud de alta ${request.id}`);
  await entry.getByText('Ver cambios').focus();
  await page.keyboard.press('Enter');
  const status = entry.getByRole('row').filter({ hasText: /^status/ });
  await expect(status).toContainText('pending');
  await expect(status).toContainText('approved');
  await expectAccessible(page);
  // The filters are in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Id del objeto' })).toHaveValue(String(request.id));
  await expect(page.getByRole('row').filter({ hasText: 'Aprobó la solicitud de alta' })).toHaveCount(1);
});
