/**
 * What the frontends' end-to-end suites share (apps/portal-e2e, apps/backoffice-e2e): the browser they
 * run in, the test that fails on a noisy console, the login form's steps and the accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type LaunchOptions, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

export { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE_PATH, chromiumLaunchOptions } from './chromium.ts';

/** The demo accounts' password. */
export const PASSWORD = 'Botica2026';

/** Debian's Chromium (docs/decisions/001-toolchain.md), never Playwright's own download, quiet and headless-ready. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = chromiumLaunchOptions();

/**
 * Playwright's `test`, where a page that warns or fails in its console fails the test: a library's
 * warning, an error the app logs, an uncaught exception. Only the browser's own line for a request
 * answered with an error status ('Failed to load resource'), which the apps handle (the 401 of a
 * session check, the 406 of the monthly cap, a 403 shown as its page), does not count.
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

/** Fills and sends the login form of the current page (the portal's and the back office's are alike). */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
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
