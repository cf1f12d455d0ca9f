/**
 * A product's pictures: an admin chooses files from the keyboard and drops none of them by hand: a
 * real PNG and a JPEG go up one after another, a PDF called .jpg and a file over the limit are refused
 * next to their names in Spanish; the pictures are reordered with 'Bajar' from the keyboard and one
 * is deleted after confirming. Then farmacia.demo, in another browser, sees the picture on the
 * product's page, and each of its three sizes answers as a WebP of the right width. A sales rep reads
 * the same page without a button. Each width changes its own product, which no other spec touches.
 */

import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, reviewShot, sendWithCsrf, submitLogin, test } from './support.ts';

// The sales rep reads the pictures the admin's test left on the same product.
test.describe.configure({ mode: 'serial' });

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG (8-bit RGB): a flask-like shape of `colour` on white, so that the WebP sizes show it
 * centred; a few KB.
 */
function png(width: number, height: number, colour: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    for (let x = 0; x < width; x += 1) {
      const neck = Math.abs(x - width / 2) < width / 8 && y < height / 3;
      const body = Math.hypot((x - width / 2) / (width / 2.6), (y - (height * 2) / 3) / (height / 3.2)) < 1;
      if (neck || body) row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real PDF, as someone might rename one to .jpg. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The width and height a WebP file declares (lossy, lossless or extended). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
  const kind = bytes.toString('latin1', 12, 16);
  if (kind === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (kind === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(kind).toBe('VP8X');
  return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
}

async function apiSession(baseURL: string, username: string): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL });
  const answer = await sendWithCsrf(request, 'POST', '/api/v1/auth/login', { username, password: PASSWORD });
  expect(answer.ok(), await answer.text()).toBe(true);
  return request;
}

interface Listed {
  product: { id: number; name: string };
  pictures: {
    position: number;
    version: string;
    image: Record<'thumbnail' | 'miniproduct' | 'full', string>;
  }[];
}

/** This width's product: one of the last of the catalogue by name, a different one per width. */
async function productFor(baseURL: string, project: string): Promise<{ id: number; name: string }> {
  const pharmacy = await apiSession(baseURL, 'farmacia.demo');
  const answer = await sendWithCsrf(pharmacy, 'POST', '/api/v1/products/search', {
    sort: 'name_desc',
    per_page: 10,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: { id: number; name: string }[] };
  await pharmacy.dispose();
  const product = data[project === 'desktop' ? 1 : 2];
  if (!product) throw new Error('the catalogue has too few products');
  return product;
}

async function listed(page: Page, productId: number): Promise<Listed> {
  const answer = await page.request.get(`/api/v1/admin/products/${productId}/pictures`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Listed }).data;
}

