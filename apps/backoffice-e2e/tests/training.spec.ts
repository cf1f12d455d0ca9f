/**
 * The back office's training: an admin creates a webinar typed on Madrid's wall clock (a day of summer
 * time) and previews it; his edit on a version another admin has changed since is refused in Spanish;
 * the pharmacist, in his own browser, finds it in the portal's agenda at that Madrid time and signs up;
 * the admin sees him among the signups and downloads the attendees' CSV. Then a material: created, a
 * picture renamed `.pdf` refused by the file, a small real PDF uploaded and downloaded back. Every page
 * and dialog passes axe. Each run makes its own webinar and material (the server is shared by the whole
 * run) and deletes them at the end, behind their confirmations.
 */
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, logIn, reviewShot, submitLogin, test } from './support.ts';

/**
 * A small real PDF: one page saying `text`, its cross-reference table at the offsets it names.
 */
function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The smallest PNG: what a picture renamed `.pdf` sends. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b60000000049454e44ae426082',
  'hex',
);

/** The pharmacist's own browser, at the project's width, cookies answered, logged in on the portal. */
async function pharmacistPage(browser: Browser, baseURL: string, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: page.viewportSize(),
  });
  await context.addCookies([
    { name: 'botica_consent', value: encodeURIComponent('{"m":0,"a":1}'), url: baseURL },
  ]);
  const portal = await context.newPage();
  await portal.goto('/login');
  await submitLogin(portal, 'farmacia.demo');
  await portal.waitForURL((url) => !url.pathname.startsWith('/login'));
  return portal;
}

