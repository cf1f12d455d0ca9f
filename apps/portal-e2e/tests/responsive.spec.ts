/**
 * Every screen at every width of the projects (1280, 768, 360 px): nothing wider than the window,
 * and every action of the header in view, whole, on every screen. And every page at 320 px (a
 * 1280 px screen at 400 % zoom, WCAG 1.4.10 reflow), in the phone project only.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { acceptCookies, emptyCart, logIn, submitLogin, test } from './support.ts';

/** Where screenshots go when asked for (`E2E_SCREENSHOTS=/some/dir`). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** The page scrolls only downwards: nothing sticks out past the window's right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, for the failure message.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect(sizes.innerWidth, 'the window is the viewport').toBe(width);
  expect(sizes.scrollWidth, `page ${page.url()} sticks out: ${sizes.wide.join(', ')}`).toBeLessThanOrEqual(
    sizes.innerWidth,
  );
}

/** Every action of the logged-in header is on screen and whole (not cut by the window or a scroller). */
async function expectHeaderReachable(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('navigation', { name: 'Principal' });
  const actions = [
    menu.getByRole('link', { name: 'Catálogo de Productos' }),
    menu.getByRole('link', { name: 'Formación / Noticias' }),
    menu.getByRole('link', { name: 'Te escuchamos' }),
    header.getByRole('link', { name: /^Mi pedido/ }),
    header.getByRole('link', { name: 'Mi cuenta' }),
    header.getByRole('button', { name: 'Salir' }),
  ];
  for (const action of actions) {
    await expect(action).toBeVisible();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
}

/** The search box of home, the catalogue and the product page is on screen and whole. */
async function expectSearchBoxReachable(page: Page): Promise<void> {
  const search = page.getByRole('button', { name: /Buscar por referencia o nombre/ }).first();
  await expect(search).toBeVisible();
  await expect(search).toBeInViewport({ ratio: 1 });
}

test('the login page and an unknown address fit the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The laboratory's brand at the top, as on every other page, above the form's heading.
  const brand = page.getByRole('banner').getByRole('link', { name: 'Botica: inicio' });
  await expect(brand).toBeInViewport({ ratio: 1 });
  const brandBox = await brand.boundingBox();
  const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(brandBox && headingBox && brandBox.y + brandBox.height <= headingBox.y).toBe(true);
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('every logged-in screen fits the window, with the whole header in view', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');

  await expect(page.getByRole('heading', { level: 1, name: '¿Qué necesita hoy tu farmacia?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Productos destacados' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);

  await page.goto('/catalog');
  await expect(page.getByText(/^\d[\d.]* productos?$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);

  // A product, added to the order so that the cart has a line to lay out.
  await page.getByRole('main').locator('a[href^="/products/"]').first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('button', { name: 'Añadir a mi pedido' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);
  await expectSearchBoxReachable(page);
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText('Has agregado 1 unidad en tu pedido')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);

  // The confirmation of one of the pharmacy's past orders.
  const user = await (await page.request.get('/api/v1/user')).json();
  const orders = await (await page.request.get(`/api/v1/clients/${user.client.id}/orders`)).json();
  await page.goto(`/pedido-enviado?pedido=${orders.data[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Pedido enviado!' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);

  // The account's six sections, all whole on screen at once: none scrolled out of sight.
  await page.goto('/account/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos web' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('link');
  await expect(sections).toHaveCount(6);
  for (const section of await sections.all()) await expect(section).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectHeaderReachable(page);

  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectHeaderReachable(page);
  await expectNoSidewaysScroll(page);
});

test('the search overlay fits the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page
    .getByRole('button', { name: /Buscar por referencia o nombre/ })
    .first()
    .click();
  const overlay = page.getByRole('dialog');
  await overlay.getByRole('textbox').fill('equinacea');
  await expect(overlay.getByRole('option').first()).toBeVisible();
  await expect(overlay.getByRole('button', { name: /Cerrar/ })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
});

test('the access pages fit the window', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  for (const path of [
    '/login',
    '/login/register',
    '/login/recovery',
    '/login/reset_password',
    '/login/notification?motivo=enlace',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, path.replace(/\W+/g, '-').replace(/^-|-$/g, ''));
  }
});

/** What sticks out past the window's right edge, if anything (a soft check: every page is reported). */
async function softNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect
    .soft(sizes.scrollWidth, `${name} (${page.url()}) sticks out: ${sizes.wide.join(', ')}`)
    .toBeLessThanOrEqual(sizes.innerWidth);
}

test('every page reflows at 320 px: nothing scrolls sideways (WCAG 1.4.10)', async ({
  page,
  context,
  baseURL,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the width is set here: one project is enough');
  await page.setViewportSize({ width: 320, height: 640 });
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');

  /** Opens a page, waits for its main heading, checks it and takes its screenshot. */
  const visit = async (path: string, name: string, ready?: Locator) => {
    await page.goto(path);
    await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await softNoSidewaysScroll(page, name);
    await shot(page, name);
  };
  /** The address of the first link of the main content that starts with `prefix`. */
  const firstLink = async (prefix: string) =>
    (await page.getByRole('main').locator(`a[href^="${prefix}"]`).first().getAttribute('href')) as string;

  // Anonymous: the access pages, the legal pages, the public training pages, the 404 page.
  for (const [path, name] of [
    ['/login', 'login'],
    ['/login/register', 'register'],
    ['/login/recovery', 'recovery'],
    ['/login/reset_password', 'reset-password'],
    ['/login/notification?motivo=enlace', 'notification'],
    ['/aviso-legal', 'aviso-legal'],
    ['/politica-de-cookies', 'politica-de-cookies'],
    ['/politica-de-privacidad', 'politica-de-privacidad'],
    ['/formacion', 'formacion'],
    ['/formacion/agenda-webinars', 'agenda-webinars'],
    ['/formacion/noticias', 'noticias'],
  ] as const) {
    await visit(path, name);
  }
  await visit(await firstLink('/formacion/noticias/'), 'noticia');
  await visit('/formacion/agenda-webinars', 'agenda-webinars');
  await visit(await firstLink('/formacion/agenda-webinars/'), 'webinar');
  await visit('/esta-pagina-no-existe', 'not-found', page.getByRole('link', { name: 'Volver al inicio' }));

  // Logged in: every screen of the client chrome, with the header whole.
  await page.goto('/login');
  await submitLogin(page, 'farmacia.demo');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await softNoSidewaysScroll(page, 'home');
  await expectHeaderReachable(page);
  await shot(page, 'home');
  await page
    .getByRole('button', { name: /Buscar por referencia o nombre/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('textbox').fill('equinacea');
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  await softNoSidewaysScroll(page, 'search-overlay');
  await shot(page, 'search-overlay');
  await page.keyboard.press('Escape');

  await visit('/catalog', 'catalog');
  await expectHeaderReachable(page);
  await page.locator('summary', { hasText: /^Filtros/ }).click();
  await expect(page.getByRole('textbox', { name: 'Desde' })).toBeVisible();
  await softNoSidewaysScroll(page, 'catalog-filters');
  await shot(page, 'catalog-filters');

  await visit(await firstLink('/products/'), 'product');
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(/^Has agregado 1 /)).toBeVisible();
  await visit('/cart', 'cart');

  const user = await (await page.request.get('/api/v1/user')).json();
  const orders = await (await page.request.get(`/api/v1/clients/${user.client.id}/orders`)).json();
  await visit(`/pedido-enviado?pedido=${orders.data[0].id}`, 'order-sent');
  await visit('/encuestas', 'survey');
  await visit('/', 'home');
  await visit(await firstLink('/mensajes/'), 'message');

  await visit('/account', 'account');
  await visit(`/account/orders?pedido=${orders.data[0].id}`, 'order-detail');
  await visit('/account/erp-shipments', 'shipments');
  await page
    .locator('summary', { hasText: /^Productos enviados/ })
    .first()
    .click();
  await softNoSidewaysScroll(page, 'shipment-lines');
  await shot(page, 'shipment-lines');
  await visit('/account/invoices', 'invoices');
  await visit('/account/myaccount', 'my-account');
  await visit('/account/users', 'users');

  await visit('/formacion', 'formacion-client');
  await visit('/formacion/materiales', 'materials');
  await visit('/formacion/historico-webinars', 'webinar-history');
  await visit('/formacion/newsletters', 'newsletters');
});

test('on a phone, an order’s and a shipment’s lines show every figure whole, in plain words', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the lines stack on phones: one width is enough');
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  const user = await (await page.request.get('/api/v1/user')).json();
  const orders = await (await page.request.get(`/api/v1/clients/${user.client.id}/orders`)).json();
  const order = orders.data[0];
  await page.goto(`/account/orders?pedido=${order.id}`);
  const card = page.locator(`#pedido-${order.id}`);
  const lines = card.getByRole('region', { name: `Productos del pedido ${order.number}` });
  await expect(lines).toBeVisible();

  // Nothing scrolls sideways inside the card, and every quantity, price and amount is whole.
  const cells = await lines.locator('td').evaluateAll((elements) =>
    elements.map((cell) => {
      const box = cell.getBoundingClientRect();
      const region = cell.closest('section')?.getBoundingClientRect();
      return {
        text: cell.textContent ?? '',
        whole:
          cell.scrollWidth <= cell.clientWidth && region !== undefined && box.right <= region.right + 0.5,
      };
    }),
  );
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell, cell.text).toMatchObject({ whole: true });
  expect(await lines.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);
  await expect(lines.getByRole('cell').first()).toBeVisible();

  // The count of products and units is words, not a decimal-looking '10, 25 unidades'.
  await expect(card.locator('dd').filter({ hasText: /unidad/ })).toHaveText(
    /^\d+ productos? y \d+ unidad(es)?$/,
  );
  // The order's number is never broken at its hyphens.
  const number = card.getByRole('heading', { level: 2 }).locator('span');
  expect(await number.evaluate((span) => span.getClientRects().length)).toBe(1);
  await shot(page, 'order-detail-lines');

  await page.goto('/account/erp-shipments');
  const disclosure = page.locator('summary', { hasText: /^Productos enviados/ }).first();
  await expect(disclosure).toHaveText(/^Productos enviados: \d+ productos? y \d+ unidad(es)?$/);
  await disclosure.tap();
  const shipped = page.locator('.documents__shipped').first();
  await expect(shipped).toBeVisible();
  // Each line's units sit at the same right edge, on one line, beside the name (never under it).
  const quantities = await shipped.locator('li').evaluateAll((items) =>
    items.map((item) => {
      const [name, quantity] = [...item.children] as HTMLElement[];
      const box = quantity?.getBoundingClientRect();
      return {
        right: Math.round(box?.right ?? 0),
        oneLine: quantity?.getClientRects().length === 1,
        beside: (box?.left ?? 0) >= (name?.getBoundingClientRect().right ?? Infinity) - 0.5,
      };
    }),
  );
  expect(quantities.length).toBeGreaterThan(0);
  expect(new Set(quantities.map((quantity) => quantity.right)).size).toBe(1);
  for (const quantity of quantities) expect(quantity).toMatchObject({ oneLine: true, beside: true });
  await shot(page, 'shipment-lines');
});

/** The words (or, with `pattern`, other pieces) of the text inside `locator` that are cut across lines. */
async function brokenPieces(locator: Locator, pattern = /\S+/g): Promise<string[]> {
  return locator.evaluateAll(
    (elements, [source, flags]) =>
      elements.flatMap((root) => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(new RegExp(source, flags))) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(
              [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
            );
            if (tops.size > 1) broken.push(match[0]);
          }
        }
        return broken;
      }),
    [pattern.source, pattern.flags] as const,
  );
}

test('at 320 px no word, amount or address is cut across lines, and no label overlaps an amount', async ({
  page,
  context,
  baseURL,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the width is set here: one project is enough');
  const amount = /-?[\d.]+,\d{2}\s€/g;
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, 'farmacia.demo');
  await logIn(page, 'farmacia.demo');
  for (const width of [320, 360, 768, 1280]) {
    // The checks at the narrowest width; the others only for the screenshots, when asked for.
    if (width !== 320 && !process.env.E2E_SCREENSHOTS) continue;
    await page.setViewportSize({ width, height: 800 });

    // The catalogue: product names hyphenate or stay whole, 'Añadir' on one line, prices whole.
    await page.goto('/catalog');
    const cards = page.getByRole('main').locator('article');
    await expect(cards.first()).toBeVisible();
    expect.soft(await brokenPieces(cards.getByRole('heading'))).toEqual([]);
    for (const label of await cards.getByRole('button', { name: /^Añadir / }).all()) {
      expect.soft(await label.evaluate((button) => button.getClientRects().length)).toBe(1);
      expect.soft(await brokenPieces(label)).toEqual([]);
    }
    expect.soft(await brokenPieces(cards, amount)).toEqual([]);
    await shot(page, 'polish-catalog');
    await cards
      .first()
      .screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? testInfo.outputDir}/polish-card-${width}.png` });

    // The footer: the address wraps only between its parts, the phone grouped as the e-mails write it.
    const footer = page.getByRole('contentinfo');
    const email = footer.locator('a[href^="mailto:"]');
    // Whole, or cut only after its '@'.
    expect.soft(await brokenPieces(email, /[^@]+@?/g)).toEqual([]);
    // formatPhone's groups: mobiles and 80x/90x numbers 3-3-3, Madrid and Barcelona 2-3-2-2, others 3-2-2-2.
    await expect
      .soft(footer.locator('a[href^="tel:"]'))
      .toHaveText(
        /^\+34 (?:[67]\d\d \d{3} \d{3}|[89]0\d \d{3} \d{3}|9[13] \d{3} \d\d \d\d|[89]\d\d \d\d \d\d \d\d)$/,
      );
    expect.soft(await brokenPieces(footer.locator('a[href^="tel:"]'), /.+/g)).toEqual([]);
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({
      path: `${process.env.E2E_SCREENSHOTS ?? testInfo.outputDir}/polish-footer-${width}.png`,
    });

    // The cart: a line of 12 units, its 'uds' beside or above its amount, never over it.
    if (width === 320) {
      await cards
        .first()
        .getByRole('button', { name: /^Añadir / })
        .click();
      await expect(page.getByText(/^Has agregado 1 unidad/)).toBeVisible();
      await page.goto('/cart');
      const field = page.getByRole('textbox', { name: /^Cantidad/ }).first();
      await field.fill('12');
      await field.press('Tab');
      await expect(page.locator('.bt-quantity__unit').first()).toHaveText('uds');
    } else {
      await page.goto('/cart');
    }
    const line = page.locator('.bt-cart__line').first();
    await expect(line).toBeVisible();
    const [unit, total] = await Promise.all([
      line.locator('.bt-quantity__unit').boundingBox(),
      line.locator('.bt-cart__line-total').boundingBox(),
    ]);
    if (!unit || !total) throw new Error('a cart line without its units or its amount');
    const overlap =
      unit.x < total.x + total.width &&
      total.x < unit.x + unit.width &&
      unit.y < total.y + total.height &&
      total.y < unit.y + unit.height;
    expect.soft(overlap, 'the units overlap the amount').toBe(false);
    expect.soft(await brokenPieces(page.getByRole('main'), amount)).toEqual([]);
    await shot(page, 'polish-cart');
  }
});
