/**
 * 'Te escuchamos' and the laboratory's messages as a pharmacist meets them:
 * the survey answered with the keyboard alone (its messages first, then the thank-you), kept after a
 * reload and edited; the empty state when no survey is open; the active messages on the home page,
 * one opened on its page and read from then on, after a reload too. Axe on every state, no sideways
 * scroll, and screenshots at each width (test-results/survey-screens).
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, expectAccessible, logIn, test } from './support.ts';

const SHOTS = 'test-results/survey-screens';

/**
 * One user per width: the suite's server keeps its data for the whole run, and answers and read
 * states are per user (sub-users of a pharmacy each have their own).
 */
const USERS: Record<string, string> = {
  desktop: 'demo.mostrador',
  tablet: 'demo.almacen',
  phone: 'farmacia.norte',
};

function userOf(testInfo: TestInfo): string {
  return USERS[testInfo.project.name] ?? 'demo.mostrador';
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(sizes.scrollWidth, `page ${page.url()} sticks out`).toBeLessThanOrEqual(sizes.innerWidth);
}

/** Presses Tab until the focus is on `name` (a button or field), at most `max` times. */
async function tabTo(page: Page, name: string, max = 60): Promise<void> {
  for (let step = 0; step < max; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.getAttribute('aria-label') || active?.textContent?.trim() || '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL ?? '');
});

test('a pharmacist answers the survey with the keyboard alone, sees the thanks, reloads and edits', async ({
  page,
}, testInfo) => {
  await logIn(page, userOf(testInfo));
  // The header's 'Te escuchamos' leads there.
  await page.getByRole('link', { name: 'Te escuchamos' }).click();
  await expect(page).toHaveURL(/\/encuestas$/);
  await expect(page).toHaveTitle('Te escuchamos · Botica');
  await expect(
    page.getByRole('heading', { level: 1, name: '¿Qué te parecen nuestros productos y el portal?' }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'survey-open');

  // Sent empty: a message under each required question, the first of them focused.
  await tabTo(page, 'Enviar mis respuestas');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Esta pregunta es obligatoria.')).toHaveCount(3);
  const frequency = page.getByRole('radiogroup', { name: /¿Con qué frecuencia/ });
  await expect(frequency.getByRole('radio').first()).toBeFocused();
  await expectAccessible(page);
  await shot(page, testInfo, 'survey-invalid');

  // Single choice: Space picks the focused option.
  await page.keyboard.press('Space');
  await expect(frequency.getByRole('radio', { name: 'Varias veces por semana' })).toBeChecked();
  // Rating: into the group on 1, three steps right to 4.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4' }).first()).toBeChecked();
  // Multiple choice: the first and the third range.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Digestión' })).toBeChecked();
  await tabTo(page, '1, Muy difícil');
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '5, Muy fácil' })).toBeChecked();
  // The optional single choice is passed over (Tab in, Tab out); the free text typed.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const improve = page.getByRole('textbox', { name: '¿Qué podríamos mejorar?' });
  await expect(improve).toBeFocused();
  await page.keyboard.type('Más formación sobre plantas para el sueño.');
  await expect(page.getByText('42 de 1.000 caracteres.')).toBeVisible();
  await expect(page.getByText('Esta pregunta es obligatoria.')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Enviar mis respuestas' })).toBeFocused();
  await page.keyboard.press('Enter');

  const thanks = page.getByRole('heading', { level: 1, name: '¡Gracias por tus respuestas!' });
  await expect(thanks).toBeFocused();
  const answers = page.getByRole('region', { name: 'Tus respuestas' });
  await expect(answers).toContainText('Varias veces por semana');
  await expect(answers).toContainText('4 de 5');
  await expect(answers).toContainText('Descanso y relajación, Digestión');
  await expect(answers).toContainText('Sin respuesta');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'survey-thanks');

  // Stored: a reload shows the thanks with the same answers.
  await page.reload();
  await expect(thanks).toBeVisible();
  await expect(answers).toContainText('Más formación sobre plantas para el sueño.');

  // Editing starts from the stored answers; a change is saved over them.
  await tabTo(page, 'Editar mis respuestas');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: '4' }).first()).toBeChecked();
  await expect(improve).toHaveValue('Más formación sobre plantas para el sueño.');
  await tabTo(page, '4');
  await page.keyboard.press('ArrowLeft');
  await tabTo(page, 'Guardar los cambios');
  await page.keyboard.press('Enter');
  await expect(thanks).toBeFocused();
  await expect(answers).toContainText('3 de 5');
  await page.reload();
  await expect(answers).toContainText('3 de 5');
});

test('with no survey open, /encuestas says so', async ({ page }, testInfo) => {
  await logIn(page, userOf(testInfo));
  await page.route('**/api/v1/driver/survey', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: null }) }),
  );
  await page.goto('/encuestas');
  await expect(
    page.getByRole('heading', { name: 'Ahora mismo no hay ninguna encuesta abierta' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'survey-empty');
});

test('the home page shows the active messages; one opened is read from then on', async ({
  page,
}, testInfo) => {
  await logIn(page, userOf(testInfo));
  const section = page.getByRole('region', { name: 'Avisos del laboratorio' });
  await expect(section).toBeVisible();
  const cards = section.getByRole('link');
  await expect(cards).toHaveCount(3);
  // The recall first, every message unread; the one that has ended is not there.
  await expect(cards.first()).toContainText('Retirada de lote');
  await expect(section).toContainText('3 sin leer');
  await expect(section).not.toContainText('Horario de verano');
  await expect(section.getByText('Nuevo', { exact: true })).toHaveCount(3);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'home-messages');

  const closure = cards.filter({ hasText: 'Almacén cerrado' });
  const read = page.waitForResponse((response) => /\/api\/v1\/messages\/\d+\/read$/.test(response.url()));
  await closure.click();
  await expect(page).toHaveURL(/\/mensajes\/\d+$/);
  expect((await read).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /^Almacén cerrado el / })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Gracias por tu comprensión.');
  await expect(page.getByRole('article').locator('.lab-message__body p')).toHaveCount(3);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'message');

  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(section).toContainText('2 sin leer');
  await expect(closure.getByText('Nuevo', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(section).toContainText('2 sin leer');
  await expect(closure.getByText('Nuevo', { exact: true })).toHaveCount(0);
  await expect(cards.first().getByText('Nuevo', { exact: true })).toBeVisible();

  // A message that does not exist (or has ended) is the 404 page.
  await page.goto('/mensajes/999999');
  await expect(page.getByText('La página que estás buscando no existe.')).toBeVisible();
});
