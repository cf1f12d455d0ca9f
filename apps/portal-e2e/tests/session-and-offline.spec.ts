/**
 * A failure keeps the app and says what happened: offline, the pharmacist gets the error catalogue's
 * toast and a page that loads itself once the connection is back (never the browser's offline page);
 * a session that has ended (expired, or ended on another device) says 'Autentificación denegada',
 * logs the portal out, and the login brings the pharmacist back to the same page with the cart whole.
 */
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as requests,
} from '@playwright/test';
import { acceptCookies, emptyCart, logIn, PASSWORD, submitLogin, test } from './support.ts';

const USER = 'farmacia.demo';
const SESSION_COOKIE = 'botica_session';
const OFFLINE_TOAST = 'No es posible acceder al servicio';
const REFUSED_TOAST = 'Autentificación denegada';
const REFUSED_MESSAGE = 'No has iniciado sesión o tu sesión ha caducado.';

/** The pharmacy's cart as the server holds it: `id×quantity`, in order. */
async function serverCart(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/v1/cart');
  if (response.status() === 204) return [];
  const cart = (await response.json()) as { items: { product: { id: number }; quantity: number }[] };
  return cart.items.map((item) => `${item.product.id}×${item.quantity}`);
}

/** A product in stock, by id. */
async function productInStock(request: APIRequestContext): Promise<number> {
  for (let id = 1; id < 100; id += 1) {
    const response = await request.get(`/api/v1/products/${id}`);
    if (!response.ok()) continue;
    const { data } = (await response.json()) as { data: { stock: string } };
    if (data.stock !== 'out_of_stock') return id;
  }
  throw new Error('no product in stock');
}

/** The session ends behind the page's back: its cookie is gone, as when it expired server side. */
async function endSession(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: SESSION_COOKIE });
}

/** Waits until the page is idle, so that what its first load brings (the error presentation) is in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** Adds one unit of the product from its page and opens the cart, its line saved and the page settled. */
async function cartWithOneUnit(page: Page, product: number): Promise<void> {
  await page.goto(`/products/${product}`);
  await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();
  await expect(page.getByText(/en tu pedido$/)).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('1');
  await settled(page);
}

const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notificaciones' }).getByText(title, { exact: true });

let product: number;

test.beforeEach(async ({ context, baseURL, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'what a failure shows does not depend on the width');
  await acceptCookies(context, baseURL as string);
  await emptyCart(request, USER); // also logs `request` in as the pharmacy
  product = await productInStock(request);
});

