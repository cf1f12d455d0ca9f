/** Shared steps of the back office's end-to-end suite (beside the frontends' shared ones, @botica/e2e-support). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { submitLogin } from '@botica/e2e-support';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export { expectAccessible, expectHeaderPaintedFirst, PASSWORD, submitLogin, test } from '@botica/e2e-support';

/** Logs a staff member in from the back office's login page and waits until it lets them in. */
export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/backoffice/login');
  await submitLogin(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/backoffice/login'));
}

/** Calls the API as a browser would: with the CSRF cookie's token in its header. */
export async function sendWithCsrf(
  request: APIRequestContext,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data: unknown,
) {
  await request.get('/sanctum/csrf-cookie');
  const token = decodeURIComponent(
    (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
  );
  return request.fetch(path, { method, data, headers: { 'x-xsrf-token': token } });
}

/** A pharmacy's registration request, sent as the portal's form sends it. */
export async function requestRegistration(
  request: APIRequestContext,
  registration: { username: string; pharmacyName: string; cif: string; email: string },
): Promise<void> {
  const answer = await sendWithCsrf(request, 'POST', '/api/v1/register', {
    username: registration.username,
    cif: registration.cif,
    pharmacy_name: registration.pharmacyName,
    email: registration.email,
    phone: '954123456',
    postal_code: '41001',
    privacy_accepted: true,
  });
  expect(answer.status(), await answer.text()).toBe(202);
}

/**
 * Where a spec's screenshots for a review go: `$E2E_SHOTS/<area>` when E2E_SHOTS names a folder, else
 * nowhere (a CI run takes none).
 */
export function shotsFolder(area: string): string | null {
  const root = process.env.E2E_SHOTS;
  return root ? join(root, area) : null;
}

/** A screenshot for a review (the full page unless told), into `shotsFolder(area)`; none when E2E_SHOTS is unset. */
export async function reviewShot(
  page: Page,
  area: string,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = shotsFolder(area);
  if (folder === null) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
