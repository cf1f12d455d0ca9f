/**
 * /login paints before the router, which takes the page over once its code is in
 * (docs/decisions/028). Here the router's code is held back until the test lets it through, so what a
 * pharmacist does on the first screen (typing, the password shown, the caret, a submit) meets the
 * hand-over every time.
 */
import { expect, type Page } from '@playwright/test';
import { acceptCookies, expectAccessible, holdRequests, PASSWORD, pageViews, test } from './support.ts';

/** Holds the router's chunk back until `release`; `requested` once the page has asked for it. */
const holdRouter = (page: Page) => holdRequests(page, /\/assets\/router-[\w-]+\.js$/);

/** The page's markup, React's generated ids aside (they follow the tree, not the page). */
const markup = (page: Page) =>
  page.evaluate(() =>
    (document.getElementById('root')?.innerHTML ?? '').replace(
      /(\s(?:id|for|aria-describedby)=")[^"]*(-username|-password)(-error)?"/g,
      '$1ID$2$3"',
    ),
  );

/** Marks the first screen's user field, and waits until the router has rendered its own. */
async function markFirstScreen(page: Page) {
  await page.evaluate(() => {
    (
      document.querySelector('input[name="username"]') as HTMLInputElement & { isFirstScreen?: boolean }
    ).isFirstScreen = true;
  });
  return () =>
    page.waitForFunction(() => {
      const field = document.querySelector('input[name="username"]') as
        | (HTMLInputElement & { isFirstScreen?: boolean })
        | null;
      return field !== null && field.isFirstScreen !== true;
    });
}

test('what is typed before the router takes /login over stays, with the focus and caret, and nothing moves', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptCookies(context, baseURL as string);
  const router = await holdRouter(page);
  await page.goto('/login?redirect=%2Fcart');
  const username = page.getByRole('textbox', { name: 'Usuario' });
  await expect(username).toBeFocused();
  await page.keyboard.type('farmacia.demo');
  // The first key asks for the router, which is held.
  expect(router.requested()).toBe(1);
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  const password = page.getByRole('textbox', { name: 'Contraseña' });
  await password.click();
  await page.keyboard.type('Botica2026');
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft');
  await page.mouse.move(0, 0);
  const handedOver = await markFirstScreen(page);
  const before = { html: await markup(page), shot: await page.screenshot({ fullPage: true }) };
  await testInfo.attach('before the router', { body: before.shot, contentType: 'image/png' });

  router.release();
  await handedOver();
  const after = { html: await markup(page), shot: await page.screenshot({ fullPage: true }) };
  await testInfo.attach('after the router', { body: after.shot, contentType: 'image/png' });
  expect(after.html).toBe(before.html);
  expect(Buffer.compare(after.shot, before.shot), 'the page looks the same').toBe(0);
  await expect(username).toHaveValue('farmacia.demo');
  await expect(password).toHaveValue('Botica2026');
  await expect(password).toBeFocused();
  await page.keyboard.type('!');
  await expect(password).toHaveValue('Botica!2026');
  await expectAccessible(page);
});

test('a login sent before the router was there is sent once, and goes on to the page that asked for it', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/auth/login'))
      logins.push(request.url());
  });
  const router = await holdRouter(page);
  await page.goto('/login?redirect=%2Fcart');
  await page.keyboard.type('farmacia.demo');
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const send = page.getByRole('button', { name: 'Entrar' });
  await expect(send).toHaveAttribute('data-pending', 'true');
  // Pressed again while under way (the button is disabled for the pointer): nothing more is sent.
  await page.keyboard.press('Enter');
  expect(logins).toEqual([]);

  router.release();
  await page.waitForURL((url) => url.pathname === '/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(logins).toHaveLength(1);
});

test('empty fields are named before the router is there, and still after it', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  const router = await holdRouter(page);
  await page.goto('/login');
  const handedOver = await markFirstScreen(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const username = page.getByRole('textbox', { name: 'Usuario' });
  await expect(username).toHaveAccessibleDescription('Introduce tu usuario.');
  await expect(username).toBeFocused();
  router.release();
  await handedOver();
  await expect(username).toHaveAccessibleDescription('Introduce tu usuario.');
  await expect(page.getByText('Introduce tu contraseña.')).toBeVisible();
  await expect(username).toBeFocused();
});

test('a link followed before the router is there loads its page', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  const router = await holdRouter(page);
  await page.goto('/login');
  const navigation = page.waitForURL('**/login/register');
  await page.getByRole('link', { name: 'Solicita el alta' }).click();
  router.release();
  await navigation;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the router takes /login over on its own once the page has loaded, and counts the page once', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  // The router's chrome counts the page view (the consent allows analytics): it has the page.
  const pageViewCount = async () => (await pageViews(page)).length;
  await expect.poll(pageViewCount).toBe(1);
  await page.evaluate(() => {
    (window as Window & { isSamePage?: boolean }).isSamePage = true;
  });
  // The router's links: a client-side navigation, the page not loaded again.
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await page.waitForURL('**/login/recovery');
  expect(await page.evaluate(() => (window as Window & { isSamePage?: boolean }).isSamePage)).toBe(true);
  expect(await pageViewCount()).toBe(2);
});
