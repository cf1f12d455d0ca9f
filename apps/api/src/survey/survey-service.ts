/**
 * 'Te escuchamos' (/encuestas): the survey open now with a user's answers, the storing of
 * those answers (one row per user and survey, replaced while the survey is open, checked with
 * @botica/domain's `checkSurveyAnswers` as the portal checks its form), and the deletion of answers
 * past the privacy policy's retention.
 */
import type { Survey, SurveyQuestion, SurveyWithResponse } from '@botica/api-client/schemas';
import {
  checkSurveyAnswers,
  retentionCutoffs,
  SURVEY_MESSAGES,
  type SurveyAnswers,
  surveyPhase,
} from '@botica/domain';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { PruneTask } from '../auth/prune.ts';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { surveyQuestions, surveyResponses, surveys } from './tables.ts';

/** A stored survey (without its questions). */
export type SurveyRow = typeof surveys.$inferSelect;
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

async function withQuestions(context: CoreContext, row: SurveyRow): Promise<Survey> {
  const questions = await context.db
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
async function surveyFor(context: CoreContext, row: SurveyRow, userId: number): Promise<SurveyWithResponse> {
  const [survey, [response]] = await Promise.all([
    withQuestions(context, row),
    context.db
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

/** The survey open now (the latest opened, should two overlap; never a draft) with the user's answers, or null. */
export async function currentSurvey(
  context: CoreContext,
  userId: number,
): Promise<SurveyWithResponse | null> {
  const now = context.now();
  const [current] = await context.db
    .select()
    .from(surveys)
    .where(and(eq(surveys.isDraft, false), lte(surveys.opensAt, now), gt(surveys.closesAt, now)))
    .orderBy(desc(surveys.opensAt), desc(surveys.id))
    .limit(1);
  return current ? await surveyFor(context, current, userId) : null;
}

/**
 * The survey that answers are being sent to, if it takes them: a 404 when it does not exist, a 409
 * when it is closed or not open yet. Checked before the answers are looked at: nothing sent to a
 * closed survey can be stored.
 */
export async function surveyOpenForAnswers(context: CoreContext, id: number): Promise<SurveyRow> {
  const [row] = await context.db.select().from(surveys).where(eq(surveys.id, id));
  // A draft is the laboratory's alone: to a pharmacy it does not exist yet.
  if (!row || row.isDraft) throw new HttpError(404, 'La encuesta no existe.');
  const phase = surveyPhase({ opens_at: row.opensAt, closes_at: row.closesAt }, context.now());
  if (phase === 'closed') throw new HttpError(409, SURVEY_MESSAGES.closed);
  if (phase === 'upcoming') throw new HttpError(409, SURVEY_MESSAGES.notOpen);
  return row;
}

/**
 * Stores (or replaces) a user's answers to an open survey (from `surveyOpenForAnswers`), once
 * `checkSurveyAnswers` accepts them (a 422 naming each answer's problem otherwise).
 * @returns the survey with the answers as stored.
 */
export async function answerSurvey(
  context: CoreContext,
  { survey: row, userId, answers }: { survey: SurveyRow; userId: number; answers: SurveyAnswers },
): Promise<SurveyWithResponse> {
  const survey = await withQuestions(context, row);
  const check = checkSurveyAnswers(survey.questions, answers);
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
      surveyId: row.id,
      userId,
      answers: check.answers as Record<string, number | number[] | string>,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [surveyResponses.surveyId, surveyResponses.userId],
      set: { answers: sql`excluded.answers`, updatedAt: sql`excluded.updated_at` },
    });
  return surveyFor(context, row, userId);
}

/**
 * Deletes the answers to surveys that closed longer ago than their retention (@botica/domain's
 * DATA_RETENTION `surveyAnswersYearsAfterClose`, the figure the privacy policy prints), on the pruning
 * schedule (src/auth/prune.ts): batched and safe with several instances, like the session pruning.
 */
export function pruneOldSurveyAnswers(context: Pick<CoreContext, 'db' | 'now'>): PruneTask {
  return async (batchSize) => {
    const limit = retentionCutoffs(context.now()).surveyAnswers.toISOString();
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from survey_responses where id in (
            select r.id from survey_responses r join surveys s on s.id = r.survey_id
            where s.closes_at < ${limit}::timestamptz
            limit ${batchSize} for update of r skip locked)
          returning id`,
    );
    return deleted.length;
  };
}
