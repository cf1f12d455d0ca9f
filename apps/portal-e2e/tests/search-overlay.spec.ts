/**
 * The search overlay and the history: a phone's back gesture closes the overlay and stays on the
 * page; closed any other way, the overlay leaves no entry behind, so back goes where it always went.
 */
import { expect, type Page } from '@playwright/test';
import { acceptCookies, logIn, test } from './support.ts';

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the back gesture is a phone’s: one width is enough');
  await acceptCookies(context, baseURL as string);
});

/** From home to the catalogue by its link, then the overlay opened with a search. */
async function openOverlayOnCatalog(page: Page): Promise<void> {
  await logIn(page, 'farmacia.demo');
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: /Catálogo/ })
    .tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  await page
    .getByRole('button', { name: /Buscar por referencia o nombre/ })
    .first()
    .tap();
  await page.getByRole('dialog').getByRole('textbox').fill('equinacea');
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
}

test('back closes the overlay and stays on the page; back again leaves it', async ({ page }) => {
  await openOverlayOnCatalog(page);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('closed with Escape, the overlay leaves no entry behind', async ({ page }) => {
  await openOverlayOnCatalog(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('a chosen result takes the overlay’s entry: back from the product returns to the catalogue', async ({
  page,
}) => {
  await openOverlayOnCatalog(page);
  await page.getByRole('dialog').getByRole('option').first().tap();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
