/**
 * The legal pages: readable by anonymous visitors and pharmacists alike, in the policy
 * layout, opened in a new tab from the footer, accessible, usable by keyboard, and at every width
 * without sideways scroll. And the cookie policy lists every cookie the browser really holds after
 * a visit, with the lifetime it really has.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { acceptCookies, expectAccessible, logIn, test } from './support.ts';

declare global {
  interface Window {
    /** The portal's analytics events (its tag manager's array), read back in the page. */
    dataLayer?: Record<string, unknown>[];
  }
}

const PAGES = [
  { path: '/aviso-legal', title: 'Aviso legal' },
  { path: '/politica-de-cookies', title: 'Política de cookies' },
  { path: '/politica-de-privacidad', title: 'Política de privacidad' },
] as const;

const SHOTS = 'test-results/legal-screens';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect(sizes.scrollWidth, `page ${page.url()} sticks out: ${sizes.wide.join(', ')}`).toBeLessThanOrEqual(
    sizes.innerWidth,
  );
}

/** The legal page is there, whole, in the policy layout. */
async function expectLegalPage(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Botica`);
  await expect(page.getByText(/^Última actualización: \d+ de [a-z]+ de \d{4}$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contenido' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Botica: inicio' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

test('an anonymous visitor reads the three pages, before choosing cookies too', async ({
  page,
}, testInfo) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const { path, title } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectLegalPage(page, title);
    expect(new URL(page.url()).pathname).toBe(path);
    // The policy layout never blocks the text with the cookie dialog: it must be readable first.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({
      path: `${SHOTS}/${testInfo.project.name}${path.replace('/', '-')}.png`,
      fullPage: true,
    });
  }
  // The session was never asked about: the page needs nothing from the API.
});

test('a logged-in pharmacist reads them in the same layout', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expectLegalPage(page, title);
    expect(new URL(page.url()).pathname).toBe(path);
  }
  // Still logged in: the brand leads back to the portal's home, not to the login.
  await page.getByRole('link', { name: 'Botica: inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
});

test('the footer opens each page in a new tab, which counts a page view', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL as string);
  await page.goto('/login');
  const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Información legal' });
  for (const { path, title } of PAGES) {
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name: new RegExp(`^${title}`) }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(path);
    await expectLegalPage(tab, title);
    await expect
      .poll(() => tab.evaluate(() => (window.dataLayer ?? []).filter((event) => event.event === 'page_view')))
      .toEqual([expect.objectContaining({ page_path: path, page_title: `${title} · Botica` })]);
    await tab.close();
  }
  // The page that opened them stayed where it was, and counted the clicks.
  expect(new URL(page.url()).pathname).toBe('/login');
  const clicks = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((event) => event.event === 'footer_menu').map((event) => event.label),
  );
  expect(clicks).toEqual(PAGES.map((legal) => legal.title));
});

test('the contents are reachable and followed by keyboard', async ({ page }) => {
  await page.goto('/politica-de-privacidad');
  await expectLegalPage(page, 'Política de privacidad');
  const toc = page.getByRole('navigation', { name: 'Contenido' });
  // From the top of the page, Tab reaches the contents (skip link, brand, then the text's links).
  let inToc = false;
  for (let step = 0; step < 10 && !inToc; step++) {
    await page.keyboard.press('Tab');
    inToc = await toc.evaluate((nav) => nav.contains(document.activeElement));
  }
  expect(inToc, 'Tab reaches the contents').toBe(true);
  // Down to 'Tus derechos', and Enter: its heading has the focus, in view, and the address says where.
  const target = toc.getByRole('link', { name: 'Tus derechos' });
  for (let step = 0; step < 10; step++) {
    if (await target.evaluate((link) => link === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name: /Tus derechos/ });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  expect(new URL(page.url()).hash).toBe('#derechos');
  // And Tab goes on from there: the first link of that section.
  await page.keyboard.press('Tab');
  await expect(page.locator('#derechos a').first()).toBeFocused();
});

test('the cookie policy lists every cookie a visit leaves, with its real lifetime', async ({
  page,
  context,
}) => {
  // A first visit: the dialog, naming the same cookies, and 'Aceptar todas'.
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Tu privacidad en Botica' });
  await expect(dialog.getByText('botica_session')).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar todas' }).click();
  await logIn(page, 'farmacia.demo');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookies = await context.cookies();
  const stored = await page.evaluate(() => Object.keys(window.sessionStorage));
  expect(cookies.map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(['botica_session', 'XSRF-TOKEN', 'botica_consent']),
  );

  await page.goto('/politica-de-cookies');
  // evaluateAll does not wait: the policy's tables are read once they are on screen.
  await expect(page.getByRole('rowheader', { name: 'botica_consent' })).toBeVisible();
  const rows = await page.locator('.legal__table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('th code')?.textContent ?? '',
      lifetime: tr.querySelector('[data-label="Duración"]')?.textContent ?? '',
    })),
  );
  const listed = (name: string) =>
    rows.find((row) =>
      row.name.includes('<') ? name.startsWith(row.name.slice(0, row.name.indexOf('<'))) : row.name === name,
    );
  const now = Date.now() / 1000;
  for (const cookie of cookies) {
    const row = listed(cookie.name);
    expect(row, `${cookie.name} is set but not in the cookie policy`).toBeDefined();
    if (cookie.expires === -1) {
      expect(row?.lifetime, cookie.name).toMatch(/^Sesión/);
    } else {
      const days = Math.round((cookie.expires - now) / 86_400);
      expect(row?.lifetime, cookie.name).toBe(`${days} días`);
    }
  }
  for (const key of stored)
    expect(listed(key), `${key} is stored but not in the cookie policy`).toBeDefined();
  // The consent can be changed from the policy, as easily as it was given.
  await expect(page.getByText('Tu elección actual: analítica aceptadas, marketing aceptadas.')).toBeVisible();
  await page.getByRole('button', { name: 'Configurar cookies' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rechazar' }).click();
  await expect(
    page.getByText('Tu elección actual: analítica rechazadas, marketing rechazadas.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Configurar cookies' })).toBeFocused();
  await expectAccessible(page);
});

test('on a phone, each entry of the contents has its number at its first line', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the long titles wrap on phones: one width is enough');
  let wrapped = 0;
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expectLegalPage(page, title);
    const entries = await page
      .getByRole('navigation', { name: 'Contenido' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => {
          // The rectangles of the text itself, line by line (a grid cell's own box is one block).
          const textRects = (element: Element | null) => {
            if (element === null) return [];
            const range = document.createRange();
            range.selectNodeContents(element);
            return [...range.getClientRects()];
          };
          const number = textRects(item.querySelector('.legal__toc-number'))[0];
          const lines = textRects(item.querySelector('.legal__toc-text'));
          return {
            text: item.textContent ?? '',
            lines: new Set(lines.map((line) => Math.round(line.top))).size,
            // The number beside the title's first line, not its last.
            atFirstLine:
              number !== undefined && lines[0] !== undefined && Math.abs(number.top - lines[0].top) < 2,
          };
        }),
      );
    for (const entry of entries) expect(entry, entry.text).toMatchObject({ atFirstLine: true });
    wrapped += entries.filter((entry) => entry.lines > 1).length;
  }
  expect(wrapped, 'some titles wrap at this width').toBeGreaterThan(0);
});
