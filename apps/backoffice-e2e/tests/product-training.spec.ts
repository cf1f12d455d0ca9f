/**
 * Products and training in the back office: an admin gives a new material a product found by name
 * (the picker the webinar's form uses), saves, and finds the material on that product's editor under
 * 'Formación', a link back to the material; a product taken out again is gone after the save. The
 * material is deleted at the end. Axe on both editors; review screenshots when E2E_SHOTS is set.
 */
import { expect } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, test } from './support.ts';

test('an admin chooses a material’s products and finds the material on the product’s editor', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const title = `Pasiflora: guía de mostrador (${project})`;
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/training/materials/new');
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByLabel('Fecha de publicación').fill('2026-10-01');
  await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Consejo en el mostrador.');

  const picker = page.getByRole('group', { name: 'Productos relacionados' });
  await expect(picker).toContainText('Ninguno.');
  await picker.getByRole('searchbox', { name: 'Buscar producto por nombre o referencia' }).fill('pasiflora');
  await picker.getByRole('button', { name: 'Buscar producto' }).click();
  const found = picker.getByRole('list', { name: 'Productos encontrados' });
  const adds = found.getByRole('button', { name: /^Añadir / });
  await expect(adds.first()).toBeVisible();
  const names = (await found.getByRole('listitem').allTextContents()).slice(0, 2);
  await adds.first().click();
  await adds.first().click();
  await expect(found.getByRole('button', { name: /^Añadido / })).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Crear', exact: true }).click();
  await expect(page.getByText('Documento creado')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/training\/materials\/\d+$/);
  const materialId = /\/(\d+)$/.exec(page.url())?.[1];

  // Saved: the chosen products come back from the server.
  const chosen = page.getByRole('group', { name: 'Productos relacionados' });
  await expect(chosen.getByRole('button', { name: /^Quitar / })).toHaveCount(2);
  const stored = (await (
    await page.request.get(`/api/v1/admin/training/materials/${materialId}`)
  ).json()) as {
    data: { products: { id: number; name: string }[] };
  };
  expect(stored.data.products).toHaveLength(2);
  const [kept, dropped] = stored.data.products as [
    { id: number; name: string },
    { id: number; name: string },
  ];
  expect(names[0]).toContain(kept.name);
  await reviewShot(page, 'links', `material-products-${project}`);

  // One taken out again.
  await chosen.getByRole('button', { name: `Quitar ${dropped.name}` }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Documento guardado')).toBeVisible();
  await expect(chosen.getByRole('button', { name: /^Quitar / })).toHaveCount(1);

  // The product's editor lists the material, a link to its form; the other product does not.
  await page.goto(`/backoffice/catalogue/products/${kept.id}`);
  const training = page.getByRole('region', { name: 'Formación' });
  await expect(training.getByRole('link', { name: title })).toBeVisible();
  await expect(training).toContainText('Sin PDF');
  await expectAccessible(page);
  await reviewShot(page, 'links', `product-training-${project}`);
  await page.goto(`/backoffice/catalogue/products/${dropped.id}`);
  await expect(page.getByRole('region', { name: 'Formación' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Formación' }).getByRole('link', { name: title }),
  ).toHaveCount(0);
  await page.goto(`/backoffice/catalogue/products/${kept.id}`);
  await page.getByRole('region', { name: 'Formación' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar documento' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Eliminar este documento?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/training\/materials$/);
});