test.describe('offline', () => {
  test("'Añadir' on the product page says the service cannot be reached, and the page stays", async ({
    page,
    context,
  }) => {
    await logIn(page, USER);
    await page.goto(`/products/${product}`);
    const add = page.getByRole('button', { name: 'Añadir a mi pedido' });
    await expect(add).toBeVisible();
    await settled(page);
    await context.setOffline(true);
    await add.click();
    await expect(toast(page, OFFLINE_TOAST)).toBeVisible();
    await expect(page.getByText('Comprueba tu conexión a internet.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${product}$`));
    await expect(add).toBeVisible();
    await context.setOffline(false);
  });

  test("'Añadir' on a catalogue card says the service cannot be reached", async ({ page, context }) => {
    await logIn(page, USER);
    await page.goto('/catalog');
    const add = page.getByRole('button', { name: /^Añadir .* al pedido$/ }).first();
    await expect(add).toBeVisible();
    await settled(page);
    await context.setOffline(true);
    await add.click();
    await expect(toast(page, OFFLINE_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/catalog$/);
    await context.setOffline(false);
  });

  test('a quantity changed in the cart says the service cannot be reached; a page not loaded yet waits for the connection and then loads', async ({
    page,
    context,
    request,
  }) => {
    await logIn(page, USER);
    await cartWithOneUnit(page, product);
    await context.setOffline(true);
    await page.getByRole('button', { name: /^Añadir una unidad/ }).click();
    await expect(toast(page, OFFLINE_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);

    // A screen whose code has not been loaded in this visit: said in words, not the browser's page.
    await page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión a internet' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Mi pedido/ })).toBeVisible();
    await context.setOffline(false);
    // Back online, it loads by itself.
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión a internet' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page
        .getByRole('navigation', { name: /cuenta/i })
        .or(page.getByText('EQUIPO COMERCIAL'))
        .first(),
    ).toBeVisible();
    expect(await serverCart(request)).toEqual([`${product}×1`]);
  });
});

test.describe('a session that has ended', () => {
  test("'Añadir' on the product page says 'Autentificación denegada', asks for the login and comes back with the change saved", async ({
    page,
    context,
    request,
  }) => {
    await logIn(page, USER);
    await page.goto(`/products/${product}`);
    const quantity = page.getByRole('textbox', { name: /^Cantidad/ });
    await quantity.fill('3');
    await quantity.blur();
    await settled(page);
    await endSession(context);
    await page.getByRole('button', { name: 'Añadir a mi pedido' }).click();

    await expect(toast(page, REFUSED_TOAST)).toBeVisible();
    await expect(page.getByText(REFUSED_MESSAGE)).toBeVisible();
    await expect(page.getByText('Error al guardar el pedido')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproducts%2F${product}$`));
    await expect(page.getByRole('button', { name: 'Salir' })).toHaveCount(0);

    await submitLogin(page, USER);
    await expect(page).toHaveURL(new RegExp(`/products/${product}$`));
    // Logged in again, the toast that said the session had ended has gone (well before its 7 s).
    await expect(toast(page, REFUSED_TOAST)).toHaveCount(0, { timeout: 1_000 });
    // The 3 units the session could not save are saved now, and nothing else.
    await expect(page.getByText('Has agregado 3 unidades en tu pedido')).toBeVisible();
    await expect.poll(() => serverCart(request)).toEqual([`${product}×3`]);
  });

  test("'Añadir' on a catalogue card logs out and comes back to the catalogue", async ({
    page,
    context,
    request,
  }) => {
    await logIn(page, USER);
    await page.goto('/catalog');
    const add = page.getByRole('button', { name: /^Añadir .* al pedido$/ }).first();
    await expect(add).toBeVisible();
    await settled(page);
    await endSession(context);
    await add.click();
    await expect(toast(page, REFUSED_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcatalog$/);
    await submitLogin(page, USER);
    await expect(page).toHaveURL(/\/catalog$/);
    await expect.poll(async () => (await serverCart(request)).length).toBe(1);
  });

  test('in the cart, a changed quantity logs out; the saved cart and the change are there after the login', async ({
    page,
    context,
    request,
  }) => {
    await logIn(page, USER);
    await cartWithOneUnit(page, product);
    await endSession(context);
    await page.getByRole('button', { name: /^Añadir una unidad/ }).click();
    await expect(toast(page, REFUSED_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    await submitLogin(page, USER);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('2');
    await expect.poll(() => serverCart(request)).toEqual([`${product}×2`]);
  });

  test('a click to a logged-in screen goes to the login and back; a public page shows itself to a visitor', async ({
    page,
    context,
  }) => {
    await logIn(page, USER);
    await page.goto('/catalog');
    await expect(page.getByRole('button', { name: /^Añadir .* al pedido$/ }).first()).toBeVisible();
    await settled(page);
    await endSession(context);

    // The public training pages: the visitor's header ('Acceder'), no error page.
    await page.getByRole('banner').getByRole('link', { name: 'Formación / Noticias' }).first().click();
    await expect(page).toHaveURL(/\/formacion$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Acceder', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salir' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('401')).toHaveCount(0);

    // A logged-in screen: the login, then back to it.
    await page.goto('/account/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Forders$/);
    await submitLogin(page, USER);
    await expect(page).toHaveURL(/\/account\/orders$/);
  });

  test('a click inside a logged-in screen whose data the server refuses goes to the login, not to an error page', async ({
    page,
    context,
  }) => {
    await logIn(page, USER);
    await page.goto('/catalog');
    await expect(page.getByRole('button', { name: /^Añadir .* al pedido$/ }).first()).toBeVisible();
    await settled(page);
    await endSession(context);
    await page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(toast(page, REFUSED_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    await expect(page.getByText('401')).toHaveCount(0);
    await submitLogin(page, USER);
    await expect(page).toHaveURL(/\/account$/);
  });
});

test.describe('a session ended on another device', () => {
  /** The sub-user changes its password on another device (and back): every session of it ends. */
  async function changePasswordElsewhere(baseURL: string, username: string): Promise<void> {
    const device = await requests.newContext({ baseURL });
    const token = async () => {
      await device.get('/sanctum/csrf-cookie');
      return decodeURIComponent(
        (await device.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
      );
    };
    const login = await device.post('/api/v1/auth/login', {
      data: { username, password: PASSWORD },
      headers: { 'x-xsrf-token': await token() },
    });
    expect(login.ok()).toBe(true);
    const other = 'Tila-y-Melisa-2026';
    for (const [current, next] of [
      [PASSWORD, other],
      [other, PASSWORD],
    ] as const) {
      const change = await device.put('/api/v1/user/change_password', {
        data: { current_password: current, password: next, password_confirmation: next },
        headers: { 'x-xsrf-token': await token() },
      });
      expect(change.ok(), await change.text()).toBe(true);
    }
    await device.dispose();
  }

  test("'Añadir' says 'Autentificación denegada' and the login brings the sub-user back with the change saved", async ({
    page,
    baseURL,
    request,
  }) => {
    await logIn(page, 'demo.mostrador');
    await page.goto(`/products/${product}`);
    const add = page.getByRole('button', { name: 'Añadir a mi pedido' });
    await expect(add).toBeVisible();
    await settled(page);
    await changePasswordElsewhere(baseURL as string, 'demo.mostrador');
    await add.click();
    await expect(toast(page, REFUSED_TOAST)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproducts%2F${product}$`));
    await submitLogin(page, 'demo.mostrador');
    await expect(page).toHaveURL(new RegExp(`/products/${product}$`));
    await expect.poll(() => serverCart(request)).toEqual([`${product}×1`]);
  });
});

test.describe('a logged-in pharmacist', () => {
  test('is sent home from the registration, recovery and reset pages', async ({ page }) => {
    await logIn(page, USER);
    for (const path of ['/login/register', '/login/recovery', '/login/reset_password?secret=abc123']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole('heading', { level: 1, name: '¿Qué necesita hoy tu farmacia?' }),
      ).toBeVisible();
    }
    // Inside the app too.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/login/recovery');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/$/);
  });
});
