/**
 * 'Te escuchamos' and the laboratory's messages on a real database: the
 * contract of `GET /api/v1/driver/survey`, `PUT /api/v1/driver/survey/{id}/answer`, `GET
 * /api/v1/messages`, `/messages/{id}` and `POST /messages/{id}/read`; their security (401 anonymous,
 * 403 for a sales rep, 419 without CSRF); the 422s of invalid answers; answers and read states per
 * user, never another's; a closed survey refused; messages only while active.
 */
import {
  AnswerSurveyResponseSchema,
  CurrentSurveyResponseSchema,
  ErrorBodySchema,
  LabMessageResponseSchema,
  LabMessagesResponseSchema,
  type Survey,
  type SurveyQuestion,
} from '@botica/api-client/schemas';
import { SURVEY_MESSAGES, textTooLongMessage } from '@botica/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { labMessageReads, surveyResponses } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function expectError(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(JSON.parse(response.body));
  return body;
}

type Kind = SurveyQuestion['kind'];

function questionOf<K extends Kind>(survey: Survey, kind: K, required?: boolean) {
  const found = survey.questions.find(
    (q) => q.kind === kind && (required === undefined || q.required === required),
  );
  if (!found) throw new Error(`no ${kind} question`);
  return found as Extract<SurveyQuestion, { kind: K }>;
}

/** A complete, valid set of answers: every required question and one of each kind. */
function validAnswers(survey: Survey): Record<string, number | number[] | string> {
  const answers: Record<string, number | number[] | string> = {};
  for (const q of survey.questions) {
    if (q.kind === 'single') answers[q.id] = q.options[0]?.id ?? 0;
    if (q.kind === 'multiple') answers[q.id] = q.options.slice(0, 2).map((o) => o.id);
    if (q.kind === 'rating') answers[q.id] = 4;
    if (q.kind === 'text') answers[q.id] = '  Más formación sobre plantas para el sueño.  ';
  }
  return answers;
}

function surveyMessagesSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`survey and messages on ${engine}`, () => {
    let server: TestServer;
    let demo: InjectSession;
    let norte: InjectSession;
    let survey: Survey;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false });
      demo = new InjectSession(server.app);
      norte = new InjectSession(server.app);
      expect((await demo.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      expect((await norte.login(DEMO_ACCOUNTS.norte)).statusCode).toBe(200);
      const current = CurrentSurveyResponseSchema.parse(
        (await demo.request('GET', '/api/v1/driver/survey')).json(),
      );
      if (!current.data) throw new Error('the demo data has no open survey');
      survey = current.data.survey;
    });
    afterEach(() => server.setNow(null));
    afterAll(() => server?.close());

    const answer = (
      session: InjectSession,
      answers: unknown,
      id = survey.id,
      csrf: boolean | string = true,
    ) => session.request('PUT', `/api/v1/driver/survey/${id}/answer`, { payload: { answers }, csrf });

    describe('the survey', () => {
      it('answers the open survey with every kind of question and no answers yet', async () => {
        const response = await norte.request('GET', '/api/v1/driver/survey');
        expect(response.statusCode).toBe(200);
        const { data } = CurrentSurveyResponseSchema.parse(response.json());
        expect(data?.response).toBeNull();
        expect(new Set(data?.survey.questions.map((q) => q.kind))).toEqual(
          new Set(['single', 'multiple', 'rating', 'text']),
        );
        expect(data?.survey.questions.some((q) => q.required)).toBe(true);
        expect(data?.survey.questions.some((q) => !q.required)).toBe(true);
      });

      it('stores the answers normalised, returns them, and lets the user change them', async () => {
        const first = await answer(demo, validAnswers(survey));
        expect(first.statusCode, first.body).toBe(200);
        const stored = AnswerSurveyResponseSchema.parse(first.json()).data.response;
        const text = questionOf(survey, 'text');
        expect(stored?.answers[text.id]).toBe('Más formación sobre plantas para el sueño.');

        const rating = questionOf(survey, 'rating', true);
        const changed = { ...validAnswers(survey), [rating.id]: 2, [text.id]: '' };
        const second = await answer(demo, changed);
        expect(second.statusCode, second.body).toBe(200);
        const after = AnswerSurveyResponseSchema.parse(second.json()).data.response;
        expect(after?.answers[rating.id]).toBe(2);
        expect(after?.answers).not.toHaveProperty(String(text.id));
        expect(after?.submitted_at).toBe(stored?.submitted_at);

        const again = CurrentSurveyResponseSchema.parse(
          (await demo.request('GET', '/api/v1/driver/survey')).json(),
        );
        expect(again.data?.response?.answers).toEqual(after?.answers);
        const rows = await server.database.db
          .select()
          .from(surveyResponses)
          .where(eq(surveyResponses.surveyId, survey.id));
        expect(rows.filter((row) => row.userId === rows[0]?.userId)).toHaveLength(1);
      });

      it('never shows another pharmacy its answers', async () => {
        const seen = CurrentSurveyResponseSchema.parse(
          (await norte.request('GET', '/api/v1/driver/survey')).json(),
        );
        expect(seen.data?.response).toBeNull();
        const rating = questionOf(survey, 'rating', true);
        const own = await answer(norte, { ...validAnswers(survey), [rating.id]: 5 });
        expect(own.statusCode).toBe(200);
        const mine = CurrentSurveyResponseSchema.parse(
          (await demo.request('GET', '/api/v1/driver/survey')).json(),
        );
        expect(mine.data?.response?.answers[rating.id]).toBe(2);
      });

      it('refuses invalid answers with 422 and the message under each question', async () => {
        const single = questionOf(survey, 'single', true);
        const rating = questionOf(survey, 'rating', true);
        const multiple = questionOf(survey, 'multiple');
        const text = questionOf(survey, 'text');
        const bad = {
          ...validAnswers(survey),
          [single.id]: 999_999,
          [rating.id]: 6,
          [multiple.id]: multiple.options.map((o) => o.id),
          [text.id]: 'x'.repeat(text.max_length + 1),
        };
        const response = await answer(norte, bad);
        const body = expectError(response, 422);
        expect(body.errors).toEqual({
          [`answers.${single.id}`]: [SURVEY_MESSAGES.chooseOne],
          [`answers.${rating.id}`]: [SURVEY_MESSAGES.rating],
          [`answers.${multiple.id}`]: [`Elige como máximo ${multiple.max_choices} opciones.`],
          [`answers.${text.id}`]: [textTooLongMessage(text.max_length)],
        });

        const { [rating.id]: _dropped, ...missing } = validAnswers(survey);
        const required = expectError(await answer(norte, missing), 422);
        expect(required.errors).toEqual({ [`answers.${rating.id}`]: [SURVEY_MESSAGES.required] });
        expect(required.message).toBe(SURVEY_MESSAGES.required);

        const shapes = [
          { ...validAnswers(survey), '0': 1 },
          { ...validAnswers(survey), toString: 1 },
          { ...validAnswers(survey), [rating.id]: { value: 4 } },
          { ...validAnswers(survey), [text.id]: 'a\u0000b' },
        ];
        for (const shape of shapes) expectError(await answer(norte, shape), 422);
        expectError(
          await norte.request('PUT', `/api/v1/driver/survey/${survey.id}/answer`, { payload: {} }),
          422,
        );
        // Without a body, or with a JSON null, the body itself is what is wrong.
        const url = `/api/v1/driver/survey/${survey.id}/answer`;
        expect(expectError(await norte.request('PUT', url), 422).errors).toEqual({
          _: ['Este campo es obligatorio.'],
        });
        const asNull = { payload: 'null', headers: { 'content-type': 'application/json' } };
        expect(expectError(await norte.request('PUT', url, asNull), 422).errors).toEqual({
          _: ['Debe ser un objeto.'],
        });
        // Nothing invalid was stored: the pharmacy's answers are still its last valid ones.
        const kept = CurrentSurveyResponseSchema.parse(
          (await norte.request('GET', '/api/v1/driver/survey')).json(),
        );
        expect(kept.data?.response?.answers[rating.id]).toBe(5);
      });

      it('refuses a closed survey with 409 and a Spanish message, and an unknown one with 404', async () => {
        const closedId = 1;
        const closed = expectError(await answer(demo, {}, closedId), 409);
        expect(closed.message).toBe(SURVEY_MESSAGES.closed);
        expectError(await answer(demo, {}, 999_999), 404);
        expectError(await demo.request('PUT', '/api/v1/driver/survey/abc/answer', { payload: {} }), 404);

        // Once the open survey closes, it is no longer current nor answerable (a session of that day:
        // the ones above would have expired by then).
        server.setNow(new Date(new Date(survey.closes_at).getTime() + 1000));
        const later = new InjectSession(server.app);
        await later.login(DEMO_ACCOUNTS.demo);
        const none = CurrentSurveyResponseSchema.parse(
          (await later.request('GET', '/api/v1/driver/survey')).json(),
        );
        expect(none.data).toBeNull();
        const late = expectError(await answer(later, validAnswers(survey)), 409);
        expect(late.message).toBe(SURVEY_MESSAGES.closed);
      });

      it('is for logged-in pharmacies only, and its answer needs the CSRF token', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expectError(await anonymous.request('GET', '/api/v1/driver/survey'), 401);
        expectError(await answer(anonymous, validAnswers(survey)), 401);
        expectError(await answer(demo, validAnswers(survey), survey.id, false), 419);
        expectError(await answer(demo, validAnswers(survey), survey.id, 'forged'), 419);
        const rep = new InjectSession(server.app);
        await rep.login(DEMO_ACCOUNTS.comercial);
        expectError(await rep.request('GET', '/api/v1/driver/survey'), 403);
        expectError(await answer(rep, validAnswers(survey)), 403);
      });
    });

    describe('the messages', () => {
      it('lists the active messages, the most pressing first, with a summary and unread', async () => {
        const response = await norte.request('GET', '/api/v1/messages');
        expect(response.statusCode).toBe(200);
        const { data } = LabMessagesResponseSchema.parse(response.json());
        expect(data.map((m) => m.kind)).toEqual(['recall', 'holiday', 'prices']);
        expect(data.every((m) => m.read_at === null)).toBe(true);
        expect(data[0]?.severity).toBe('critical');
        expect(data[0]).not.toHaveProperty('body');
        expect(data[0]?.summary.length).toBeLessThanOrEqual(181);
      });

      it('shows one with its body, and marks it read for that user only, the first time counting', async () => {
        const { data: list } = LabMessagesResponseSchema.parse(
          (await demo.request('GET', '/api/v1/messages')).json(),
        );
        const recall = list[0];
        if (!recall) throw new Error('no messages');
        const shown = LabMessageResponseSchema.parse(
          (await demo.request('GET', `/api/v1/messages/${recall.id}`)).json(),
        ).data;
        expect(shown.body.split('\n\n').length).toBeGreaterThan(1);
        expect(shown.read_at).toBeNull();

        const read = await demo.request('POST', `/api/v1/messages/${recall.id}/read`);
        expect(read.statusCode, read.body).toBe(200);
        const readAt = LabMessageResponseSchema.parse(read.json()).data.read_at;
        expect(readAt).not.toBeNull();
        const again = LabMessageResponseSchema.parse(
          (await demo.request('POST', `/api/v1/messages/${recall.id}/read`)).json(),
        ).data;
        expect(again.read_at).toBe(readAt);

        const mine = LabMessagesResponseSchema.parse(
          (await demo.request('GET', '/api/v1/messages')).json(),
        ).data;
        expect(mine.find((m) => m.id === recall.id)?.read_at).toBe(readAt);
        const theirs = LabMessagesResponseSchema.parse(
          (await norte.request('GET', '/api/v1/messages')).json(),
        ).data;
        expect(theirs.find((m) => m.id === recall.id)?.read_at).toBeNull();
        const rows = await server.database.db.select().from(labMessageReads);
        expect(rows).toHaveLength(1);
      });

      it('answers 404 for an expired, a future or an unknown message', async () => {
        const expiredId = 4;
        expectError(await demo.request('GET', `/api/v1/messages/${expiredId}`), 404);
        expectError(await demo.request('POST', `/api/v1/messages/${expiredId}/read`), 404);
        expectError(await demo.request('GET', '/api/v1/messages/999999'), 404);
        expectError(await demo.request('GET', '/api/v1/messages/x1'), 404);
        server.setNow(new Date(Date.now() - 30 * 24 * 3600 * 1000));
        const earlierSession = new InjectSession(server.app);
        await earlierSession.login(DEMO_ACCOUNTS.demo);
        const earlier = LabMessagesResponseSchema.parse(
          (await earlierSession.request('GET', '/api/v1/messages')).json(),
        ).data;
        expect(earlier.map((m) => m.id)).toEqual([expiredId]);
      });

      it('is for logged-in pharmacies only, and marking read needs the CSRF token', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        expectError(await anonymous.request('GET', '/api/v1/messages'), 401);
        expectError(await anonymous.request('GET', '/api/v1/messages/1'), 401);
        expectError(await anonymous.request('POST', '/api/v1/messages/1/read'), 401);
        expectError(await demo.request('POST', '/api/v1/messages/2/read', { csrf: false }), 419);
        const rep = new InjectSession(server.app);
        await rep.login(DEMO_ACCOUNTS.comercial);
        expectError(await rep.request('GET', '/api/v1/messages'), 403);
      });
    });
  });
}

surveyMessagesSuite(projectEngine());
