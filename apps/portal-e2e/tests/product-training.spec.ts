/**
 * Product and training together: a pharmacist opens a webinar of the agenda, adds one of the products
 * it discusses to the cart from the webinar's page, and finds on that product's page the webinar (a
 * link back to it) and a scientific material to download; a visitor sees the webinar's products
 * without prices or buttons, with a link to log in. The adding and the way to the product go by
 * keyboard. Axe on every page; a screenshot of each at every width when SCREENSHOT_DIR is set.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, test } from './support.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const USER = 'farmacia.norte';

/** The page fits the window; then, when SCREENSHOT_DIR is set, a full-page screenshot. */
async function shot(page: Page, name: string, project: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(sizes.scrollWidth, `${name} sticks out sideways`).toBeLessThanOrEqual(sizes.innerWidth);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${project}-${name}.png`, fullPage: true });
}

/** The first webinar of the agenda that names products: its page. */
async function openWebinarWithProducts(page: Page): Promise<string> {
  await page.goto('/formacion/agenda-webinars');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const hrefs = await cards
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (await page.getByRole('heading', { name: 'Productos relacionados' }).isVisible()) return href;
  }
  throw new Error('no webinar of the agenda names a product');
}

test('a pharmacist adds a webinar’s product to the cart and finds the webinar and a material on its page', async ({
  page,
  context,
  baseURL,
  request,
}, info) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, USER);
  await logIn(page, USER);
  await openWebinarWithProducts(page);
  const webinarTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const products = page.getByRole('region', { name: 'Productos relacionados' });
  const first = products.getByRole('listitem').first();
  const productName = (await first.getByRole('link').first().textContent()) ?? '';
  await expect(first).toContainText(/\d+,\d{2}\s€/);
  await expectAccessible(page);
  await shot(page, 'webinar-products', info.project.name);

  // 'Añadir a mi pedido' from the webinar's page, by keyboard: the cart's toast and badge, as from a
  // product page.
  await first.getByRole('button', { name: `Añadir a mi pedido: ${productName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Has agregado 1 unidad en tu pedido')).toBeVisible();
  await expect(page.getByRole('link', { name: /Mi pedido/ }).first()).toContainText('1');
  await expect(first).toContainText('En tu pedido: 1 unidad');

  // The product's page lists its training: the webinar (linked back) and a material to download.
  await first.getByRole('link', { name: productName }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  const training = page.getByRole('region', { name: 'Formación sobre este producto' });
  await expect(training.getByRole('heading', { name: 'Webinars' })).toBeVisible();
  await expect(training.getByRole('link', { name: webinarTitle })).toBeVisible();
  await expect(training.getByRole('heading', { name: 'Material científico' })).toBeVisible();
  const material = training.getByRole('link', { name: /^(Monografía|Guía|Revisión)/ }).first();
  await expect(material).toBeVisible();
  await expect(material).toHaveAttribute('download', /\.pdf$/);
  await expectAccessible(page);
  await shot(page, 'product-training', info.project.name);

  const download = page.waitForEvent('download');
  await material.click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  await training.getByRole('link', { name: webinarTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: webinarTitle })).toBeVisible();
});

test('a visitor sees a webinar’s products without prices, with a link to log in', async ({
  page,
  context,
  baseURL,
}, info) => {
  await acceptCookies(context, baseURL as string);
  const href = await openWebinarWithProducts(page);
  const products = page.getByRole('region', { name: 'Productos relacionados' });
  await expect(products.getByRole('listitem').first()).toBeVisible();
  await expect(products.getByRole('button')).toHaveCount(0);
  await expect(products).not.toContainText('€');
  const login = products.getByRole('link', { name: 'Inicia sesión para ver sus precios y pedirlos' });
  await expect(login).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(href)}`);
  await expectAccessible(page);
  await shot(page, 'webinar-products-visitor', info.project.name);
});
