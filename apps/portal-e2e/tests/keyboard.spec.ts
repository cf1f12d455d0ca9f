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

test.describe('the focus in the account: after a deletion, after a failed submit, below the header', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL as string);
  });

  test("deleting a sub-user gives the focus to the next row's 'Eliminar', never to the page", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the focus does not depend on the width');
    await logIn(page, 'farmacia.demo');
    await page.request.get('/sanctum/csrf-cookie');
    const token = decodeURIComponent(
      (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
    const clientId = ((await (await page.request.get('/api/v1/user')).json()) as { client: { id: number } })
      .client.id;
    const path = `/api/v1/driver/customers/clients/${clientId}/users`;
    const created: number[] = [];
    for (const [username, name] of [
      ['demo.foco.uno', 'Foco Uno'],
      ['demo.foco.dos', 'Foco Dos'],
    ]) {
      const response = await page.request.post(path, {
        data: { username, name, email: `${username}@farmacia-demo.example` },
        headers: { 'x-xsrf-token': token },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    try {
      await page.goto('/account/users');
      const first = page.getByRole('button', { name: 'Eliminar a Foco Uno' });
      await first.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: '¿Eliminar a Foco Uno?' });
      await confirm.getByRole('button', { name: 'Eliminar' }).focus();
      await page.keyboard.press('Enter');
      await expect(confirm).toBeHidden();
      await expect(page.getByText('demo.foco.uno')).toHaveCount(0);
      // The row is gone: the focus is on the same action of the row that took its place.
      await expect(page.getByRole('button', { name: 'Eliminar a Foco Dos' })).toBeFocused();
      // The last row: the focus goes to the row above.
      await page.keyboard.press('Enter');
      await page
        .getByRole('alertdialog', { name: '¿Eliminar a Foco Dos?' })
        .getByRole('button', { name: 'Eliminar' })
        .click();
      await expect(page.getByText('demo.foco.dos')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Eliminar a / }).last()).toBeFocused();
    } finally {
      for (const id of created)
        await page.request.delete(`${path}/${id}`, { headers: { 'x-xsrf-token': token } });
    }
  });

  test('a failed submit focuses the first wrong field in reading order', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the order does not depend on the width');
    await logIn(page, 'farmacia.demo');
    await page.goto('/account/users');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
    // 'Nombre y apellidos' comes first on screen; the username is also wrong.
    await dialog.getByRole('textbox', { name: 'Usuario' }).fill('x');
    await dialog.getByRole('button', { name: 'Crear y enviar la invitación' }).press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Nombre y apellidos' })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a focused field with its message is never under the sticky header (MIS DATOS)', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'tablet', 'the phone and the desktop widths');
    await logIn(page, 'farmacia.demo');
    await page.goto('/account/myaccount');
    const current = page.getByRole('textbox', { name: 'Contraseña actual' });
    const header = page.locator('header.bt-app-header');
    const expectBelowHeader = async () => {
      const headerBox = await header.boundingBox();
      const fieldBox = await current.boundingBox();
      expect(fieldBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
    };
    // Sent empty from its button: the first field takes the focus with its message, in full view.
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).press('Enter');
    await expect(current).toBeFocused();
    await expect(current).toHaveAccessibleDescription(/obligatoria/);
    await expectBelowHeader();
    // Reached with the keyboard while the page sits with the field just under the header.
    await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).focus();
    await page.evaluate(() => {
      const field = document.querySelector<HTMLElement>('input[name="current_password"]');
      window.scrollBy(0, (field?.getBoundingClientRect().top ?? 0) - 10);
    });
    // Back past the field's show-password button.
    for (
      let presses = 0;
      presses < 3 && !(await current.evaluate((input) => input === document.activeElement));
      presses++
    )
      await page.keyboard.press('Shift+Tab');
    await expect(current).toBeFocused();
    await expectBelowHeader();
  });
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
