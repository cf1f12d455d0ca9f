/**
 * The ERP's webhooks: an admin adds an endpoint (a receiver this spec runs on a free port, which first
 * refuses with a 410), sends it a test, sees the delivery failed with its HTTP status, and once the
 * receiver accepts, resends it and sees it delivered; the secret shows only after 'Mostrar'. Then the
 * endpoint is deleted: the server is shared by the whole run. The page is checked at both widths.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, test } from './support.ts';

const PAGE = '/backoffice/integration/webhooks';

async function openWebhooks(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
}

test('the webhooks page shows its endpoints and deliveries at both widths', async ({ page }, testInfo) => {
  await logIn(page, 'admin.demo');
  await openWebhooks(page);
  await expect(page).toHaveTitle('Webhooks · Botica Back office');
  await expect(page.getByRole('heading', { level: 2, name: 'Destinos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Últimos envíos' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'webhooks', `page-${testInfo.project.name === 'desktop' ? 1280 : 768}`);
});

test('an admin adds an endpoint, sees a failed delivery and resends it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey, at the desk’s width');
  let answer = 410;
  const hits: string[] = [];
  const receiver: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      hits.push(String(request.headers['webhook-id']));
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const path = `/erp-${Date.now()}`;
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  try {
    await logIn(page, 'admin.demo');
    await openWebhooks(page);
    await page.getByRole('button', { name: 'Nuevo destino' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo destino' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Dirección (URL)' }).fill('http://erp.example.es/avisos');
    await dialog.getByRole('button', { name: 'Añadir destino' }).click();
    await expect(dialog.getByText('La dirección debe empezar por https://')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Dirección (URL)' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill('ERP de pruebas');
    // Registrations only: the orders other specs place do not come here.
    // From the keyboard, as a desk's admin may.
    for (const [name, checked] of [
      [/Pedido realizado/, false],
      [/Pedido cancelado/, false],
      [/Solicitud de alta/, true],
    ] as const) {
      const box = dialog.getByRole('checkbox', { name });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked({ checked });
    }
    await dialog.getByRole('button', { name: 'Añadir destino' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: url });
    await expect(card).toBeVisible();
    await expect(card.getByText('whsec_', { exact: false })).toBeVisible();
    await expect(card.getByText(/^whsec_[A-Za-z0-9+/]{43}=$/)).toHaveCount(0);
    await card.getByRole('button', { name: 'Mostrar' }).click();
    await expect(card.getByText(/^whsec_[A-Za-z0-9+/]{43}=$/)).toBeVisible();
    await card.getByRole('button', { name: 'Ocultar' }).click();

    await card.getByRole('button', { name: 'Enviar prueba' }).click();
    const table = page
      .getByRole('grid', { name: 'Últimos envíos' })
      .or(page.getByRole('table', { name: 'Últimos envíos' }));
    const row = table.getByRole('row').filter({ hasText: url }).filter({ hasText: 'Prueba' });
    await expect(row.getByText('Fallido')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('HTTP 410')).toBeVisible();
    await expect(card.getByText('1 envío fallido')).toBeVisible();
    await expectAccessible(page);
    await reviewShot(page, 'webhooks', 'failed-1280');

    answer = 204;
    await row.getByRole('button', { name: /^Reenviar/ }).click();
    await expect(row.getByText('Entregado')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole('button', { name: /^Reenviar/ })).toHaveCount(0);
    expect(hits).toHaveLength(2);
    expect(hits[1]).toBe(hits[0]);

    // On a tablet and a phone the long addresses wrap: nothing scrolls sideways.
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await sideways()).toBe(0);
    await reviewShot(page, 'webhooks', 'delivered-768');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sideways()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este destino?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(card).toBeHidden();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
