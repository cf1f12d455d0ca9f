/**
 * The back office's surveys: pharmacists answer an open survey of this spec's own; an admin finds it
 * under 'Encuestas', reads its results as a chart and as a table, closes it behind its confirmation,
 * and downloads the CSV of its responses (one row each). The portal then takes no more answers. An
 * admin also writes a survey, moves a question with the keyboard and previews it as the portal shows
 * it. Each project (desktop, tablet) works on surveys of its own: the server is shared by the run.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { expectAccessible, logIn, PASSWORD, reviewShot, test } from './support.ts';

/** A Madrid minute `days` from now, as the API takes it. */
function madridMinute(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A session of `username` on the API, sending the CSRF token with every change. */
async function apiAs(baseURL: string, username: string) {
  const request = await playwrightRequest.newContext({ baseURL });
  const token = async () => {
    await request.get('/sanctum/csrf-cookie');
    return decodeURIComponent(
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    );
  };
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: PASSWORD },
    headers: { 'x-xsrf-token': await token() },
  });
  expect(login.status(), await login.text()).toBe(200);
  const send = async (method: 'PUT' | 'POST', path: string, data?: unknown) =>
    request.fetch(path, { method, data, headers: { 'x-xsrf-token': await token() } });
  return { request, send };
}

interface StoredSurvey {
  id: number;
  questions: { id: number; options?: { id: number; label: string }[] }[];
}

