/**
 * The first load of every page asks for nothing that is not there: the files the server names in
 * the page (its preloads) and those the page then loads all exist. The console fixture lets the
 * browser's 'Failed to load resource' lines pass (the portal handles the API's error statuses), so
 * a missing file is counted here.
 */
import { expect, type Page } from '@playwright/test';
import { builtPagePaths } from './portal-build.ts';
import { acceptCookies, expectHeaderPaintedFirst, logIn, test } from './support.ts';

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
  await expectHeaderPaintedFirst(page, {
    path: '/account/orders',
    scripts: '**/assets/*.js',
    labName: 'Botica',
  });
});
