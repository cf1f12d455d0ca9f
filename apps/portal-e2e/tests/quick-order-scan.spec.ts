/**
 * 'Escanear' on the quick order with a camera: Chromium's fake camera plays a generated video of a
 * demo product's EAN-13 (fake-camera.ts; in view two seconds, away two, looping), and the product
 * lands on the quick order, one unit per time the box comes into view, however many frames show it.
 * Debian's Chromium has no BarcodeDetector, so this is the polyfill on ZXing's WebAssembly, served by
 * the portal. The camera is stopped when the view closes. And where the camera cannot be used (the
 * browser refuses it, or there is none) the view says so in Spanish and the grid still takes typed
 * codes. At 360 and 1280 px, with axe.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ean13WithCheckDigit, writeFakeCamera } from './fake-camera.ts';
import { acceptCookies, expectAccessible, logIn, test as plainTest } from './support.ts';

/** A demo product, and its EAN as the demo data makes it: '847000' and its CN, from its id. */
const PRODUCT_ID = 1;
const EAN = ean13WithCheckDigit(`847000${100_000 + PRODUCT_ID}`);

/** A browser started with these switches besides the suite's. */
function browserWith(switches: (outputDir: string, project: string) => string[]) {
  return plainTest.extend({
    launchOptions: [
      async ({ launchOptions }, use, workerInfo) => {
        const args = switches(workerInfo.project.outputDir, workerInfo.project.name);
        await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...args] });
      },
      { scope: 'worker' },
    ],
  });
}

/**
 * A camera that films the box: the video is generated (into the run's output folder) before the
 * browser starts, and the browser's consent is given as a pharmacist's tap would.
 */
const test = browserWith((outputDir, project) => {
  const dir = join(outputDir, 'fake-camera');
  mkdirSync(dir, { recursive: true });
  const video = writeFakeCamera(join(dir, `${project}.y4m`), { code: EAN });
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ];
});

/** A camera the browser does not let the page use: nobody answers its question, so it refuses. */
const refusingTest = browserWith(() => ['--use-fake-device-for-media-stream']);

plainTest.beforeEach(async ({ context, baseURL }, testInfo) => {
  plainTest.skip(testInfo.project.name === 'tablet', 'at 360 and 1280 px');
  await acceptCookies(context, baseURL as string);
});

/** The product's name, as the portal's API gives it. */
async function productName(page: Page): Promise<string> {
  const answer = await page.request.get(`/api/v1/products/${PRODUCT_ID}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { name: string } }).data.name;
}

/** Every camera stream the page opens, kept where the test can ask whether its tracks have ended. */
async function watchCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (devices === undefined) return;
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

async function trackStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
      .flatMap((stream) => stream.getTracks())
      .map((track) => track.readyState),
  );
}

test('a box shown to the camera lands on the quick order, one unit each time it comes into view', async ({
  page,
}) => {
  await watchCameraStreams(page);
  await logIn(page, 'farmacia.demo');
  const name = await productName(page);
  await page.goto('/pedido-rapido');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeVisible();

  await page.getByRole('button', { name: 'Escanear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escanear códigos de barras' });
  await expect(dialog).toBeVisible();
  // The polyfill and its WebAssembly load now, from the portal itself.
  const confirmation = dialog.locator('[aria-live="polite"]');
  await expect(confirmation).toContainText(EAN, { timeout: 30_000 });
  const firstScan = Date.now();
  await expect(confirmation).toContainText(name);
  await expectAccessible(page, '.bt-modal');

  // The box stays in view for a while after its first reading, read on every frame: still one unit.
  // Once it has been away and comes back, it is a second scan.
  await expect(confirmation).toContainText('(2 lecturas)', { timeout: 15_000 });
  // The second scan is the box back after two seconds away, not the next frame of the first.
  expect(Date.now() - firstScan).toBeGreaterThan(1500);
  const code = page.getByRole('textbox', { name: /^Código de la línea \d+$/ });
  await expect(code).toHaveCount(1);
  await expect(code).toHaveValue(EAN);
  const quantity = page.getByRole('textbox', { name: /^Cantidad de la línea \d+$/ }).first();
  // The grid holds as many units as scans were confirmed (a third may come while this reads).
  await expect
    .poll(async () => {
      const scans = Number(/\((\d+) lecturas\)/.exec((await confirmation.textContent()) ?? '')?.[1] ?? '1');
      return Number(await quantity.inputValue()) === scans && scans >= 2;
    })
    .toBe(true);
  expect(await trackStates(page)).toEqual(['live']);

  await dialog.getByRole('button', { name: 'Terminar' }).click();
  await expect(dialog).toBeHidden();
  // The camera is let go: its track has ended.
  await expect.poll(() => trackStates(page)).toEqual(['ended']);
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Escanear' })).toBeFocused();
  await expectAccessible(page);
});

/** Opens the camera view, where the camera cannot be used: the message, then the grid still works. */
async function scanWithoutCamera(page: Page, message: string): Promise<void> {
  await logIn(page, 'farmacia.demo');
  const name = await productName(page);
  await page.goto('/pedido-rapido');
  await page.getByRole('button', { name: 'Escanear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escanear códigos de barras' });
  await expect(dialog.getByRole('status')).toHaveText(message);
  await expectAccessible(page, '.bt-modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Código de la línea 1' }).fill(EAN);
  await expect(page.getByText(name)).toBeVisible();
}

refusingTest(
  'a camera the browser refuses: the view says how to allow it, and the grid still takes typed codes',
  async ({ page }) => {
    await scanWithoutCamera(
      page,
      'El navegador no nos deja usar la cámara. Puedes permitirlo en los ajustes del navegador; mientras, escribe los códigos en la tabla.',
    );
  },
);

plainTest(
  'no camera at all (this machine has none): the view says so, and the grid still takes typed codes',
  async ({ page }) => {
    await scanWithoutCamera(
      page,
      'No encontramos ninguna cámara en este dispositivo. Escribe los códigos en la tabla.',
    );
  },
);