/** An open survey of this spec's own, answered by two pharmacies through the portal's endpoint. */
async function answeredSurvey(baseURL: string, title: string): Promise<StoredSurvey> {
  const admin = await apiAs(baseURL, 'admin.demo');
  const created = await admin.send('POST', '/api/v1/admin/surveys', {
    title,
    intro: 'Nos ayuda a preparar el catálogo del año que viene.',
    opens_at: madridMinute(1),
    closes_at: madridMinute(20),
    draft: true,
    questions: [
      {
        kind: 'single',
        prompt: '¿Qué línea pides más?',
        help: null,
        required: true,
        options: [{ label: 'Dermocosmética' }, { label: 'Nutrición' }, { label: 'Higiene' }],
      },
      {
        kind: 'rating',
        prompt: '¿Qué te parecen los plazos de entrega?',
        help: null,
        required: true,
        min_label: 'Muy lentos',
        max_label: 'Muy rápidos',
      },
      {
        kind: 'text',
        prompt: '¿Qué echas en falta?',
        help: null,
        required: false,
        min_length: null,
        max_length: 500,
      },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const survey = ((await created.json()) as { data: StoredSurvey }).data;
  expect((await admin.send('POST', `/api/v1/admin/surveys/${survey.id}/open`)).status()).toBe(200);
  await admin.request.dispose();

  const [single, rating, text] = survey.questions;
  const options = single?.options?.map((option) => option.id) ?? [];
  const answers: Record<string, Record<string, unknown>> = {
    'farmacia.demo': {
      [single?.id ?? 0]: options[0],
      [rating?.id ?? 0]: 4,
      [text?.id ?? 0]: 'Más tallas de muestra',
    },
    'farmacia.norte': { [single?.id ?? 0]: options[1], [rating?.id ?? 0]: 2 },
  };
  for (const [username, given] of Object.entries(answers)) {
    const pharmacist = await apiAs(baseURL, username);
    const sent = await pharmacist.send('PUT', `/api/v1/driver/survey/${survey.id}/answer`, {
      answers: given,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await pharmacist.request.dispose();
  }
  return survey;
}

async function shot(page: Page, project: string, name: string) {
  await reviewShot(page, 'surveys', `${project}-${name}`);
}

async function openSurveys(page: Page) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Encuestas' })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/surveys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Encuestas' })).toBeVisible();
}

test('an admin reads a survey’s results as a chart and a table, closes it and downloads its responses', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  const title = `Pedidos y plazos (${project})`;
  const survey = await answeredSurvey(baseURL ?? '', title);

  await logIn(page, 'admin.demo');
  await openSurveys(page);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Abierta');
  await expect(row.getByRole('gridcell').nth(4)).toHaveText('2');
  await expectAccessible(page);
  await shot(page, project, 'list');

  // The status filter lives in the address.
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('open');
  await expect(page).toHaveURL(/\/backoffice\/surveys\?status=open$/);
  await expect(page.getByRole('row').filter({ hasText: 'Cerrada' })).toHaveCount(0);

  await row.getByRole('link', { name: `Ver resultados de ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/surveys/${survey.id}/results$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Resultados: ${title}`);
  await expect(page.getByRole('link', { name: 'Descargar CSV de 2 respuestas' })).toBeVisible();

  // The chart is one image with its figures in words, and the same figures in a table.
  const chart = page.getByRole('figure', { name: /¿Qué línea pides más\?/ });
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    /Dermocosmética, 1 respuesta \(50 %\); Nutrición, 1 respuesta \(50 %\); Higiene, 0 respuestas \(0 %\)/,
  );
  await expect(
    page.getByRole('figure', { name: /plazos de entrega/ }).getByText('Media: 3,00 de 5'),
  ).toBeVisible();
  await chart.getByText('Ver como tabla').click();
  const table = chart.getByRole('table', { name: /¿Qué línea pides más\?/ });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /Nutrición/ })).toContainText('50 %');
  await expect(page.getByText('Más tallas de muestra')).toBeVisible();
  await expectAccessible(page);
  await shot(page, project, 'results');

  // Closing asks first, then the portal takes no more answers.
  await page.getByRole('button', { name: 'Cerrar ahora' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Cerrar la encuesta ahora?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shot(page, project, 'close-dialog');
  await dialog.getByRole('button', { name: 'Cerrar ahora' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cerrada');
  await expect(page.getByRole('button', { name: 'Cerrar ahora' })).toHaveCount(0);

  const pharmacist = await apiAs(baseURL ?? '', 'farmacia.norte');
  const late = await pharmacist.send('PUT', `/api/v1/driver/survey/${survey.id}/answer`, {
    answers: {
      [survey.questions[0]?.id ?? 0]: survey.questions[0]?.options?.[2]?.id,
      [survey.questions[1]?.id ?? 0]: 5,
    },
  });
  expect(late.status()).toBe(409);
  await pharmacist.request.dispose();

  // The CSV: a spreadsheet's UTF-8 (its BOM), a header of the questions, one row per response.
  const link = page.getByRole('link', { name: /^Descargar CSV/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`encuesta-${survey.id}-respuestas.csv`);
  const csv = await readFile(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .filter((line) => line !== '');
  expect(lines[0]).toBe(
    'Fecha;Farmacia;Código cliente;¿Qué línea pides más?;¿Qué te parecen los plazos de entrega?;¿Qué echas en falta?',
  );
  expect(lines).toHaveLength(3);
  const answers = lines.slice(1).map((line) => line.split(';').slice(3));
  expect(answers).toContainEqual(['Dermocosmética', '4', 'Más tallas de muestra']);
  expect(answers).toContainEqual(['Nutrición', '2', '']);
  await shot(page, project, 'results-closed');

  // Answered, its questions are read-only; its introduction still changes.
  await page.getByRole('link', { name: 'Editar la encuesta' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/surveys/${survey.id}$`));
  await expect(page.getByRole('note')).toHaveText(/ya tiene respuestas: sus preguntas no se pueden cambiar/);
  await expect(page.getByRole('group', { name: 'Pregunta 1' })).toHaveCount(0);
  await page
    .getByRole('textbox', { name: 'Introducción' })
    .fill('Gracias a todas las farmacias que respondieron.');
  await page.getByRole('button', { name: 'Guardar los cambios' }).click();
  await expect(page.getByText('Encuesta guardada')).toBeVisible();
  await expectAccessible(page);
  await shot(page, project, 'editor-answered');
});

test('an admin writes a survey, moves a question with the keyboard and previews it', async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the journey once, at the desk’s width: the tablet run checks the pages and their reading',
  );
  const project = testInfo.project.name;
  await logIn(page, 'admin.demo');
  await openSurveys(page);
  await page.getByRole('link', { name: 'Nueva encuesta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva encuesta' })).toBeVisible();

  // Sent empty, each problem shows under its field.
  await page.getByRole('button', { name: 'Crear la encuesta' }).click();
  await expect(page.getByText('Escribe el título de la encuesta.')).toBeVisible();
  await expect(page.getByText('Escribe la pregunta.')).toBeVisible();

  const title = `Formación en farmacia (${project})`;
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('textbox', { name: 'Introducción' }).fill('Queremos saber qué cursos os interesan.');
  const first = page.getByRole('group', { name: 'Pregunta 1' });
  await first.getByRole('textbox', { name: 'Pregunta' }).fill('¿Qué formato prefieres?');
  await first.getByRole('textbox', { name: 'Opción 1' }).fill('Webinar');
  await first.getByRole('textbox', { name: 'Opción 2' }).fill('Presencial');
  await page.getByRole('button', { name: 'Añadir pregunta' }).click();
  const second = page.getByRole('group', { name: 'Pregunta 2' });
  await second.getByRole('combobox', { name: 'Tipo' }).selectOption('rating');
  await second.getByRole('textbox', { name: 'Pregunta' }).fill('¿Te resultan útiles los cursos?');
  await expectAccessible(page);
  await shot(page, project, 'editor');

  // 'Subir' by the keyboard: the question moves and the focus stays with it.
  await page.getByRole('button', { name: 'Subir la pregunta 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('group', { name: 'Pregunta 1' }).getByRole('textbox', { name: 'Pregunta' }),
  ).toHaveValue('¿Te resultan útiles los cursos?');
  await expect(page.getByRole('button', { name: 'Bajar la pregunta 1' })).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'Pregunta movida a la posición 1 de 2.' }),
  ).toBeAttached();

  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa en el portal' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('radiogroup', { name: /¿Qué formato prefieres\?/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, project, 'preview');
  await preview.getByRole('button', { name: 'Cerrar la vista previa' }).click();

  await page.getByRole('button', { name: 'Crear la encuesta' }).click();
  await expect(page).toHaveURL(/\/backoffice\/surveys\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Borrador');
  await expect(
    page.getByRole('group', { name: 'Pregunta 1' }).getByRole('textbox', { name: 'Pregunta' }),
  ).toHaveValue('¿Te resultan útiles los cursos?');
  await expectAccessible(page);
  await shot(page, project, 'editor-saved');
});