/** The files of the upload's list, by name. */
function queued(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Ficheros elegidos' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

test('an admin uploads, reorders and deletes pictures, and the pharmacist sees them in the portal', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 1280;
  const product = await productFor(baseURL as string, testInfo.project.name);
  await logIn(page, 'admin.demo');
  await page.goto(`/backoffice/catalogue/products/${product.id}/pictures`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fotografías de ${product.name}`);
  await expect(page).toHaveTitle(`Fotografías · ${product.name} · Botica Back office`);
  await expect(page.getByText('Este producto no tiene fotografías')).toBeVisible();
  await expectAccessible(page);

  // The keyboard reaches the picker; four files go up one after another.
  const choose = page.getByRole('button', { name: 'Elegir ficheros…' });
  await choose.focus();
  await expect(choose).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([
    { name: 'frasco-verde.png', mimeType: 'image/png', buffer: png(240, 320, [30, 150, 70]) },
    { name: 'ficha-tecnica.jpg', mimeType: 'image/jpeg', buffer: PDF },
    {
      name: 'enorme.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png(8, 8, [0, 0, 0]), Buffer.alloc(10 * 1024 * 1024 + 1)]),
    },
    { name: 'frasco-azul.png', mimeType: 'image/png', buffer: png(320, 240, [30, 60, 200]) },
  ]);
  await expect(queued(page, 'frasco-azul.png')).toContainText('Subida', { timeout: 30_000 });
  await expect(queued(page, 'frasco-verde.png')).toContainText('Subida');
  await expect(queued(page, 'ficha-tecnica.jpg').getByRole('alert')).toHaveText(
    'El fichero no es una imagen JPEG, PNG, WebP o AVIF.',
  );
  await expect(queued(page, 'enorme.png').getByRole('alert')).toHaveText('Fichero demasiado grande');
  const cards = page.getByRole('listitem', { name: /^Fotografía \d de 2$/ });
  await expect(cards).toHaveCount(2);
  // Every picture on screen has loaded (a WebP the browser decoded).
  await expect
    .poll(() =>
      page
        .locator('.bo-pictures__card img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  await expectAccessible(page);
  await reviewShot(page, 'pictures', `pictures-${width}`);
  // Usable on a phone's width: nothing wider than the screen.
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await reviewShot(page, 'pictures', `pictures-360-from-${width}`);
  await page.setViewportSize(viewport);

  // 'Bajar' from the keyboard: the green one goes second, the focus stays with it.
  const before = await listed(page, product.id);
  const down = page.getByRole('button', { name: 'Bajar la fotografía 1' });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Subir la fotografía 2' })).toBeFocused();
  const after = await listed(page, product.id);
  expect(after.pictures.map((picture) => picture.version)).toEqual(
    [...before.pictures].reverse().map((picture) => picture.version),
  );
  await expect(
    page.getByRole('img', { name: `${product.name}, fotografía 1 (tamaño tarjeta, 360 px)` }),
  ).toHaveAttribute('src', after.pictures[0]?.image.miniproduct ?? '');

  // Deleting asks first; the dialog is accessible; the green one goes.
  await page.getByRole('button', { name: 'Eliminar la fotografía 2' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Eliminar la fotografía 2?');
  await expectAccessible(page, '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(cards).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Fotografía 1 de 1' })).toBeVisible();
  const left = await listed(page, product.id);
  expect(left.pictures.map((picture) => picture.version)).toEqual([after.pictures[0]?.version]);
  const blue = left.pictures[0];
  if (!blue) throw new Error('no picture left');

  // The pharmacist, in another browser: the product page shows the blue one at its versioned address.
  const portal = await browser.newContext({ baseURL: baseURL as string, viewport: page.viewportSize() });
  await portal.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL as string },
  ]);
  const pharmacist = await portal.newPage();
  await pharmacist.goto('/login');
  await submitLogin(pharmacist, 'farmacia.demo');
  await pharmacist.waitForURL((url) => !url.pathname.startsWith('/login'));
  await pharmacist.goto(`/products/${product.id}`);
  const shown = pharmacist.getByRole('img', { name: product.name, exact: true });
  await expect(shown).toHaveAttribute('src', blue.image.full);
  await expect.poll(() => shown.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1000);
  for (const [size, pixels] of [
    ['thumbnail', 120],
    ['miniproduct', 360],
    ['full', 1000],
  ] as const) {
    const answer = await pharmacist.request.get(blue.image[size]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/webp');
    expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webpSize(await answer.body())).toEqual({ width: pixels, height: pixels });
  }
  await portal.close();
});

test('a sales rep reads a product’s pictures without a button to change them', async ({
  page,
  baseURL,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 1280;
  const product = await productFor(baseURL as string, testInfo.project.name);
  await logIn(page, 'comercial.demo');
  await page.goto(`/backoffice/catalogue/products/${product.id}/pictures`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fotografías de ${product.name}`);
  await expect(page.getByText('Solo lectura: las fotografías las cambia un administrador.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Fotografía 1 de 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Elegir ficheros|Subir|Bajar|Eliminar/ })).toHaveCount(0);
  await expectAccessible(page);
  await reviewShot(page, 'pictures', `pictures-rep-${width}`);
});
