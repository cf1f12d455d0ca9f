/** Shared steps of the portal's end-to-end suite (beside the frontends' shared ones, @botica/e2e-support). */
import { PASSWORD, submitLogin } from '@botica/e2e-support';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export {
  expectAccessible,
  expectHeaderPaintedFirst,
  holdRequests,
  PASSWORD,
  submitLogin,
  test,
} from '@botica/e2e-support';

/** Answers the cookie dialog so it does not block the page (the consent test covers the dialog itself). */
export async function acceptCookies(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL },
  ]);
}

/**
 * The page views the portal pushed to the tag manager: their paths, or the pages' names (none before
 * the page's tracker has run).
 */
export async function pageViews(
  page: Page,
  field: 'page_path' | 'content_group' = 'page_path',
): Promise<string[]> {
  return page.evaluate(
    (name) =>
      (
        (window as unknown as { dataLayer?: { event: string; page_path?: string; content_group?: string }[] })
          .dataLayer ?? []
      )
        .filter((event) => event.event === 'page_view')
        .map((event) => event[name] ?? ''),
    field,
  );
}

/** Logs a pharmacy in from /login and waits until the portal lets it in. */
export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Empties a pharmacy's cart through the API, so every test starts from an empty 'Mi pedido'. */
export async function emptyCart(request: APIRequestContext, username: string): Promise<void> {
  await request.get('/sanctum/csrf-cookie');
  const token = async () =>
    decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.ok()).toBe(true);
  await request.get('/sanctum/csrf-cookie');
  const save = await request.post('/api/v1/cart', {
    data: { products: [] },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(save.ok()).toBe(true);
}

/**
 * Cancels an order as the laboratory's staff would (the back office's API on the same server, in a
 * request context of its own): a test that sends an order gives the pharmacy's monthly cap back, so
 * the specs after it meet the cap as the demo data leaves it.
 */
export async function cancelOrder(request: APIRequestContext, orderId: number): Promise<void> {
  await request.get('/sanctum/csrf-cookie');
  const token = async () =>
    decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin.demo', password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.ok()).toBe(true);
  const cancel = await request.post(`/api/v1/admin/orders/${orderId}/status`, {
    data: { status: 'cancelled', reason: 'Pedido de prueba' },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
}

/** Reads an amount shown as '1.234,56 €' in euros. */
export function euros(text: string): number {
  const match = /(-?[\d.]+,\d{2})\s*€/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/\./g, '').replace(',', '.'));
}

/** The fewest units at `unitPrice` that reach the 150 € minimum order (so a test never nears the cap). */
export function unitsForMinimum(unitPrice: number, minimum = 150): number {
  return Math.floor(minimum / unitPrice) + 1;
}
