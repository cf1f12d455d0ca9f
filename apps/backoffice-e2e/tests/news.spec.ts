/**
 * The back office's news: an admin writes a post in the rich-text editor (a subheading and a list from
 * the toolbar, bold and a link from the keyboard, the link dialog refusing a `javascript:` address),
 * is warned before leaving it unsaved, saves the draft, previews it as the portal shows it, publishes
 * it, and a visitor in another browser reads it on the portal with its subheading, list and link; the
 * admin then deletes it after confirming. The list is checked at both widths, and so is the editor's
 * page before the editor's own chunk has arrived: usable, nothing moving when the editor takes its
 * place, a save keeping the body. Each run writes its own post and deletes it: the server is shared by
 * the whole run.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, sendWithCsrf, test } from './support.ts';

async function shot(page: Page, name: string, fullPage = true) {
  await reviewShot(page, 'news', name, { fullPage });
}

/** A draft post with `title` and `body`, written through the API (the test deletes it). */
async function createDraft(page: Page, title: string, body: unknown[]): Promise<{ id: number }> {
  const created = await sendWithCsrf(page.request, 'POST', '/api/v1/admin/news', {
    title,
    excerpt: 'Cómo se cosecha la raíz.',
    category: 'Laboratorio',
    author: 'Equipo Botica',
    image_alt: 'Raíces de valeriana',
    body,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data;
}

async function openNews(page: Page) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Noticias' }).click();
  await expect(page).toHaveURL(/\/backoffice\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
}

test('the news list shows each post’s status and keeps its filters in the address', async ({
  page,
}, testInfo) => {
  await logIn(page, 'admin.demo');
  await openNews(page);
  await expect(page).toHaveTitle('Noticias · Botica Back office');
  const table = page
    .getByRole('grid', { name: 'Noticias' })
    .or(page.getByRole('table', { name: 'Noticias' }));
  await expect(table.getByText('Publicada').first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, `list-${testInfo.project.name === 'desktop' ? 1280 : 768}`);

  await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Borrador' });
  await expect(page).toHaveURL(/status=draft/);
  await page.goBack();
  await expect(page).toHaveURL(/\/backoffice\/news$/);
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('');

  if (testInfo.project.name !== 'desktop') return;
  // Usable on a 360 px phone: neither the list nor the editor scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await sideways()).toBe(0);
  await page.getByRole('link', { name: 'Nueva noticia' }).click();
  await expect(page.getByRole('textbox', { name: 'Cuerpo de la noticia' })).toBeVisible();
  expect(await sideways()).toBe(0);
  await expectAccessible(page);
});

test('an admin writes, previews and publishes a post; a visitor reads it on the portal', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the editor is a desk’s screen: written once, at 1280 px');
  const title = `Valeriana de otoño ${Date.now()}`;
  await logIn(page, 'admin.demo');
  await openNews(page);
  await page.getByRole('link', { name: 'Nueva noticia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Entradilla' })
    .fill('La cosecha de este año llega a las farmacias.');
  await page.getByRole('textbox', { name: 'Categoría' }).fill('Laboratorio');
  await page.getByRole('textbox', { name: 'Firma' }).fill('Equipo Botica');
  await page.getByRole('textbox', { name: 'Descripción de la imagen' }).fill('Raíces de valeriana secándose');

  const body = page.getByRole('textbox', { name: 'Cuerpo de la noticia' });
  const tool = (name: string) =>
    page.getByRole('toolbar', { name: 'Formato del cuerpo' }).getByRole('button', { name, exact: true });
  await body.click();
  // A subheading from the toolbar: its button says it is on while the cursor is in it.
  await tool('Subtítulo').click();
  await expect(tool('Subtítulo')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Qué cambia en la farmacia');
  await page.keyboard.press('Enter');
  await expect(tool('Subtítulo')).toHaveAttribute('aria-pressed', 'false');
  // Bold from the keyboard.
  await page.keyboard.type('La raíz llega ');
  await page.keyboard.press('Control+b');
  await expect(tool('Negrita')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('en octubre');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  // A list from the toolbar, left with a second Enter on an empty item.
  await tool('Lista').click();
  await expect(tool('Lista')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Formato de 60 cápsulas');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ficha técnica actualizada');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(tool('Lista')).toHaveAttribute('aria-pressed', 'false');
  // A link from the keyboard: the dialog refuses an address the portal would not follow.
  await page.keyboard.type('Más información en ');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Añadir un enlace' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Dirección' }).fill('javascript:alert(1)');
  await dialog.getByRole('textbox', { name: 'Texto del enlace' }).fill('la AEMPS');
  await dialog.getByRole('button', { name: 'Añadir el enlace' }).click();
  await expect(dialog.getByText(/Escribe una dirección que empiece por https:\/\//)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Dirección' }).fill('https://www.aemps.gob.es');
  await dialog.getByRole('textbox', { name: 'Dirección' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(body.getByRole('link', { name: 'la AEMPS' })).toHaveAttribute(
    'href',
    'https://www.aemps.gob.es',
  );
  await expect(page.getByText('Cambios sin guardar')).toBeVisible();
  await expectAccessible(page);

  // Leaving with unsaved changes asks first; staying keeps every word.
  await page.getByRole('link', { name: 'Volver a noticias' }).click();
  const leave = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/backoffice\/news\/new$/);
  await expect(body.getByRole('heading', { name: 'Qué cambia en la farmacia' })).toBeVisible();

  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Borrador guardado')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/news\/\d+$/);
  const id = Number(/\/news\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  await expect(page.getByText('Borrador', { exact: true })).toBeVisible();
  await shot(page, 'editor-1280');

  // The preview: the post as the portal shows it, before anyone can read it there.
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Qué cambia en la farmacia' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Formato de 60 cápsulas' })).toBeVisible();
  await expect(preview.getByRole('link', { name: /la AEMPS/ })).toHaveAttribute(
    'href',
    'https://www.aemps.gob.es',
  );
  await expect(preview.getByRole('img', { name: 'Raíces de valeriana secándose' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'en octubre' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'preview-1280', false);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  const visitor = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  try {
    const reader = await visitor.newPage();
    const draft = await reader.request.get(`/api/v1/cms/posts/${id}`);
    expect(draft.status()).toBe(404);

    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Noticia publicada')).toBeVisible();
    await expect(page.getByText('Publicada', { exact: true })).toBeVisible();

    await reader.goto(`/formacion/noticias/${id}`);
    const article = reader.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Qué cambia en la farmacia' })).toBeVisible();
    await expect(article.getByRole('list').last().getByRole('listitem')).toHaveText([
      'Formato de 60 cápsulas',
      'Ficha técnica actualizada',
    ]);
    await expect(article.getByRole('link', { name: /la AEMPS/ })).toHaveAttribute(
      'href',
      'https://www.aemps.gob.es',
    );
    await expect(article.locator('strong', { hasText: 'en octubre' })).toBeVisible();
    await shot(reader, 'portal-article-1280');
  } finally {
    await visitor.close();
  }

  // Deleting asks first, then the post is gone from the list.
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar la noticia?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Eliminar la noticia' }).click();
  await expect(page).toHaveURL(/\/backoffice\/news$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('a sales rep reads the news and their preview, without any button that changes them', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same at every width');
  await logIn(page, 'comercial.demo');
  await openNews(page);
  await expect(page.getByRole('link', { name: 'Nueva noticia' })).toHaveCount(0);
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Cuerpo de la noticia' })).toHaveAttribute(
    'contenteditable',
    'false',
  );
  for (const name of ['Guardar borrador', 'Publicar', 'Eliminar', 'Retirar del portal'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByRole('dialog', { name: 'Vista previa' })).toBeVisible();
  await page.goto('/backoffice/news/new');
  await expect(page.getByText('Este acceso no está disponible')).toBeVisible();
});

test('what is pasted into the body is cleaned to what a post may hold', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the editor is a desk’s screen');
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/news/new');
  const body = page.getByRole('textbox', { name: 'Cuerpo de la noticia' });
  await body.click();
  // A paste from a web page or a word processor, as the browser hands it to the editor.
  await body.evaluate((editor, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'texto');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, [
    '<style>p { color: red }</style><script>window.pasted = true</script>',
    '<h1>Titular pegado</h1><h4>Apartado pegado</h4>',
    '<p style="color:red" onclick="window.clicked = true">Hola <img src="/x.png" onerror="window.broken = true"><b>fuerte</b></p>',
    '<table><tr><th>Producto</th></tr><tr><td>Valeriana</td></tr></table>',
    '<p><a href="javascript:window.linked = true">peligroso</a> y <a href="https://www.ema.europa.eu/es">la EMA</a></p>',
  ].join(''));
  await expect(body).toContainText('Titular pegado');
  await expect(body).toContainText('Valeriana');
  await expect(body.locator('table, img, script, style, h1, h4, [style], [onclick]')).toHaveCount(0);
  await expect(body.locator('strong', { hasText: 'fuerte' })).toBeVisible();
  await expect(body.getByRole('link')).toHaveCount(1);
  await expect(body.getByRole('link', { name: 'la EMA' })).toHaveAttribute(
    'href',
    'https://www.ema.europa.eu/es',
  );
  await expect(body.getByText('peligroso')).toBeVisible();
  expect(
    await page.evaluate(() =>
      Object.keys(window).filter((key) => ['pasted', 'clicked', 'broken', 'linked'].includes(key)),
    ),
  ).toEqual([]);
});

test('the editor’s page works before the editor’s chunk arrives, which moves nothing and keeps the body', async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name === 'desktop' ? 1280 : 768;
  await logIn(page, 'admin.demo');
  const body = [
    { type: 'heading', level: 2, children: [{ text: 'En el campo' }] },
    {
      type: 'paragraph',
      children: [
        { text: 'La raíz se recoge a mano en octubre, cuando concentra sus aceites; ' },
        { text: 'se seca a la sombra', bold: true },
        { text: ' y se tritura en el laboratorio.' },
      ],
    },
    { type: 'list', style: 'bullet', items: [[{ text: 'Secado lento' }], [{ text: 'Triturado' }]] },
    { type: 'quote', children: [{ text: 'Cada lote se analiza antes de envasarlo.' }] },
  ];
  const post = await createDraft(page, `Valeriana sin prisa ${width} ${Date.now()}`, body);

  // The editor's chunk is held back, as on a slow connection, until the test lets it through.
  const gate: { letThrough: () => void; through?: Promise<void> } = { letThrough: () => undefined };
  gate.through = new Promise<void>((resolve) => {
    gate.letThrough = resolve;
  });
  await page.route('**/backoffice/assets/body-editor-*.js', async (route) => {
    await gate.through;
    await route.continue();
  });
  // Every layout shift not caused by the person's own input (what CLS counts).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/backoffice/news/${post.id}`);

  const loading = page.getByRole('group', { name: 'Cuerpo de la noticia' });
  await expect(loading).toHaveAttribute('aria-busy', 'true');
  await expect(loading).toContainText('se seca a la sombra');
  await expect(page.getByRole('textbox', { name: 'Cuerpo de la noticia' })).toHaveCount(0);
  await expectAccessible(page);
  // Where the body's frame and the buttons under the form are on the page (not in the viewport: a
  // click may scroll it).
  const layout = () =>
    page.evaluate(() =>
      Object.fromEntries(
        ['.bo-news-editor__frame', '.bo-news-edit__actions'].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return [selector, box && { x: box.x + scrollX, y: box.y + scrollY, w: box.width, h: box.height }];
        }),
      ),
    );
  const before = await layout();
  expect(before['.bo-news-editor__frame']?.h).toBeGreaterThan(0);
  const actions = page.getByRole('button', { name: 'Guardar borrador' });
  await shot(page, `editor-loading-${width}`, false);

  // The rest of the form works: a new title saved before the editor is in keeps the body as it was.
  const title = page.getByRole('textbox', { name: 'Título' });
  await title.fill(`Valeriana sin prisa ${width} (revisada)`);
  await actions.click();
  await expect(page.getByText('Borrador guardado')).toBeVisible();
  const saved = await page.request.get(`/api/v1/admin/news/${post.id}`);
  expect(((await saved.json()) as { data: { body: unknown } }).data.body).toEqual(body);

  gate.letThrough();
  const editor = page.getByRole('textbox', { name: 'Cuerpo de la noticia' });
  await expect(editor).toContainText('se seca a la sombra');
  await expect(editor.locator('li')).toHaveCount(2);
  await expect(loading).toHaveCount(0);
  await expect(page.getByText('Cambios sin guardar')).toHaveCount(0);
  expect(await layout()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  await expectAccessible(page);
  // At the top again (the save scrolled to its button), to compare with the shot before.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `editor-loaded-${width}`, false);

  const removed = await sendWithCsrf(page.request, 'DELETE', `/api/v1/admin/news/${post.id}`, undefined);
  expect(removed.status()).toBeLessThan(300);
});

test('an editor’s chunk that cannot be loaded leaves the page, says so, and comes at “Reintentar”', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the loading itself does not depend on the width');
  await logIn(page, 'admin.demo');
  const body = [{ type: 'paragraph', children: [{ text: 'La raíz se recoge a mano en octubre.' }] }];
  const post = await createDraft(page, `Valeriana sin red ${Date.now()}`, body);

  // The network is gone when the editor's chunk is asked for, and back afterwards.
  let isOffline = true;
  await page.route('**/backoffice/assets/body-editor-*.js', (route) =>
    isOffline ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto(`/backoffice/news/${post.id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'No se ha podido cargar el editor del cuerpo' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('group', { name: 'Cuerpo de la noticia' })).toContainText('recoge a mano');
  await expectAccessible(page);
  await alert.scrollIntoViewIfNeeded();
  await shot(page, 'editor-failed-1280', false);
  // What was typed in the rest of the form stays, and saves.
  const title = page.getByRole('textbox', { name: 'Título' });
  await title.fill('Valeriana sin red (revisada)');

  isOffline = false;
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  const editor = page.getByRole('textbox', { name: 'Cuerpo de la noticia' });
  await expect(editor).toContainText('recoge a mano');
  await expect(alert).toHaveCount(0);
  await expect(title).toHaveValue('Valeriana sin red (revisada)');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Borrador guardado')).toBeVisible();
  const saved = await page.request.get(`/api/v1/admin/news/${post.id}`);
  expect(((await saved.json()) as { data: { title: string; body: unknown } }).data).toMatchObject({
    title: 'Valeriana sin red (revisada)',
    body,
  });

  const removed = await sendWithCsrf(page.request, 'DELETE', `/api/v1/admin/news/${post.id}`, undefined);
  expect(removed.status()).toBeLessThan(300);
});
