/** The whole ordering journey of a pharmacy, as farmacia.demo, with axe on every page. */
import { expect } from '@playwright/test';
import { e2eMailSink, waitForMail } from './mail.ts';
import {
  acceptCookies,
  emptyCart,
  euros,
  expectAccessible,
  submitLogin,
  test,
  unitsForMinimum,
} from './support.ts';

test.beforeEach(async ({ context, baseURL, request }) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
});

test('a pharmacy logs in, searches, filters, fills its order below and above the minimum and sends it', async ({
  page,
  baseURL,
}, testInfo) => {
  const since = Date.now() - 1000;
  // Anonymous: the portal asks for login and comes back afterwards.
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcatalog$/);
  await expect(page).toHaveTitle('Acceso · Botica');
  await expectAccessible(page);
  await submitLogin(page, 'farmacia.demo');
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de Productos' })).toBeVisible();
  await expectAccessible(page);

  // Home: the search box opens the overlay; a result leads to its product page.
  await page.goto('/');
  await expect(page).toHaveTitle('Botica');
  // The page is judged once it shows (the title is the document's from the start).
  await expect(page.getByRole('heading', { level: 1, name: '¿Qué necesita hoy tu farmacia?' })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /Buscar por referencia o nombre/ })
    .first()
    .click();
  const overlay = page.getByRole('dialog');
  await expect(overlay.getByRole('textbox')).toBeFocused();
  await overlay.getByRole('textbox').fill('equinasea');
  const firstHit = overlay.getByRole('option').first();
  await expect(firstHit).toContainText(/Equin[aá]cea/i);
  await expectAccessible(page);
  await firstHit.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Equin[aá]cea/i);
  await expect(page.getByText(/^Ref\. BT-\d+$/)).toBeVisible();
  await expectAccessible(page);

  // Add one unit from the product page: the toast and the badge.
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText('Has agregado 1 unidad en tu pedido')).toBeVisible();
  await expect(page.getByRole('link', { name: /Mi pedido/ })).toContainText('1');

  // Catalogue: a range filter goes into the URL, and the back button undoes it.
  await page.getByRole('link', { name: 'Catálogo de Productos' }).first().click();
  await expect(page).toHaveURL(/\/catalog$/);
  const before = await page.getByText(/^\d[\d.]* productos?$/).textContent();
  // On a tablet the filters start folded away under 'Filtros'.
  const filters = page.locator('summary', { hasText: /^Filtros/ });
  if ((await filters.locator('xpath=..').getAttribute('open')) === null) await filters.click();
  // The category groups start folded, the price range above them. react-aria keeps the real
  // checkbox visually hidden: a person clicks its label.
  await page.locator('summary', { hasText: /^Gama/ }).click();
  await page.getByRole('group', { name: 'Gama' }).locator('label').first().click();
  await expect(page.locator('summary', { hasText: /^Gama/ })).toContainText('1 seleccionada');
  await expect(page).toHaveURL(/\/catalog\?gama=\d+$/);
  await expect(page.getByText(/^\d[\d.]* productos?$/)).not.toHaveText(before ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('group', { name: 'Gama' }).getByRole('checkbox').first()).not.toBeChecked();

  // The cart below the minimum: the warning and the send button disabled.
  await page
    .getByRole('link', { name: /Mi pedido/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Mi pedido · Botica');
  await expect(
    page.getByText(/^Necesitas añadir [\d.]+,\d{2}\s€ a tu pedido para poder finalizarlo\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar pedido' })).toBeDisabled();
  await expectAccessible(page);

  // Above the minimum: just enough units, the warning goes and the order can be sent.
  const unitPrice = euros((await page.getByText(/\/ud$/).first().locator('xpath=..').textContent()) ?? '');
  await page
    .getByRole('textbox', { name: /^Cantidad/ })
    .first()
    .fill(String(unitsForMinimum(unitPrice)));
  await page
    .getByRole('textbox', { name: /^Cantidad/ })
    .first()
    .blur();
  await expect(page.getByText(/Necesitas añadir/)).toBeHidden();
  const send = page.getByRole('button', { name: 'Enviar pedido' });
  await expect(send).toBeEnabled();
  await send.click();

  await expect(page).toHaveURL(/\/pedido-enviado\?pedido=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
  await expect(page.getByText(/PW-\d{4}-\d{6}/)).toBeVisible();
  // farmacia.demo is in the regime of recargo de equivalencia: it shows apart from the VAT.
  await expect(page.getByText('Recargo de equivalencia', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: /Mi pedido/ })).not.toContainText(/\d/);

  // The tag manager saw the journey (analytics consented): pages, product views, the cart, the order.
  const events = await page.evaluate(
    () =>
      (window as unknown as { dataLayer: { event: string; ecommerce?: { currency: string } }[] }).dataLayer,
  );
  const names = new Set(events.map((event) => event.event));
  for (const name of ['page_view', 'view_item', 'add_to_cart', 'begin_checkout', 'purchase']) {
    expect(names.has(name), name).toBe(true);
  }
  expect(
    events.filter((event) => event.ecommerce).every((event) => event.ecommerce?.currency === 'EUR'),
  ).toBe(true);

  // The order's e-mails arrive over SMTP (the width does not matter: one project reads them).
  if (testInfo.project.name !== 'phone') return;
  const number = (
    (await page
      .getByText(/PW-\d{4}-\d{6}/)
      .first()
      .textContent()) ?? ''
  ).match(/PW-\d{4}-\d{6}/)?.[0];
  if (!number) throw new Error('no order number on the page');
  const sink = e2eMailSink(new URL(baseURL as string).port);
  const confirmation = await waitForMail(sink, { kind: 'order_confirmation', since, mention: number });
  expect(confirmation.to).toEqual([expect.stringMatching(/@/)]);
  expect(confirmation.subject).toBe(`Hemos recibido tu pedido ${number}`);
  const text = confirmation.text.replace(/[\u00a0\u202f]/g, ' ');
  expect(text).toMatch(/^Productos:\n- .+, ref\. BT-\d+: \d+ × [\d.]+,\d\d € = [\d.]+,\d\d €$/m);
  expect(text).toMatch(/^IVA \d+ % sobre [\d.]+,\d\d €: [\d.]+,\d\d €$/m);
  expect(text).toMatch(/^Recargo de equivalencia [\d,]+ % sobre [\d.]+,\d\d €: [\d.]+,\d\d €$/m);
  expect(text).toMatch(/^Se entrega en: .+, \d{5} .+$/m);
  expect(text).toMatch(/^Enviado por: .+ \(usuario farmacia\.demo\)$/m);
  expect(text).toContain(`${baseURL}/account/orders`);
  const notice = await waitForMail(sink, { kind: 'order_notice', since, mention: number });
  expect(notice.subject).toMatch(new RegExp(`^Nuevo pedido ${number}: `));
});
