/**
 * A product's substitutes in the back office's editor: an admin finds products by search, adds them,
 * puts them in order and saves the list on its own, all from the keyboard; the portal's pharmacist
 * then gets them, in that order, on the sold-out product's page. The list is put back through the API
 * at the end: the server is shared by the whole run.
 */
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, reviewShot, test } from './support.ts';

interface Row {
  id: number;
  name: string;
  reference: string;
  stock: { state: string };
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await reviewShot(page, 'shortage', `${name}-${page.viewportSize()?.width ?? testInfo.project.name}`);
}

async function staffApi(request: APIRequestContext) {
  const token = async () => {
    await request.get('/sanctum/csrf-cookie');
    return decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  };
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin.demo', password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.ok()).toBe(true);
  return {
    async rows(query: string): Promise<Row[]> {
      const answer = await request.get(`/api/v1/admin/products?${query}`);
      expect(answer.ok()).toBe(true);
      return ((await answer.json()).data as Row[]).sort((a, b) => a.id - b.id);
    },
    async substitutes(id: number): Promise<number[]> {
      const answer = await request.get(`/api/v1/admin/products/${id}/substitutes`);
      expect(answer.ok()).toBe(true);
      return ((await answer.json()).data as { id: number }[]).map((item) => item.id);
    },
    async setSubstitutes(id: number, ids: number[]): Promise<void> {
      const answer = await request.put(`/api/v1/admin/products/${id}/substitutes`, {
        data: { ids },
        headers: { 'x-xsrf-token': await token() },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
  };
}

test("an admin chooses a sold-out product's substitutes in its editor", async ({
  page,
  request,
}, testInfo) => {
  const api = await staffApi(request);
  const soldOut = await api.rows('stock=out_of_stock&status=active');
  const inStock = await api.rows('stock=in_stock&status=active');
  const slot = testInfo.project.name === 'desktop' ? 0 : 1;
  const product = soldOut[soldOut.length - 1 - slot];
  const [first, second] = inStock.slice(10 + 2 * slot, 12 + 2 * slot) as [Row, Row];
  if (!product || !first || !second) throw new Error('the demo data has too few products');
  const original = await api.substitutes(product.id);
  await api.setSubstitutes(product.id, []);

  try {
    await logIn(page, 'admin.demo');
    await page.goto(`/backoffice/catalogue/products/${product.id}`);
    const section = page.getByRole('region', { name: 'Sustitutos' });
    await expect(section.getByText('Ninguno elegido: el portal ofrece los de por defecto.')).toBeVisible();

    const search = section.getByRole('searchbox', { name: 'Buscar un producto para añadirlo' });
    for (const row of [first, second]) {
      await search.fill(row.reference);
      const add = section.getByRole('button', { name: `Añadir ${row.name} como sustituto` });
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(section.getByRole('button', { name: `Quitar ${row.name}` })).toBeVisible();
    }
    // The second first.
    await section.getByRole('button', { name: `Subir ${second.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('listitem').first()).toContainText(second.name);
    await expectAccessible(page);
    await shot(page, testInfo, 'backoffice-substitutes');

    await section.getByRole('button', { name: 'Guardar sustitutos' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Sustitutos guardados')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Guardar sustitutos' })).toBeDisabled();
    expect(await api.substitutes(product.id)).toEqual([second.id, first.id]);

    // The pharmacist gets them, in that order, on the product's page.
    const portal = await page.context().browser()?.newContext({ baseURL: testInfo.project.use.baseURL });
    if (!portal) throw new Error('no browser');
    // The cookie dialog answered, so it does not cover the page.
    await portal.addCookies([
      {
        name: 'botica_consent',
        value: encodeURIComponent('{"m":0,"a":1}'),
        url: String(testInfo.project.use.baseURL),
      },
    ]);
    const pharmacist = await portal.newPage();
    await pharmacist.goto('/login');
    await pharmacist.getByRole('textbox', { name: 'Usuario' }).fill('farmacia.demo');
    await pharmacist.getByRole('textbox', { name: 'Contraseña' }).fill(PASSWORD);
    await pharmacist.getByRole('button', { name: 'Entrar' }).click();
    await pharmacist.waitForURL((url) => !url.pathname.startsWith('/login'));
    await pharmacist.goto(`/products/${product.id}`);
    const offered = pharmacist.getByRole('region', { name: 'Alternativas disponibles' }).getByRole('link');
    await expect(offered).toHaveText([second.name, first.name]);
    await portal.close();
  } finally {
    await api.setSubstitutes(product.id, original);
  }
});
