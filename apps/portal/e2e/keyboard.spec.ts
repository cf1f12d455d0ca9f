/** An order completed with the keyboard alone. */
import { expect, type Page } from '@playwright/test';
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

test.describe('quantity fields keep the keyboard focus and answer ↑ and ↓', () => {
  const USER = 'farmacia.norte';

  test.beforeEach(async ({ page, context, baseURL, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'keyboard alone: one width is enough');
    await emptyCart(request, USER);
    await acceptCookies(context, baseURL as string);
    await logIn(page, USER);
  });

  /** Puts a product in the cart from its page, and returns its id. */
  async function addFirstProduct(page: Page): Promise<string> {
    await page.goto('/catalog');
    const link = page.getByRole('article').getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    await page.goto(href);
    await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
    await expect(page.getByText(/^Has agregado 1 unidad/)).toBeVisible();
    return href.split('/').at(-1) ?? '';
  }

  test('cart line: + and Enter keep the focus where it was while the line saves; ↑ and ↓ change it', async ({
    page,
  }) => {
    await addFirstProduct(page);
    await page.goto('/cart');
    const field = page.getByRole('textbox', { name: /^Cantidad/ });
    const plus = page.getByRole('button', { name: /^Añadir una unidad/ });
    await plus.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ahora tienes 2 unidades en tu pedido')).toBeVisible();
    await expect(plus).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText('Ahora tienes 3 unidades en tu pedido')).toBeVisible();
    await expect(plus).toBeFocused();

    await field.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(field).toHaveValue('5');
    await page.keyboard.press('ArrowDown');
    await expect(field).toHaveValue('4');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ahora tienes 4 unidades en tu pedido')).toBeVisible();
    await expect(field).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ahora tienes 7 unidades en tu pedido')).toBeVisible();
    await expect(field).toBeFocused();
  });

  test("catalogue card: 'Añadir' keeps the focus while the cart saves; ↑ in its field adds more", async ({
    page,
  }) => {
    await page.goto('/catalog');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /al pedido$/, disabled: false }) })
      .first();
    const add = card.getByRole('button', { name: /al pedido$/ });
    await card.getByRole('textbox').focus();
    await page.keyboard.press('ArrowUp');
    await expect(card.getByRole('textbox')).toHaveValue('2');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Has agregado 2 unidades en tu pedido')).toBeVisible();
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ahora tienes 4 unidades en tu pedido')).toBeVisible();
    await expect(add).toBeFocused();
  });

  test('product page: − reaching 1 hands the focus to the field, not the page; ↑ and ↓ change it', async ({
    page,
  }) => {
    const id = await addFirstProduct(page);
    await page.goto(`/products/${id}`);
    const field = page.getByRole('textbox', { name: /^Cantidad/ });
    await field.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(field).toHaveValue('3');
    await page.keyboard.press('ArrowDown');
    await expect(field).toHaveValue('2');
    const minus = page.getByRole('button', { name: /^Quitar una unidad/ });
    await minus.focus();
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue('1');
    await expect(minus).toBeDisabled();
    await expect(field).toBeFocused();
    // And on, without the mouse: up to 3 and into the cart.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.getByRole('button', { name: 'Añadir a mi pedido' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ahora tienes 4 unidades en tu pedido')).toBeVisible();
  });
});
