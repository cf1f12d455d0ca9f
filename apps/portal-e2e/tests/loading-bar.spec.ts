/**
 * The loading bar while a screen's data is on its way: shown after the spec's 200 ms, accessible like
 * the rest of the page (inside a landmark: axe's 'region' rule failed the journey on a slow machine,
 * when its check met the bar), and gone once the screen is in.
 */
import { expect } from '@playwright/test';
import { acceptCookies, expectAccessible, holdRequests, logIn, test } from './support.ts';

test('the loading bar of a slow screen is in a landmark and leaves once the screen is in', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.norte');
  const search = await holdRequests(page, '**/api/v1/products/search');
  await page.getByRole('link', { name: 'Catálogo de Productos' }).first().click();
  const bar = page.getByRole('progressbar', { name: 'Cargando la página' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(1);
  await expectAccessible(page);
  search.release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