test('an admin creates a webinar at a Madrid time; the pharmacist finds it at that time and signs up; the admin downloads the attendees', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  const title = `Valeriana y sueño (${project})`;
  await logIn(page, 'admin.demo');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Formación' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/training\/webinars$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'training', `webinars-${project}`);

  await page.getByRole('link', { name: 'Nuevo webinar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo webinar' })).toBeVisible();
  // A room link that is not https: the message under the field, nothing saved.
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Tema', exact: true }).fill('Fitoterapia del sueño');
  await page.getByRole('textbox', { name: 'Ponente', exact: true }).fill('Dra. Ana Ruiz');
  await page
    .getByRole('textbox', { name: 'Titulación o cargo del ponente', exact: true })
    .fill('Doctora en Farmacia');
  await page.getByLabel('Comienzo (hora peninsular)').fill('2027-03-29T10:00');
  await page
    .getByRole('textbox', { name: 'Enlace de la sala', exact: true })
    .fill('http://meet.example/valeriana');
  await page
    .getByRole('textbox', { name: 'Resumen', exact: true })
    .fill('Lo que dicen los ensayos sobre la valeriana.');
  await page
    .getByRole('textbox', { name: 'Descripción', exact: true })
    .fill('Primer párrafo.\n\nSegundo párrafo.');
  await page.getByRole('button', { name: 'Crear webinar' }).click();
  await expect(page.getByText('Escribe un enlace completo que empiece por https://.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Enlace de la sala', exact: true })
    .fill('https://meet.example/valeriana');

  // A product found by name, added.
  await page.getByRole('searchbox', { name: 'Buscar producto por nombre o referencia' }).fill('a');
  await page.getByRole('button', { name: 'Buscar producto' }).click();
  const found = page.getByRole('list', { name: 'Productos encontrados' });
  await found
    .getByRole('button', { name: /^Añadir / })
    .first()
    .click();

  // The preview says the Madrid time the pharmacist will read.
  const preview = page.getByRole('region', { name: 'Vista previa en el portal' });
  await expect(preview).toContainText('lunes, 29 de marzo de 2027 · 10:00–11:00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Crear webinar' }).click();
  await expect(page.getByText('Webinar creado')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/training\/webinars\/\d+$/);
  const id = /\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Comienzo (hora peninsular)')).toHaveValue('2027-03-29T10:00');

  // Someone else saves it meanwhile (another admin's tab): this form's edit is refused, said in Spanish.
  const stored = await page.request.get(`/api/v1/admin/training/webinars/${id}`);
  const current = (await stored.json()).data;
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const other = await page.request.put(`/api/v1/admin/training/webinars/${id}`, {
    headers: { 'x-xsrf-token': decodeURIComponent(token) },
    data: {
      title,
      topic: current.topic,
      summary: current.summary,
      description: current.description.join('\n\n'),
      speaker_name: current.speaker_name,
      speaker_title: 'Doctora en Farmacia, Universidad de Granada',
      starts_at_local: current.starts_at_local,
      duration_minutes: current.duration_minutes,
      join_url: current.join_url,
      recording_url: null,
      product_ids: current.products.map((product: { id: number }) => product.id),
      version: current.version,
    },
  });
  expect(other.status(), await other.text()).toBe(200);
  await page.getByRole('textbox', { name: 'Resumen', exact: true }).fill('Un resumen que llega tarde.');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByText('Otra persona lo ha cambiado mientras lo editabas.', { exact: false }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('textbox', { name: 'Titulación o cargo del ponente', exact: true }),
  ).toHaveValue('Doctora en Farmacia, Universidad de Granada');

  // The pharmacist, in his own browser: the agenda shows it at 10:00 Madrid; he signs up.
  const portal = await pharmacistPage(browser, baseURL as string, page);
  try {
    await portal.goto('/formacion/agenda-webinars');
    const card = portal.getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('lunes, 29 de marzo de 2027 · 10:00–11:00');
    await reviewShot(portal, 'training', `portal-agenda-${project}`);
    await card.getByRole('link', { name: title }).click();
    await portal.getByRole('button', { name: 'Inscribirme' }).click();
    await expect(portal.getByText('Estás inscrito en este webinar.')).toBeVisible();
  } finally {
    await portal.context().close();
  }

  // The admin sees him among the signups, and downloads them.
  await page.reload();
  const signups = page.getByRole('region', { name: /^Inscritos/ });
  await expect(signups.getByRole('rowheader').first()).toBeVisible();
  await expect(signups).toContainText('farmacia.demo');
  await expectAccessible(page);
  await reviewShot(page, 'training', `webinar-${project}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`inscritos-webinar-${id}.csv`);
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Farmacia;Usuario;Nombre;Correo electrónico;Fecha de inscripción');
  expect(lines.slice(1).some((line) => line.split(';')[1] === 'farmacia.demo')).toBe(true);

  // Deleted behind its confirmation.
  await page.getByRole('button', { name: 'Eliminar webinar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este webinar?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/backoffice\/training\/webinars$/);
  await expect(page.getByText('Webinar eliminado')).toBeVisible();
});

test('an admin adds a material: a renamed picture is refused by the file, a real PDF is stored and downloads back', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  const title = `Valeriana: revisión clínica (${project})`;
  await logIn(page, 'admin.demo');
  await page.goto('/backoffice/training/materials');
  await expect(page.getByRole('heading', { level: 1, name: 'Material científico' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'training', `materials-${project}`);

  await page.getByRole('link', { name: 'Nuevo material' }).click();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByLabel('Fecha de publicación').fill('2027-03-29');
  await page.getByRole('textbox', { name: 'Etiquetas', exact: true }).fill('Sueño, Valeriana');
  await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Ensayos y metaanálisis.');
  await page.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Documento creado')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const file = page.getByLabel('Subir el PDF');
  await file.setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: PNG });
  await page.getByRole('button', { name: 'Subir PDF' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El fichero no es un PDF válido.' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'training', `material-refused-${project}`);

  const pdf = tinyPdf('Valeriana');
  await file.setInputFiles({ name: 'valeriana.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Subir PDF' }).click();
  await expect(page.getByText('PDF guardado')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'valeriana.pdf' }).click(),
  ]);
  expect((await readFile((await download.path()) as string)).equals(pdf)).toBe(true);
  await expectAccessible(page);
  await reviewShot(page, 'training', `material-${project}`);

  await page.getByRole('button', { name: 'Eliminar documento' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este documento?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/backoffice\/training\/materials$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.goto('/backoffice/training/newsletters');
  await expect(page.getByRole('heading', { level: 1, name: 'Boletines' })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, 'training', `newsletters-${project}`);
});
