/**
 * The back office's surveys on a real database: writing, opening, closing and deleting a survey are the
 * admins' alone, reading it and its results the staff's (401, 419, 403 without a word of the data); a
 * draft is invisible to the pharmacists; the questions freeze once a pharmacy answers (409); the
 * results and the CSV count exactly the responses the pharmacists sent through the portal, a sales rep
 * his pharmacies' only; a closed survey takes no more answers; each change leaves its audit row.
 */
import { ADMIN_SURVEY_MESSAGES, type SurveyInput } from '@botica/api-client/admin';
import { madridWallClock, SURVEY_MESSAGES } from '@botica/domain';
import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SURVEYS = '/api/v1/admin/surveys';
const PORTAL_SURVEY = '/api/v1/driver/survey';

/** A Madrid minute `days` from now, as the editor types it. */
function madridMinute(days: number): string {
  return madridMinuteOf(new Date(Date.now() + days * 86_400_000));
}

/** The Madrid minute an instant falls in, as the editor types it. */
function madridMinuteOf(instant: Date | string): string {
  return madridWallClock(instant);
}

/** A survey of every kind of question, in the future, a draft. */
function surveyInput(title: string, overrides: Partial<SurveyInput> = {}): SurveyInput {
  return {
    title,
    intro: 'Dos minutos para mejorar el portal.',
    opens_at: madridMinute(2),
    closes_at: madridMinute(20),
    draft: true,
    questions: [
      {
        kind: 'single',
        prompt: '¿Cómo conociste el portal?',
        help: null,
        required: true,
        options: [{ label: 'Por mi comercial' }, { label: 'Por correo' }, { label: 'Otro' }],
      },
      {
        kind: 'multiple',
        prompt: '¿Qué secciones usas?',
        help: 'Marca todas las que uses.',
        required: false,
        options: [{ label: 'Catálogo' }, { label: 'Pedidos' }, { label: 'Formación' }],
        max_choices: null,
      },
      {
        kind: 'rating',
        prompt: '¿Qué te parece el portal?',
        help: null,
        required: true,
        min_label: 'Nada útil',
        max_label: 'Muy útil',
      },
      {
        kind: 'text',
        prompt: '¿Qué mejorarías?',
        help: null,
        required: false,
        min_length: null,
        max_length: 500,
      },
    ],
    ...overrides,
  };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** Reads records back as a spreadsheet does, with csv-parse: `;` fields, CRLF records, a BOM first. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the file opens with a BOM').toBe(true);
  expect(text.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  return parse(text, { delimiter: ';', record_delimiter: '\r\n', bom: true });
}

function adminSurveysSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's surveys on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let rep: InjectSession;
    let adminId: number;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      adminId = (await admin.request('GET', '/api/v1/user')).json().id;
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Trastienda'] });

    async function created(input: SurveyInput) {
      const response = await admin.request('POST', SURVEYS, { payload: input });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as {
        id: number;
        status: string;
        questions: { id: number; kind: string; options?: { id: number; label: string }[] }[];
      };
    }

    async function auditRows(id: number) {
      return server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'survey'), eq(auditLog.objectId, String(id))))
        .orderBy(asc(auditLog.id));
    }

    describe('who may call it', () => {
      let calls: Call[];
      let adminOnly: Call[];
      beforeAll(async () => {
        const survey = await created(surveyInput('Encuesta Trastienda de guardas'));
        const text = survey.questions[3]?.id;
        adminOnly = [
          { method: 'POST', url: SURVEYS, payload: surveyInput('Encuesta Trastienda nueva') },
          { method: 'PUT', url: `${SURVEYS}/${survey.id}`, payload: surveyInput('Encuesta Trastienda 2') },
          { method: 'POST', url: `${SURVEYS}/${survey.id}/open` },
          { method: 'POST', url: `${SURVEYS}/${survey.id}/close` },
          { method: 'DELETE', url: `${SURVEYS}/${survey.id}` },
        ];
        calls = [
          { method: 'GET', url: SURVEYS },
          { method: 'GET', url: `${SURVEYS}/${survey.id}` },
          { method: 'GET', url: `${SURVEYS}/${survey.id}/results` },
          { method: 'GET', url: `${SURVEYS}/${survey.id}/results/${text}/answers` },
          { method: 'GET', url: `${SURVEYS}/${survey.id}/responses.csv` },
          ...adminOnly,
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of calls) expectRefused(await send(anonymous, call), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of adminOnly) expectRefused(await send(admin, call, false), 419);
      });

      it('a pharmacy’s user → 403 on every call; a sales rep reads but changes nothing (403)', async () => {
        const pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
        for (const call of calls) expectRefused(await send(pharmacist, call), 403);
        for (const call of adminOnly) expectRefused(await send(rep, call), 403);
        for (const call of calls.filter((each) => each.method === 'GET')) {
          const response = await send(rep, call);
          expect(response.statusCode, `${call.url}: ${response.body}`).toBe(200);
        }
      });
    });

    it('refuses bad input with 422 and the Spanish message under its field', async () => {
      const crossed = await admin.request('POST', SURVEYS, {
        payload: surveyInput('Cruzada', { opens_at: madridMinute(5), closes_at: madridMinute(3) }),
      });
      expect(crossed.statusCode, crossed.body).toBe(422);
      expect(crossed.json().errors.closes_at).toEqual([ADMIN_SURVEY_MESSAGES.closesBeforeOpens]);
      const minute = madridMinute(4);
      const same = await admin.request('POST', SURVEYS, {
        payload: surveyInput('Mismo minuto', { opens_at: minute, closes_at: minute }),
      });
      expect(same.statusCode, same.body).toBe(422);
      expect(same.json().errors.closes_at).toEqual([ADMIN_SURVEY_MESSAGES.closesBeforeOpens]);

      const bad = await admin.request('POST', SURVEYS, {
        payload: {
          ...surveyInput('  '),
          opens_at: '2026-02-31T09:00',
          questions: [
            { kind: 'single', prompt: 'Sí o no', help: null, required: true, options: [{ label: 'Sí' }] },
          ],
        },
      });
      expect(bad.statusCode, bad.body).toBe(422);
      const { errors, message } = bad.json();
      expect(typeof message).toBe('string');
      expect(errors.title).toEqual([ADMIN_SURVEY_MESSAGES.titleRequired]);
      expect(errors.opens_at).toEqual([ADMIN_SURVEY_MESSAGES.dateInvalid]);
      expect(errors['questions.0.options']).toEqual([ADMIN_SURVEY_MESSAGES.optionsRequired]);

      const none = await admin.request('POST', SURVEYS, { payload: surveyInput('Vacía', { questions: [] }) });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.questions).toEqual([ADMIN_SURVEY_MESSAGES.questionsRequired]);
    });

    it('creates a draft with its questions, which the pharmacists never see, and audits it', async () => {
      const survey = await created(surveyInput('Borrador Trastienda'));
      expect(survey.status).toBe('draft');
      expect(survey.questions.map((question) => question.kind)).toEqual([
        'single',
        'multiple',
        'rating',
        'text',
      ]);
      expect(survey.questions[0]?.options?.map((option) => option.label)).toEqual([
        'Por mi comercial',
        'Por correo',
        'Otro',
      ]);
      const listed = (await admin.request('GET', SURVEYS)).json().data as { id: number; status: string }[];
      expect(listed.find((row) => row.id === survey.id)).toMatchObject({
        status: 'draft',
        questions: 4,
        responses: 0,
      });

      // Even with its dates around now, a draft is not the pharmacists'.
      const dates = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
        payload: {
          ...surveyInput('Borrador Trastienda', { opens_at: madridMinute(-1), closes_at: madridMinute(5) }),
          questions: survey.questions,
        },
      });
      expect(dates.statusCode, dates.body).toBe(200);
      expect(dates.json().data.status).toBe('draft');
      const pharmacist = await loggedIn(DEMO_ACCOUNTS.norte);
      const current = (await pharmacist.request('GET', PORTAL_SURVEY)).json().data;
      expect(current?.survey.id).not.toBe(survey.id);
      const answered = await pharmacist.request('PUT', `${PORTAL_SURVEY}/${survey.id}/answer`, {
        payload: { answers: {} },
      });
      expect(answered.statusCode).toBe(404);

      const rows = await auditRows(survey.id);
      expect(rows.map((row) => row.action)).toEqual(['survey.created', 'survey.updated']);
      expect(rows[0]).toMatchObject({ userId: adminId, before: null });
      expect(rows[0]?.after).toMatchObject({ title: 'Borrador Trastienda', draft: true });
      expect((rows[1]?.after as { opens_at?: string } | undefined)?.opens_at).not.toBe(
        (rows[1]?.before as { opens_at?: string } | undefined)?.opens_at,
      );
    });

    it('edits, reorders, adds and removes questions while nobody has answered', async () => {
      const survey = await created(surveyInput('Editable Trastienda'));
      const [single, multiple, rating] = survey.questions;
      const response = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
        payload: surveyInput('Editable Trastienda', {
          questions: [
            {
              ...rating,
              kind: 'rating',
              prompt: '¿Lo recomendarías?',
              help: null,
              required: true,
              min_label: 'No',
              max_label: 'Sí',
            },
            {
              id: single?.id,
              kind: 'single',
              prompt: '¿Cómo conociste el portal?',
              help: null,
              required: true,
              options: [
                { id: single?.options?.[1]?.id, label: 'Por correo electrónico' },
                { label: 'En un congreso' },
              ],
            },
            {
              kind: 'text',
              prompt: 'Comentarios',
              help: null,
              required: false,
              min_length: 5,
              max_length: 300,
            },
          ] as SurveyInput['questions'],
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json().data;
      expect(saved.questions.map((question: { id: number }) => question.id).slice(0, 2)).toEqual([
        rating?.id,
        single?.id,
      ]);
      expect(saved.questions[0]).toMatchObject({ prompt: '¿Lo recomendarías?', min_label: 'No' });
      expect(saved.questions[1].options).toEqual([
        { id: single?.options?.[1]?.id, label: 'Por correo electrónico' },
        { id: 4, label: 'En un congreso' },
      ]);
      expect(saved.questions[2]).toMatchObject({ kind: 'text', min_length: 5, max_length: 300 });
      expect(saved.questions.some((question: { id: number }) => question.id === multiple?.id)).toBe(false);

      // A question of another survey is not this one's to keep.
      const other = await created(surveyInput('Otra Trastienda'));
      const foreign = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
        payload: surveyInput('Editable Trastienda', {
          questions: [
            {
              id: other.questions[3]?.id,
              kind: 'text',
              prompt: 'X',
              help: null,
              required: false,
              min_length: null,
              max_length: 10,
            },
          ],
        }),
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors['questions.0.id']).toEqual([ADMIN_SURVEY_MESSAGES.questionNotFound]);
    });

    describe('a survey the pharmacists answer', () => {
      let survey: Awaited<ReturnType<typeof created>>;
      const awkward = 'Más "vídeos"; y un catálogo\nen PDF, por favor';
      let ids: { single: number; multiple: number; rating: number; text: number };
      let options: { single: number[]; multiple: number[] };

      beforeAll(async () => {
        survey = await created(surveyInput('Abierta Trastienda'));
        const [single, multiple, rating, text] = survey.questions;
        ids = {
          single: single?.id ?? 0,
          multiple: multiple?.id ?? 0,
          rating: rating?.id ?? 0,
          text: text?.id ?? 0,
        };
        options = {
          single: single?.options?.map((option) => option.id) ?? [],
          multiple: multiple?.options?.map((option) => option.id) ?? [],
        };
      });

      it('opens now: no longer a draft, and the portal shows it', async () => {
        const opened = await admin.request('POST', `${SURVEYS}/${survey.id}/open`);
        expect(opened.statusCode, opened.body).toBe(200);
        expect(opened.json().data.status).toBe('open');
        const again = await admin.request('POST', `${SURVEYS}/${survey.id}/open`);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(ADMIN_SURVEY_MESSAGES.alreadyOpen);
        const pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
        expect((await pharmacist.request('GET', PORTAL_SURVEY)).json().data.survey.id).toBe(survey.id);
      });

      it('counts exactly the responses the pharmacists send through the portal; a sales rep his pharmacies’', async () => {
        const answers: Record<string, Record<string, unknown>> = {
          [DEMO_ACCOUNTS.demo]: {
            [ids.single]: options.single[0],
            [ids.multiple]: [options.multiple[0], options.multiple[1]],
            [ids.rating]: 5,
            [ids.text]: awkward,
          },
          [DEMO_ACCOUNTS.norte]: {
            [ids.single]: options.single[1],
            [ids.multiple]: [options.multiple[1]],
            [ids.rating]: 3,
          },
          [DEMO_ACCOUNTS.limite]: {
            [ids.single]: options.single[1],
            [ids.rating]: 4,
            [ids.text]: '=SUMA(A1)',
          },
        };
        for (const [username, given] of Object.entries(answers)) {
          const pharmacist = await loggedIn(username);
          const sent = await pharmacist.request('PUT', `${PORTAL_SURVEY}/${survey.id}/answer`, {
            payload: { answers: given },
          });
          expect(sent.statusCode, sent.body).toBe(200);
        }

        const results = (await admin.request('GET', `${SURVEYS}/${survey.id}/results`)).json().data;
        expect(results.responses).toBe(3);
        const [single, multiple, rating, text] = results.questions;
        expect(single.options.map((option: { count: number }) => option.count)).toEqual([1, 2, 0]);
        expect(single.answered).toBe(3);
        expect(multiple.options.map((option: { count: number }) => option.count)).toEqual([1, 2, 0]);
        expect(multiple.answered).toBe(2);
        expect(rating.distribution).toEqual([
          { value: 1, count: 0 },
          { value: 2, count: 0 },
          { value: 3, count: 1 },
          { value: 4, count: 1 },
          { value: 5, count: 1 },
        ]);
        expect(rating.mean).toBe(4);
        expect(text).toMatchObject({ kind: 'text', answered: 2 });

        const texts = (
          await admin.request('GET', `${SURVEYS}/${survey.id}/results/${ids.text}/answers`)
        ).json();
        expect(texts.meta).toMatchObject({ total: 2, current_page: 1 });
        expect(texts.data.map((row: { text: string }) => row.text).sort()).toEqual(
          ['=SUMA(A1)', awkward].sort(),
        );
        const notText = await admin.request('GET', `${SURVEYS}/${survey.id}/results/${ids.rating}/answers`);
        expect(notText.statusCode).toBe(404);

        const listed = (await admin.request('GET', SURVEYS)).json().data as {
          id: number;
          responses: number;
        }[];
        expect(listed.find((row) => row.id === survey.id)?.responses).toBe(3);

        // comercial.demo is farmacia.demo's rep, not farmacia.norte's.
        const narrowed = (await rep.request('GET', `${SURVEYS}/${survey.id}/results`)).json().data;
        expect(narrowed.responses).toBeGreaterThanOrEqual(1);
        expect(narrowed.responses).toBeLessThan(3);
        expect(
          narrowed.questions[2].distribution.find((row: { value: number }) => row.value === 3).count,
        ).toBe(0);
        const repCsv = parseCsv((await rep.request('GET', `${SURVEYS}/${survey.id}/responses.csv`)).body);
        expect(repCsv.length - 1).toBe(narrowed.responses);
        expect(repCsv.flat().join(' ')).not.toContain('Norte');
      });

      it('exports one CSV row per response, one column per question; awkward texts survive', async () => {
        const response = await admin.request('GET', `${SURVEYS}/${survey.id}/responses.csv`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toContain(`encuesta-${survey.id}-respuestas.csv`);
        const [header, ...rows] = parseCsv(response.body);
        expect(header).toEqual([
          'Fecha',
          'Farmacia',
          'Código cliente',
          '¿Cómo conociste el portal?',
          '¿Qué secciones usas?',
          '¿Qué te parece el portal?',
          '¿Qué mejorarías?',
        ]);
        expect(rows).toHaveLength(3);
        for (const row of rows) expect(row).toHaveLength(7);
        const demo = rows.find((row) => row[6] === awkward);
        expect(demo?.slice(3)).toEqual(['Por mi comercial', 'Catálogo | Pedidos', '5', awkward]);
        expect(demo?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        // A text a spreadsheet would run as a formula stays text.
        expect(rows.some((row) => row[6] === "'=SUMA(A1)")).toBe(true);
        expect(rows.some((row) => row[5] === '3' && row[6] === '')).toBe(true);
      });

      it('freezes the questions once answered (409), while the title and dates still change', async () => {
        const current = (await admin.request('GET', `${SURVEYS}/${survey.id}`)).json().data;
        expect(current.questions_editable).toBe(false);
        const changed = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
          payload: surveyInput('Abierta Trastienda', { draft: false }),
        });
        expect(changed.statusCode).toBe(409);
        expect(changed.json()).toEqual({ message: ADMIN_SURVEY_MESSAGES.questionsLocked });
        const reordered = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
          payload: {
            ...surveyInput('Abierta Trastienda', { draft: false }),
            questions: [...current.questions].reverse(),
          },
        });
        expect(reordered.statusCode).toBe(409);

        const retitled = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
          payload: {
            ...surveyInput('Tu opinión Trastienda', {
              draft: false,
              opens_at: madridMinute(-1),
              closes_at: madridMinute(30),
            }),
            intro: 'Otra introducción.',
            questions: current.questions,
          },
        });
        expect(retitled.statusCode, retitled.body).toBe(200);
        expect(retitled.json().data).toMatchObject({
          title: 'Tu opinión Trastienda',
          status: 'open',
          responses: 3,
        });

        const removed = await admin.request('DELETE', `${SURVEYS}/${survey.id}`);
        expect(removed.statusCode).toBe(409);
        expect(removed.json().message).toBe(ADMIN_SURVEY_MESSAGES.deleteAnswered);
      });

      it('closes now: the portal no longer shows it nor accepts a response; audited', async () => {
        const closed = await admin.request('POST', `${SURVEYS}/${survey.id}/close`);
        expect(closed.statusCode, closed.body).toBe(200);
        expect(closed.json().data.status).toBe('closed');
        expect((await admin.request('POST', `${SURVEYS}/${survey.id}/close`)).json().message).toBe(
          ADMIN_SURVEY_MESSAGES.alreadyClosed,
        );
        const pharmacist = await loggedIn(DEMO_ACCOUNTS.norte);
        const current = (await pharmacist.request('GET', PORTAL_SURVEY)).json().data;
        expect(current?.survey.id).not.toBe(survey.id);
        const late = await pharmacist.request('PUT', `${PORTAL_SURVEY}/${survey.id}/answer`, {
          payload: { answers: { [ids.single]: options.single[0], [ids.rating]: 1 } },
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe(SURVEY_MESSAGES.closed);
        expect((await admin.request('GET', `${SURVEYS}/${survey.id}/results`)).json().data.responses).toBe(3);

        // Saved again as the editor shows it (to the minute): its dates stay to the second, still closed.
        const shown = (await admin.request('GET', `${SURVEYS}/${survey.id}`)).json().data;
        const resaved = await admin.request('PUT', `${SURVEYS}/${survey.id}`, {
          payload: {
            ...surveyInput('Tu opinión Trastienda', { draft: false }),
            opens_at: madridMinuteOf(shown.opens_at),
            closes_at: madridMinuteOf(shown.closes_at),
            questions: shown.questions,
          },
        });
        expect(resaved.statusCode, resaved.body).toBe(200);
        expect(resaved.json().data).toMatchObject({
          status: 'closed',
          opens_at: shown.opens_at,
          closes_at: shown.closes_at,
        });

        const rows = await auditRows(survey.id);
        expect(rows.map((row) => row.action)).toEqual([
          'survey.created',
          'survey.opened',
          'survey.updated',
          'survey.closed',
          'survey.updated',
        ]);
        const [, opened, , closing] = rows;
        expect(opened?.before).toMatchObject({ draft: true });
        expect(opened?.after).toMatchObject({ draft: false });
        expect(
          new Date(String((closing?.after as { closes_at?: string } | undefined)?.closes_at)).getTime(),
        ).toBeLessThanOrEqual(Date.now());
        expect(closing?.userId).toBe(adminId);
      });
    });

    it('deletes a survey nobody answered, with an audit row of what it was', async () => {
      const survey = await created(surveyInput('Para borrar Trastienda'));
      const removed = await admin.request('DELETE', `${SURVEYS}/${survey.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await admin.request('GET', `${SURVEYS}/${survey.id}`)).statusCode).toBe(404);
      const rows = await auditRows(survey.id);
      expect(rows.at(-1)).toMatchObject({ action: 'survey.deleted', after: null });
      expect(rows.at(-1)?.before).toMatchObject({ title: 'Para borrar Trastienda' });
    });
  });
}

adminSurveysSuite(projectEngine());
