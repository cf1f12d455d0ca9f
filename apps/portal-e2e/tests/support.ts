/** Shared steps of the end-to-end suite. */
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';

export const PASSWORD = 'Botica2026';

/**
 * Playwright's `test`, where a page that warns or fails in its console fails the test: a library's
 * warning, an error the portal logs, an uncaught exception. Only the browser's own line for a request
 * answered with an error status ('Failed to load resource'), which the portal handles (the 401 of a
 * session check, the 406 of the monthly cap), does not count.
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

/** Answers the cookie dialog so it does not block the page (the consent test covers the dialog itself). */
export async function acceptCookies(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL },
  ]);
}

/** Fills and sends the login form of the current page. */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs a pharmacy in from /login and waits until the portal lets it in. */
export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Empties a pharmacy's cart through the API, so every test starts from an empty 'Mi pedido'. */
export async function emptyCart(request: APIRequestContext, username: string): Promise<void> {
  await request.get('/sanctum/csrf-cookie');
  const token = async () =>
    decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.ok()).toBe(true);
  await request.get('/sanctum/csrf-cookie');
  const save = await request.post('/api/v1/cart', {
    data: { products: [] },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(save.ok()).toBe(true);
}

/**
 * No axe violations on the page as it is now (WCAG 2.2 A and AA), once its finite animations and
 * transitions have ended: a toast caught fading in has the contrast of its half-way opacity.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // react-aria's own live announcer: after a change to an empty NumberField it announces the
    // field by aria-labelledby, whose name is empty for a few seconds. Hidden and never focusable.
    .exclude('[data-live-announcer]')
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Reads an amount shown as '1.234,56 €' in euros. */
export function euros(text: string): number {
  const match = /(-?[\d.]+,\d{2})\s*€/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/\./g, '').replace(',', '.'));
}

/** The fewest units at `unitPrice` that reach the 150 € minimum order (so a test never nears the cap). */
export function unitsForMinimum(unitPrice: number, minimum = 150): number {
  return Math.floor(minimum / unitPrice) + 1;
}
