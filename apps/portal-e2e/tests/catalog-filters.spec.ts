/**
 * The catalogue's price filter, at the desktop (side column) and tablet (folded panel) widths: the
 * fields show a four-digit amount whole, sit at the top of the filters, and a minimum above the
 * maximum is swapped with a message that says so. The counts beside the categories follow the filters.
 */
import { expect } from '@playwright/test';
import { acceptCookies, expectAccessible, logIn, test } from './support.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
});

test('the price range is readable, at the top of the filters, and says when it swaps', async ({ page }) => {
  await logIn(page, 'farmacia.demo');
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  const summary = page.locator('summary', { hasText: /^Filtros/ });
  const panel = page.locator('details', { has: summary });
  // On a tablet the filters start folded away under 'Filtros'.
  if ((await panel.getAttribute('open')) === null) await summary.click();

  const from = page.getByRole('textbox', { name: 'Desde' });
  const to = page.getByRole('textbox', { name: 'Hasta' });
  // Reachable: the first thing under 'Filtros', on screen without scrolling the filters.
  await expect(from).toBeVisible();
  const panelBox = await panel.boundingBox();
  const fromBox = await from.boundingBox();
  expect(fromBox && panelBox && fromBox.y - panelBox.y).toBeLessThan(150);
  await expect(from).toBeInViewport();
  await expect(to).toBeInViewport();

  // A minimum above the maximum: swapped, and said.
  await from.fill('1.234,56');
  await from.press('Tab');
  await expect(page).toHaveURL(/\/catalog\?min=1234\.56$/);
  await to.fill('20');
  await to.press('Tab');
  await expect(page).toHaveURL(/\/catalog\?min=20&max=1234\.56$/);
  await expect(from).toHaveValue('20,00');
  await expect(to).toHaveValue('1.234,56');
  await expect(page.getByRole('status').filter({ hasText: 'Hemos intercambiado' })).toHaveText(
    'Hemos intercambiado los precios: el mínimo era mayor que el máximo.',
  );

  // Wide enough to show the amount whole: nothing of it scrolls out of either field.
  for (const field of [from, to]) {
    const { clientWidth, scrollWidth } = await field.evaluate((input) => ({
      clientWidth: input.clientWidth,
      scrollWidth: input.scrollWidth,
    }));
    expect(clientWidth, 'the field is not collapsed').toBeGreaterThan(60);
    expect(scrollWidth, `scrollWidth of '${await field.inputValue()}'`).toBeLessThanOrEqual(clientWidth);
  }
  await expectAccessible(page);

  // A price typed and left for a checkbox stays with the checkbox's change, even while the
  // price's results are still on their way (a slow network).
  await page.route('**/api/v1/products/search', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await from.fill('5');
  await page.locator('summary', { hasText: /^Gama/ }).click();
  await page.getByRole('group', { name: 'Gama' }).locator('label').first().click();
  await expect(page).toHaveURL(/\/catalog\?gama=\d+&min=5&max=1234\.56$/);
  await expect(page.locator('summary', { hasText: /^Gama/ })).toContainText('1 seleccionada');
});

test('on a phone, "Ver N productos" folds the filters away and shows the results', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the filters fold away on tablets and phones: one is enough');
  await logIn(page, 'farmacia.demo');
  await page.goto('/catalog');
  const summary = page.locator('summary', { hasText: /^Filtros/ });
  const panel = page.locator('details', { has: summary });
  await summary.tap();
  await page.locator('summary', { hasText: /^Gama/ }).tap();
  await page.getByRole('group', { name: 'Gama' }).locator('label').first().tap();
  await expect(page).toHaveURL(/\/catalog\?gama=\d+$/);
  const count = page.getByText(/^\d[\d.]* productos?$/);
  await expect(summary).toHaveText('Filtros (1)');

  // The action names the count the filter leaves, and is at hand without scrolling.
  const show = page.getByRole('button', { name: `Ver ${await count.textContent()}` });
  await expect(show).toBeInViewport({ ratio: 1 });
  await show.tap();

  await expect(panel).not.toHaveAttribute('open');
  await expect(count).toBeFocused();
  await expect(count).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('main').locator('a[href^="/products/"]').first()).toBeInViewport();
  // Not under the sticky header.
  const header = await page.getByRole('banner').boundingBox();
  const countBox = await count.boundingBox();
  expect(countBox && header && countBox.y - (header.y + header.height)).toBeGreaterThanOrEqual(0);
});

interface CategoryNode {
  id: number;
  name: string;
  product_count: number;
  children: CategoryNode[];
}

test('after a price range, each category shows the listing’s count for it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same panel and counts at every width: one is enough');
  await logIn(page, 'farmacia.demo');
  const trees = (await (await page.request.get('/api/v1/categories')).json()) as { data: CategoryNode[] };
  const flatten = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.flatMap((node) => [node, ...flatten(node.children)]);
  // The two trees' options: the roots themselves are the groups, not options.
  const options = trees.data.flatMap((root) => flatten(root.children));
  expect(options.length).toBeGreaterThan(0);

  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  const listing = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/products/search') &&
      (response.request().postData() ?? '').includes('"price"'),
  );
  const to = page.getByRole('textbox', { name: 'Hasta' });
  await to.fill('10');
  await to.press('Tab');
  await expect(page).toHaveURL(/\/catalog\?max=10$/);
  const answer = (await (await listing).json()) as {
    meta: { total: number };
    facets: { categories: { id: number; count: number }[] };
  };
  expect(answer.meta.total, 'the price leaves some products to count').toBeGreaterThan(0);
  const facets = new Map(answer.facets.categories.map(({ id, count }) => [id, count]));
  // The counts follow the price: some category keeps fewer products than it holds in all.
  expect(options.some((option) => (facets.get(option.id) ?? 0) < option.product_count)).toBe(true);
  for (const title of ['Gama', 'Problema de salud'])
    await page.locator('summary', { hasText: title }).click();
  for (const option of options) {
    const count = facets.get(option.id);
    expect(count, `${option.name} has a count`).toBeDefined();
    // The count is part of the checkbox's accessible name, as a screen reader announces it.
    const box = page.getByRole('checkbox', {
      name: `${option.name} (${new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(count ?? 0)})`,
      exact: true,
    });
    await expect(box).toBeVisible();
    await expect(box).toBeEnabled();
  }
});
