/**
 * What the frontends' end-to-end suites share (apps/portal-e2e, apps/backoffice-e2e): the browser they
 * run in, the test that fails on a noisy console, the login form's steps, the accessibility check,
 * requests held back, and the header painted before the scripts.
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

/**
 * Holds back the page's requests to `url` until `release` is called, then lets each go on as it was:
 * for what a page shows while a script or a call is on its way. `requested` counts those asked for.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<{ release: () => void; requested: () => number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = 0;
  await page.route(url, async (route) => {
    requested += 1;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * The header the server paints in a logged-in page before its scripts (app-shell's
 * `headerFirstPaint`): with the app's scripts (`scripts`) held back, `path` shows it with `labName`,
 * as a picture (no banner, no link, nothing to tab to); once they run, the page's heading comes, the
 * picture is gone, and the real header's logo stands in the same box.
 */
export async function expectHeaderPaintedFirst(
  page: Page,
  { path, scripts, labName }: { path: string; scripts: string; labName: string },
): Promise<void> {
  const held = await holdRequests(page, scripts);
  await page.goto(path, { waitUntil: 'commit' });
  const painted = page.locator('header[data-first-paint]');
  await expect(painted).toBeVisible();
  await expect(painted.locator('.bt-app-header__logo-text')).toHaveText(labName);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  const before = await painted.locator('.bt-app-header__logo').boundingBox();
  held.release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(painted).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: `${labName}: inicio` })).toBeVisible();
  expect(await header.locator('.bt-app-header__logo').boundingBox()).toEqual(before);
  await page.unroute(scripts);
}
