/** Shared steps of the back office's end-to-end suite. */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** The demo accounts' password. */
export const PASSWORD = 'Botica2026';

/**
 * Playwright's `test`, where a page that warns or fails in its console fails the test; only the
 * browser's own line for a request answered with an error status (a 401 or 403 the app handles) does not.
 */
export const test = base.extend<{ quietConsole: undefined }>({
  quietConsole: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const type = message.type();
        if (type !== 'warning' && type !== 'error') return;
        if (message.text().startsWith('Failed to load resource:')) return;
        problems.push(`${type} on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
      await use(undefined);
      expect(problems, 'the console of the pages').toEqual([]);
    },
    { auto: true },
  ],
});

/** Fills and sends the login form of the current page. */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs a staff member in from the back office's login page and waits until it lets them in. */
export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/backoffice/login');
  await submitLogin(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/backoffice/login'));
}

/** Calls the API as a browser would: with the CSRF cookie's token in its header. */
export async function sendWithCsrf(
  request: APIRequestContext,
  method: 'POST' | 'PATCH',
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
 * No axe violations on the page as it is now (WCAG 2.2 A and AA), once its finite animations and
 * transitions have ended. With `within` (a modal dialog's selector), only that part: the page behind
 * a modal is hidden from assistive technology, and the page-wide rules (one main landmark, one h1)
 * would read the hidden page as missing them.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  if (within !== undefined) builder.include(within);
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-live-announcer]')
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
