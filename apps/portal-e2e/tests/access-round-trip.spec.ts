/**
 * The access pages through the real server and its e-mail, delivered over SMTP to the
 * run's test mail server (tests/smtp-sink.ts): a registration request and the two messages it sends; a
 * pharmacist who asks for a reset link, reads the message the server sent, opens the link, sets a new
 * password, logs in with it, and finds the link spent. The reset's user is a sub-user of
 * farmacia.demo that no other spec logs in with. (Approving a registration is the API's
 * `registrations` command, which needs the server stopped: the API's suites cover it.)
 */
import { expect } from '@playwright/test';
import { e2eMailSink, linkTo, waitForMail } from './mail.ts';
import { acceptCookies, expectAccessible, PASSWORD, submitLogin, test } from './support.ts';

const USERNAME = 'demo.tarde';
/** The API's default `SALES_ADMIN_EMAIL`: the laboratory's sales administration. */
const SALES_ADMIN = 'administracion.ventas@botica.example';

test('a forgotten password: the link by e-mail, a new password, a login with it, the link spent', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // Every width would change the same user's password three times; one is the journey.
  test.skip(testInfo.project.name !== 'desktop', 'one run of the journey');
  await acceptCookies(context, baseURL as string);
  const since = Date.now() - 1000;
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/login\/recovery$/);
  await page.getByRole('textbox', { name: 'Usuario' }).fill(USERNAME);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');

  const mail = await waitForMail(e2eMailSink(new URL(baseURL as string).port), {
    kind: 'password_reset',
    since,
    mention: `«${USERNAME}»`,
  });
  // To the sub-user's own address (tarde@farmacia-….example), with this run's portal in the link.
  expect(mail.to).toEqual([expect.stringMatching(/^tarde@farmacia-[\w-]+\.example$/)]);
  expect(mail.text).toContain('Vale 60 minutos y solo se puede usar una vez.');
  const link = linkTo(mail.text, '/login/reset_password?secret=');
  expect(link.startsWith(`${baseURL}/login/reset_password?secret=`)).toBe(true);
  expect(linkTo(mail.html, '/login/reset_password?secret=')).toBe(link);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\/reset_password$/);
  const password = page.getByRole('textbox', { name: 'Contraseña nueva' });
  await expect(password).toBeFocused();
  await expectAccessible(page);
  // The server knows the username: the password may not be it.
  await password.fill(USERNAME);
  await page.getByRole('textbox', { name: 'Repite la contraseña' }).fill(USERNAME);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(password).toHaveAccessibleDescription(/no puede ser tu nombre de usuario/);

  const fresh = 'Salvia y romero 2026';
  await password.fill(fresh);
  await page.getByRole('textbox', { name: 'Repite la contraseña' }).fill(fresh);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contraseña cambiada');
  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is gone; the new one lets the pharmacist in.
  await submitLogin(page, USERNAME, PASSWORD);
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('aria-invalid', 'true');
  await submitLogin(page, USERNAME, fresh);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();

  // Logged in, the reset page is not for this pharmacist: it goes home.
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  // Logged out, the spent link says so and offers a new one.
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('El enlace ha caducado o ya se ha usado');
  await expectAccessible(page);
});

test('a registration request reaches the laboratory, and the pharmacy is told by e-mail', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run of the journey');
  await acceptCookies(context, baseURL as string);
  const since = Date.now() - 1000;
  await page.goto('/login/register');
  await page.getByRole('textbox', { name: /Nombre de usuario que quieres/ }).fill('farmacia.romero');
  await page.getByRole('textbox', { name: /Nombre de la farmacia/ }).fill('Farmacia Romero');
  await page.getByRole('textbox', { name: /CIF\/NIF/ }).fill('b12345674');
  await page.getByRole('textbox', { name: /Código postal/ }).fill('41001');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill('compras@farmaciaromero.es');
  await page.getByRole('textbox', { name: /Teléfono/ }).fill('954 123 456');
  await page.getByText('He leído y acepto la política de privacidad').click();
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page).toHaveURL(/\/login\/notification\?motivo=alta$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitud de alta enviada');

  const sink = e2eMailSink(new URL(baseURL as string).port);
  const received = await waitForMail(sink, {
    kind: 'registration_received',
    to: 'compras@farmaciaromero.es',
    since,
  });
  expect(received.to).toEqual(['compras@farmaciaromero.es']);
  // Sent to an address nobody has verified yet: nothing the asker wrote travels in it.
  expect(`${received.text}${received.html}`).not.toMatch(/Farmacia Romero|farmacia\.romero/);
  expect(received.html).toContain('lang="es"');
  const notice = await waitForMail(sink, {
    kind: 'registration_notice',
    to: SALES_ADMIN,
    since,
    mention: 'farmacia.romero',
  });
  expect(notice.text).toContain('B12345674');
  expect(notice.attachments).toEqual([]);
});
