/** An order completed with the keyboard alone. */
import { expect } from '@playwright/test';
import { acceptCookies, emptyCart, euros, logIn, test, unitsForMinimum } from './support.ts';

test('a pharmacist sends an order using only the keyboard', async ({ page, context, baseURL, request }) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  await page.goto('/login');
  // The field has the focus once the form has rendered, which may finish after the load event.
  await expect(page.getByRole('textbox', { name: 'Usuario' })).toBeFocused();
  await page.keyboard.type('farmacia.demo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Botica2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Search a reference from the home page and open the first result with Enter.
  const searchBox = page.getByRole('button', { name: /Buscar por referencia o nombre/ }).first();
  await searchBox.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('BT-1');
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/\d+$/);
  // The chosen result is gone with the overlay: the focus is on the product's name, not the body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Enough units for the minimum order, and add.
  const units = unitsForMinimum(euros((await page.locator('.product__prices').textContent()) ?? ''));
  const quantity = page.getByRole('textbox', { name: /^Cantidad/ });
  await quantity.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(units));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeEnabled();
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Has agregado ${units} unidades en tu pedido`)).toBeVisible();
  // Saving did not take the focus away from the button.
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeFocused();

  // To the cart and send.
  await page
    .getByRole('link', { name: /Mi pedido/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  const send = page.getByRole('button', { name: 'Enviar pedido' });
  await expect(send).toBeEnabled();
  await send.focus();
  await page.keyboard.press('Enter');
  const sent = page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' });
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
});

test.describe('the webinar signup by keyboard', () => {
  test("keeps the focus on the signup button after 'Inscribirme' and 'Cancelar inscripción'", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the focus does not depend on the width');
    await acceptCookies(context, baseURL as string);
    await logIn(page, 'farmacia.norte');
    await page.goto('/formacion/agenda-webinars');
    // Not the first webinar (the one about to start, which other specs sign up for).
    await page.getByRole('article').nth(2).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const signUp = page.getByRole('button', { name: 'Inscribirme' });
    await signUp.focus();
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('button', { name: 'Cancelar inscripción' });
    await expect(
      page.getByRole('status').filter({ hasText: 'Estás inscrito en este webinar.' }),
    ).toBeVisible();
    await expect(cancel).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Plazas abiertas' })).toBeVisible();
    await expect(signUp).toBeFocused();
  });
});
