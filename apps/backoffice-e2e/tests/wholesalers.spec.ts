/**
 * The wholesalers of transfer orders: an admin adds Bidafarma to farmacia.limite's list with its
 * customer number, sees it on the laboratory's wholesalers page, and takes it off again (the list is
 * left as it was found); a sales rep reads without any button; an order sent as a transfer shows its
 * wholesaler in the orders list and detail.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, test } from './support.ts';

async function pharmacyIdOf(page: Page, q: string): Promise<number> {
  const answer = await page.request.get(`/api/v1/admin/pharmacies?q=${encodeURIComponent(q)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: { id: number }[] };
  expect(data).toHaveLength(1);
  return (data[0] as { id: number }).id;
}

test("an admin adds a wholesaler to a pharmacy's list with its customer number, and takes it off", async ({
  page,
}, testInfo) => {
  await logIn(page, 'admin.demo');
  const id = await pharmacyIdOf(page, 'farmacia.limite');
  await page.goto(`/backoffice/pharmacies/${id}`);
  const section = page.getByRole('region', { name: 'Mayoristas (transfer)' });
  await expect(section.getByText('No envía pedidos como transfer')).toBeVisible();

  const form = section.getByRole('form', { name: /Añadir un mayorista/ });
  await form.getByRole('combobox', { name: 'Mayorista' }).selectOption({ label: 'Bidafarma (BIDAFARMA)' });
  await form.getByRole('textbox', { name: 'Nº de cliente en el mayorista' }).fill('BF-20931');
  await form.getByRole('textbox', { name: 'Nº de cliente en el mayorista' }).press('Enter');
  const list = section.getByRole('list', { name: /Mayoristas de/ });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Bidafarma');
  await expect(list).toContainText('Nº de cliente BF-20931');
  await expectAccessible(page);
  await reviewShot(page, 'delivery', `pharmacy-wholesalers-${testInfo.project.name}`);

  // The laboratory's list counts it.
  await section.getByRole('link', { name: 'Ver todos los mayoristas' }).click();
  await expect(page).toHaveURL(/\/backoffice\/wholesalers$/);
  await expect(page).toHaveTitle('Mayoristas · Botica Back office');
  const table = page.getByRole('grid', { name: 'Mayoristas del laboratorio' });
  await expect(table.getByRole('row').filter({ hasText: 'BIDAFARMA' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'delivery', `wholesalers-${testInfo.project.name}`);

  // Taken off again, after confirming.
  await page.goBack();
  await section.getByRole('button', { name: 'Quitar Bidafarma' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Quitar Bidafarma?' });
  await expect(dialog).toContainText('Los pedidos ya enviados no cambian.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Quitar' }).click();
  await expect(section.getByText('No envía pedidos como transfer')).toBeVisible();
});

test('a sales rep reads a pharmacy’s wholesalers without any button', async ({ page }) => {
  await logIn(page, 'comercial.demo');
  const id = await pharmacyIdOf(page, 'farmacia.demo');
  await page.goto(`/backoffice/pharmacies/${id}`);
  const section = page.getByRole('region', { name: 'Mayoristas (transfer)' });
  await expect(section.getByRole('list', { name: /Mayoristas de/ })).toContainText('Cofares');
  await expect(section.getByRole('list', { name: /Mayoristas de/ })).toContainText('Nº de cliente 458812');
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('form')).toHaveCount(0);
  await expectAccessible(page);
});

test("an order sent as a transfer shows its wholesaler and shop in the orders' list and detail", async ({
  page,
}, testInfo) => {
  await logIn(page, 'admin.demo');
  const id = await pharmacyIdOf(page, 'farmacia.demo');
  await page.goto(`/backoffice/orders?client_id=${id}`);
  const table = page.getByRole('grid', { name: 'Pedidos' });
  await expect(table.getByRole('columnheader', { name: 'Envío' })).toBeVisible();
  const transferRow = table.getByRole('row').filter({ hasText: 'Transfer · Cofares' }).first();
  await expect(transferRow).toBeVisible();
  await expectAccessible(page);
  await transferRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/backoffice\/orders\/\d+$/);
  await expect(page.getByText('Transfer a través de Cofares (nº cliente 458812)')).toBeVisible();
  await expect(page.getByText('Entrega en', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'delivery', `order-transfer-${testInfo.project.name}`);
});
