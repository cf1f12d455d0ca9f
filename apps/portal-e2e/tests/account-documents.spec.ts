/**
 * The account's documents as farmacia.demo at every width: PEDIDOS WEB with an
 * order's detail and timeline, ENVIOS, MIS FACTURAS (axe on each, screenshots kept in the test's
 * output folder); reordering an old order and sending it; downloading an invoice (a real PDF, one
 * page rendered with pdftoppm next to the screenshots); and farmacia.norte never reaching
 * farmacia.demo's documents, by the pages or by their addresses.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { acceptCookies, emptyCart, expectAccessible, logIn, test } from './support.ts';

interface Listed {
  id: number;
  number: string;
  pdf_url: string;
  order: { id: number };
}

async function clientId(request: APIRequestContext): Promise<number> {
  return (
    (await (await request.get('/api/v1/user')).json()) as {
      client: { id: number };
    }
  ).client.id;
}

test('PEDIDOS WEB: filters, an order with its lines, amounts and timeline', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.goto('/account/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos web' })).toBeVisible();
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(10);
  await expectAccessible(page);
  await page.screenshot({
    path: testInfo.outputPath('orders.png'),
    fullPage: true,
  });

  await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Entregado' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/estado=delivered/);
  await expect(cards.first().getByText('Entregado', { exact: true })).toBeVisible();
  const first = cards.first();
  await first.getByRole('button', { name: 'Ver detalle' }).click();
  const timeline = first.getByRole('list', { name: /Seguimiento del pedido/ });
  await expect(timeline.getByText(/enviado$/)).toBeVisible();
  // An order may leave the warehouse in more than one shipment (the demo data has some).
  await expect(timeline.getByText(/^Salida del almacén/).first()).toBeVisible();
  await expect(timeline.getByText(/^Factura F\d{4}-\d{6}$/).first()).toBeVisible();
  await expect(first.getByRole('table')).toBeVisible();
  await expect(first.getByText(/^Recargo de equivalencia/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: testInfo.outputPath('order-detail.png'),
    fullPage: true,
  });

  // A range that ends before it starts is refused in the form.
  await page.getByLabel('Desde').fill('2026-05-02');
  await page.getByLabel('Hasta').fill('2026-05-01');
  await expect(page.getByText('La fecha final no puede ser anterior a la inicial.')).toBeVisible();
});

test('ENVIOS: delivery notes with carrier, tracking, packages, the lines and their order', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.goto('/account/erp-shipments');
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Albarán AL-/ }) })
    .first();
  await expect(first.getByRole('link', { name: /^Seguimiento/ })).toHaveAttribute('href', /^https:\/\//);
  await first.getByText(/^Productos enviados/).click();
  // Each line with its lot and expiry date, for the pharmacy's traceability.
  await expect(first.getByText(/^Lote L\d{8} · Caduca el \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: testInfo.outputPath('shipments.png'),
    fullPage: true,
  });
  const order = first.getByRole('link', { name: /^PW-\d{4}-\d{6}$/ });
  const number = await order.textContent();
  await order.click();
  await expect(page.getByRole('heading', { level: 2, name: `Pedido ${number}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Seguimiento del pedido ${number}` })).toBeVisible();
});

test('MIS FACTURAS: invoices and refunds, and an invoice downloaded as a PDF', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await page.goto('/account/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis facturas' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Factura F\d{4}-\d{6}$/ }).first()).toBeVisible();
  await expect(
    page
      .getByRole('heading', {
        level: 3,
        name: /^Factura rectificativa R\d{4}-\d{6}$/,
      })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: testInfo.outputPath('invoices.png'),
    fullPage: true,
  });

  const heading = page.getByRole('heading', { level: 3, name: /^Factura F/ }).first();
  const number = ((await heading.textContent()) ?? '').replace('Factura ', '');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Descargar PDF de ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`factura-${number}.pdf`);
  const file = testInfo.outputPath(`factura-${number}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain(number);
  expect(text).toContain('Recargo de equivalencia');
  // One page as an image, to look at beside the screenshots.
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    testInfo.outputPath('invoice-page-1'),
  ]);
});

test('MIS FACTURAS: search by number and by a range of days, kept in the address', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the filters are the same at every width');
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  const id = await clientId(page.request);
  const all = (await (await page.request.get(`/api/v1/clients/${id}/invoices?per_page=50`)).json()) as {
    data: (Listed & { issued_at: string })[];
    meta: { total: number };
  };
  const wanted = all.data[5] as Listed & { issued_at: string };
  await page.goto('/account/invoices');
  const invoicesTitle = page.getByRole('heading', { level: 2, name: /^Facturas \(/ });
  await expect(invoicesTitle).toHaveText(`Facturas (${all.meta.total})`);
  const search = page.getByRole('form', { name: 'Buscar facturas' });

  // By a part of its number (its sequence's digits): that invoice alone, and no refund.
  await search.getByRole('searchbox', { name: /Número/ }).fill(wanted.number.slice(-6));
  await search.getByRole('button', { name: 'Filtrar' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`numero=${wanted.number.slice(-6)}`));
  await expect(invoicesTitle).toHaveText('Facturas (1)');
  await expect(page.getByRole('heading', { level: 3, name: `Factura ${wanted.number}` })).toBeVisible();
  await expect(page.getByText('Ninguna factura rectificativa cumple la búsqueda.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoices-by-number.png'), fullPage: true });
  // The address is the search: a reload keeps it.
  await page.reload();
  await expect(invoicesTitle).toHaveText('Facturas (1)');
  await expect(search.getByRole('searchbox', { name: /Número/ })).toHaveValue(wanted.number.slice(-6));

  // By the day it was issued (Madrid's), the number cleared.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(wanted.issued_at),
  );
  const sameDay = all.data.filter(
    (invoice) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(invoice.issued_at)) ===
      day,
  ).length;
  await search.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(invoicesTitle).toHaveText(`Facturas (${all.meta.total})`);
  await search.getByLabel('Desde').fill(day);
  await search.getByLabel('Hasta').fill(day);
  await search.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`desde=${day}&hasta=${day}`));
  await expect(invoicesTitle).toHaveText(`Facturas (${sameDay})`);
  await expect(page.getByRole('heading', { level: 3, name: `Factura ${wanted.number}` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('invoices-by-day.png'), fullPage: true });
});

test('reorders an old order and sends it', async ({ page, context, baseURL }, testInfo) => {
  // Sending is done once (the cart and the month's cap are shared by the widths' runs).
  test.skip(testInfo.project.name !== 'desktop', 'sent once, at the desktop width');
  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.demo');
  await emptyCart(page.request, 'farmacia.demo');
  await page.goto('/account/orders?estado=delivered&page=3');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .last();
  const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await card.getByRole('button', { name: 'Volver a pedir' }).click();
  await expect(card.getByRole('status')).toContainText('Hemos añadido los productos a tu pedido');
  await card.getByRole('link', { name: 'Ver mi pedido' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const send = page.getByRole('button', { name: 'Enviar pedido' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page).toHaveURL(/\/pedido-enviado\?pedido=\d+$/);
  expect(title).toMatch(/^Pedido PW-/);
});

test("farmacia.norte never sees farmacia.demo's documents, by the pages or by their addresses", async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  const demo = await playwright.request.newContext({ baseURL });
  await emptyCart(demo, 'farmacia.demo');
  const demoClient = await clientId(demo);
  const invoices = (
    (await (await demo.get(`/api/v1/clients/${demoClient}/invoices`)).json()) as { data: Listed[] }
  ).data;
  const theirs = invoices[0] as Listed;
  expect((await demo.get(new URL(theirs.pdf_url, baseURL).pathname)).headers()['content-type']).toBe(
    'application/pdf',
  );
  await demo.dispose();

  await acceptCookies(context, baseURL as string);
  await logIn(page, 'farmacia.norte');
  await page.goto('/account/invoices');
  await expect(page.getByRole('heading', { level: 3, name: /^Factura F/ }).first()).toBeVisible();
  await expect(page.getByText(theirs.number)).toHaveCount(0);
  await page.goto(`/account/orders?pedido=${theirs.order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos web' })).toBeVisible();
  await expect(page.locator(`#pedido-${theirs.order.id}`)).toHaveCount(0);
  const pdf = await page.request.get(new URL(theirs.pdf_url, baseURL).pathname);
  expect(pdf.status()).toBe(404);
  expect(pdf.headers()['content-type']).toContain('application/json');
  expect((await page.request.get(`/api/v1/clients/${demoClient}/invoices`)).status()).toBe(403);
  expect((await page.request.get(`/api/v1/clients/${demoClient}/orders/${theirs.order.id}`)).status()).toBe(
    403,
  );
});
