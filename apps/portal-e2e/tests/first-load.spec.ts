/**
 * The first load of every page asks for nothing that is not there: the files the server names in
 * the page (its preloads) and those the page then loads all exist. The console fixture lets the
 * browser's 'Failed to load resource' lines pass (the portal handles the API's error statuses), so
 * a missing file is counted here.
 */
import { expect, type Page } from '@playwright/test';
import { builtPagePaths } from './portal-build.ts';
import { acceptCookies, logIn, test } from './support.ts';

const PAGE_PATHS = builtPagePaths();

/** Loads `path` afresh and returns the requests of that load answered 404. */
async function notFoundOnFirstLoad(page: Page, path: string): Promise<string[]> {
  const missing: string[] = [];
  const listener = (response: { status(): number; url(): string }) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  };
  page.on('response', listener);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return missing;
}

test('no page asks for a file that does not exist on its first load', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the files a page loads do not depend on its width');
  await acceptCookies(context, baseURL as string);
  const anonymous = PAGE_PATHS.filter((path) => path.startsWith('/login'));
  const found: Record<string, string[]> = {};
  for (const path of anonymous) found[path] = await notFoundOnFirstLoad(page, path);

  await logIn(page, 'farmacia.demo');
  const messages = await (await page.request.get('/api/v1/messages')).json();
  const concrete: Record<string, string> = {
    '/products/:id?': '/products/1',
    '/mensajes/:id': `/mensajes/${messages.data[0]?.id ?? 1}`,
    '/formacion/agenda-webinars/:id?': '/formacion/agenda-webinars',
    '/formacion/noticias/:id?': '/formacion/noticias',
  };
  for (const path of PAGE_PATHS.filter((path) => !path.startsWith('/login'))) {
    const url = concrete[path] ?? path;
    found[url] = await notFoundOnFirstLoad(page, url);
  }
  const failures = Object.fromEntries(Object.entries(found).filter(([, missing]) => missing.length > 0));
  expect(failures).toEqual({});
});

test("a pharmacist's page paints its header before any script, and the page takes its place where it stood", async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  // The scripts held back: the page shows what its HTML and its styles paint alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/account/orders', { waitUntil: 'commit' });
  const painted = page.locator('header[data-first-paint]');
  await expect(painted).toBeVisible();
  await expect(painted.locator('.bt-app-header__logo-text')).toHaveText('Botica');
  // A picture of the header, not a second one: no banner, no link, nothing to tab to.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  const before = await painted.locator('.bt-app-header__logo').boundingBox();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(painted).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Botica: inicio' })).toBeVisible();
  expect(await header.locator('.bt-app-header__logo').boundingBox()).toEqual(before);
  await page.unroute('**/assets/*.js');
});
