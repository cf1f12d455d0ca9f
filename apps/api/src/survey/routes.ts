/**
 * 'Te escuchamos' (spec §2 /encuestas, §7): `GET /api/v1/driver/survey`, the survey open now with the
 * logged-in user's answers (`data: null` when none is open), and `PUT /api/v1/driver/survey/{id}/answer`,
 * which stores the user's answers (one row per user and survey, replaced while the survey is open).
 * The answers are checked with @botica/domain's `checkSurveyAnswers`, as the portal checks its form.
 */
import {
  AnswerSurveyRequestSchema,
  AnswerSurveyResponseSchema,
  CurrentSurveyResponseSchema,
  type Survey,
  type SurveyQuestion,
  type SurveyWithResponse,
} from '@botica/api-client/schemas';
import { checkSurveyAnswers, SURVEY_MESSAGES, surveyPhase } from '@botica/domain';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { surveyQuestions, surveyResponses, surveys } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';

type SurveyRow = typeof surveys.$inferSelect;
type QuestionRow = typeof surveyQuestions.$inferSelect;

/** A stored question as the wire carries it. */
function question(row: QuestionRow): SurveyQuestion {
  const base = { id: row.id, prompt: row.prompt, help: row.help, required: row.isRequired };
  switch (row.kind) {
    case 'single':
      return { ...base, kind: 'single', options: row.options };
    case 'multiple':
      return { ...base, kind: 'multiple', options: row.options, max_choices: row.maxChoices };
    case 'rating':
      return { ...base, kind: 'rating', min_label: row.minLabel ?? '', max_label: row.maxLabel ?? '' };
    case 'text':
      return { ...base, kind: 'text', min_length: row.minLength, max_length: row.maxLength ?? 1000 };
  }
}

async function withQuestions(db: Database, row: SurveyRow): Promise<Survey> {
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, row.id))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    questions: questions.map(question),
  };
}

/** The survey and this user's answers to it: never another user's. */
async function surveyFor(db: Database, row: SurveyRow, userId: number): Promise<SurveyWithResponse> {
  const [survey, [response]] = await Promise.all([
    withQuestions(db, row),
    db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, row.id), eq(surveyResponses.userId, userId))),
  ]);
  return {
    survey,
    response: response
      ? {
          answers: response.answers,
          submitted_at: response.createdAt.toISOString(),
          updated_at: response.updatedAt.toISOString(),
        }
      : null,
  };
}

export function registerSurveyRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/driver/survey', async (request) => {
    const user = requireClient(request);
    const now = context.now();
    const [current] = await context.db
      .select()
      .from(surveys)
      .where(and(lte(surveys.opensAt, now), gt(surveys.closesAt, now)))
      .orderBy(desc(surveys.opensAt), desc(surveys.id))
      .limit(1);
    return output(CurrentSurveyResponseSchema, {
      data: current ? await surveyFor(context.db, current, user.id) : null,
    });
  });

  app.put('/api/v1/driver/survey/:id/answer', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id?: unknown }).id);
    const [row] = await context.db.select().from(surveys).where(eq(surveys.id, id));
    if (!row) throw new HttpError(404, 'La encuesta no existe.');
    // A closed survey is refused before its answers are looked at: nothing sent to it can be stored.
    const phase = surveyPhase({ opens_at: row.opensAt, closes_at: row.closesAt }, context.now());
    if (phase === 'closed') throw new HttpError(409, SURVEY_MESSAGES.closed);
    if (phase === 'upcoming') throw new HttpError(409, SURVEY_MESSAGES.notOpen);

    const body = parse(AnswerSurveyRequestSchema, request.body);
    const survey = await withQuestions(context.db, row);
    const check = checkSurveyAnswers(survey.questions, body.answers);
    if (!check.ok) {
      const errors = Object.fromEntries(
        Object.entries(check.problems).map(([key, message]) => [`answers.${key}`, [message]]),
      );
      throw new HttpError(422, Object.values(check.problems)[0] ?? SURVEY_MESSAGES.required, errors);
    }
    const now = context.now();
    await context.db
      .insert(surveyResponses)
      .values({
        surveyId: id,
        userId: user.id,
        answers: check.answers as Record<string, number | number[] | string>,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [surveyResponses.surveyId, surveyResponses.userId],
        set: { answers: sql`excluded.answers`, updatedAt: sql`excluded.updated_at` },
      });
    return output(AnswerSurveyResponseSchema, { data: await surveyFor(context.db, row, user.id) });
  });
}
