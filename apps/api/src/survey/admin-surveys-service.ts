/**
 * The back office's surveys: the laboratory writes them (drafts, then scheduled), opens and closes
 * them, deletes one nobody answered, and reads the results and every response. Each change is
 * audited in its own transaction. A survey's questions are frozen once any pharmacy has answered, so
 * an answer always means what its question asked. What a staff member counts is narrowed to his
 * scope (a sales rep: his pharmacies' responses).
 */
import {
  ADMIN_SURVEY_MESSAGES,
  type AdminSurvey,
  type AdminSurveyStatus,
  type AdminSurveySummary,
  SURVEY_TEXT_ANSWERS_PER_PAGE,
  type SurveyInput,
  type SurveyQuestionInput,
  type SurveyQuestionResult,
  type SurveyResults,
  type SurveyTextAnswer,
} from '@botica/api-client/admin';
import type { SurveyQuestion } from '@botica/api-client/schemas';
import { instantOfMadridWallClock, SURVEY_RATING_MAX, SURVEY_RATING_MIN, surveyPhase } from '@botica/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type StaffScope, scopeCondition } from '../accounts/staff-scope.ts';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { CSV_BOM, csvDay, csvInteger, csvRecord, csvText } from '../http/csv-writer.ts';
import { HttpError } from '../http/errors.ts';
import { surveyQuestions, surveyResponses, surveys } from './tables.ts';

type SurveyRow = typeof surveys.$inferSelect;
type QuestionRow = typeof surveyQuestions.$inferSelect;
/** A question's stored fields, without its survey and position. */
type QuestionFields = Omit<QuestionRow, 'id' | 'surveyId' | 'position'>;

/** Where a survey is now: a draft, or its phase by its dates. */
export function surveyStatus(
  row: Pick<SurveyRow, 'isDraft' | 'opensAt' | 'closesAt'>,
  now: Date,
): AdminSurveyStatus {
  if (row.isDraft) return 'draft';
  return surveyPhase({ opens_at: row.opensAt, closes_at: row.closesAt }, now);
}

/** A stored question as the wire carries it (the portal's own shape). */
function wireQuestion(row: QuestionRow): SurveyQuestion {
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

async function questionsOf(context: CoreContext, surveyId: number): Promise<QuestionRow[]> {
  return context.db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
}

/** Every response to a survey, whoever's: what decides whether its questions may change. */
async function allResponses(context: CoreContext, surveyId: number): Promise<number> {
  const [row] = await context.db
    .select({ total: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, surveyId));
  return Number(row?.total ?? 0);
}

/** The responses a scope sees, from `survey_responses r` with its user's pharmacy. */
const scopedResponses = (scope: StaffScope) => sql`survey_responses r
  left join users u on u.id = r.user_id
  left join clients c on c.id = u.client_id
  where ${scopeCondition(scope, sql`c.sales_rep_id`)}`;

/** The responses a scope sees, per survey (one survey, or all). */
async function responseCounts(context: CoreContext, scope: StaffScope, surveyId?: number) {
  const rows = await selectRows<{ survey_id: number; total: number | string }>(
    context.db,
    sql`select r.survey_id, count(*) as total from ${scopedResponses(scope)}
        ${surveyId === undefined ? sql`` : sql`and r.survey_id = ${surveyId}`}
        group by r.survey_id`,
  );
  return new Map(rows.map((row) => [Number(row.survey_id), Number(row.total)]));
}

async function surveyRow(context: CoreContext, id: number, lock = false): Promise<SurveyRow> {
  const query = context.db.select().from(surveys).where(eq(surveys.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, ADMIN_SURVEY_MESSAGES.notFound);
  return row;
}

function summaryOf(row: SurveyRow, now: Date, questions: number, responses: number): AdminSurveySummary {
  return {
    id: row.id,
    title: row.title,
    status: surveyStatus(row, now),
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    questions,
    responses,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every survey, the latest to open first, with the responses the scope sees. */
export async function listSurveys(context: CoreContext, scope: StaffScope): Promise<AdminSurveySummary[]> {
  const [rows, questionCounts, responses] = await Promise.all([
    context.db.select().from(surveys).orderBy(desc(surveys.opensAt), desc(surveys.id)),
    context.db
      .select({ surveyId: surveyQuestions.surveyId, total: count() })
      .from(surveyQuestions)
      .groupBy(surveyQuestions.surveyId),
    responseCounts(context, scope),
  ]);
  const questions = new Map(questionCounts.map((row) => [row.surveyId, Number(row.total)]));
  const now = context.now();
  return rows.map((row) => summaryOf(row, now, questions.get(row.id) ?? 0, responses.get(row.id) ?? 0));
}

/** One survey whole, with the responses the scope sees (404 for an unknown one). */
export async function adminSurvey(context: CoreContext, scope: StaffScope, id: number): Promise<AdminSurvey> {
  const row = await surveyRow(context, id);
  const [questions, responses, all] = await Promise.all([
    questionsOf(context, id),
    responseCounts(context, scope, id),
    allResponses(context, id),
  ]);
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    status: surveyStatus(row, context.now()),
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    questions: questions.map(wireQuestion),
    responses: responses.get(id) ?? 0,
    questions_editable: all === 0,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a survey: its text, dates, flag and questions. */
function snapshot(row: SurveyRow, questions: readonly QuestionRow[]): Record<string, unknown> {
  return {
    title: row.title,
    intro: row.intro,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    draft: row.isDraft,
    questions: questions.map(wireQuestion),
  };
}

/** A question's input as the fields to store, its options numbered (kept ids stay, new ones follow). */
function fieldsOf(input: SurveyQuestionInput, stored: QuestionRow | undefined): QuestionFields {
  const empty = {
    help: input.help === null || input.help === '' ? null : input.help,
    isRequired: input.required,
    options: [] as { id: number; label: string }[],
    maxChoices: null,
    minLength: null,
    maxLength: null,
    minLabel: null,
    maxLabel: null,
  };
  const base = { ...empty, kind: input.kind, prompt: input.prompt };
  switch (input.kind) {
    case 'single':
    case 'multiple': {
      const known = new Set((stored?.options ?? []).map((option) => option.id));
      let next = Math.max(0, ...known, ...input.options.map((option) => option.id ?? 0)) + 1;
      const used = new Set<number>();
      const options = input.options.map((option) => {
        const keep = option.id !== undefined && known.has(option.id) && !used.has(option.id);
        const id = keep && option.id !== undefined ? option.id : next++;
        used.add(id);
        return { id, label: option.label };
      });
      return {
        ...base,
        options,
        maxChoices: input.kind === 'multiple' ? input.max_choices : null,
      };
    }
    case 'rating':
      return { ...base, minLabel: input.min_label, maxLabel: input.max_label };
    case 'text':
      return { ...base, minLength: input.min_length, maxLength: input.max_length };
  }
}

function sameFields(a: QuestionFields, b: QuestionFields): boolean {
  return (
    a.kind === b.kind &&
    a.prompt === b.prompt &&
    a.help === b.help &&
    a.isRequired === b.isRequired &&
    JSON.stringify(a.options) === JSON.stringify(b.options) &&
    a.maxChoices === b.maxChoices &&
    a.minLength === b.minLength &&
    a.maxLength === b.maxLength &&
    a.minLabel === b.minLabel &&
    a.maxLabel === b.maxLabel
  );
}

/**
 * A typed minute as an instant; when it is the minute `kept` falls in (the date left as the editor
 * showed it), `kept` itself, so saving never moves a date set to the second by 'Abrir ahora' or
 * 'Cerrar ahora'.
 */
function typedInstant(typed: string, field: 'opens_at' | 'closes_at', kept?: Date): Date {
  const instant = instantOfMadridWallClock(typed);
  // The schema has checked the minute: this only guards a caller that skipped it.
  if (!instant) {
    throw new HttpError(422, ADMIN_SURVEY_MESSAGES.dateInvalid, {
      [field]: [ADMIN_SURVEY_MESSAGES.dateInvalid],
    });
  }
  if (kept && Math.floor(kept.getTime() / 60_000) * 60_000 === instant.getTime()) return kept;
  return instant;
}

/**
 * The survey's own fields from the editor's input, its dates as instants (422 when they cross);
 * `stored`, the survey as it is, keeps the dates typed as they were shown.
 */
function surveyFields(input: SurveyInput, stored?: SurveyRow) {
  const opensAt = typedInstant(input.opens_at, 'opens_at', stored?.opensAt);
  const closesAt = typedInstant(input.closes_at, 'closes_at', stored?.closesAt);
  // The wall clock's hour that repeats when summer time ends could still cross them.
  if (closesAt <= opensAt)
    throw new HttpError(422, ADMIN_SURVEY_MESSAGES.closesBeforeOpens, {
      closes_at: [ADMIN_SURVEY_MESSAGES.closesBeforeOpens],
    });
  return { title: input.title, intro: input.intro, opensAt, closesAt, isDraft: input.draft };
}

/** Creates a survey with its questions. @returns its id. */
export async function createSurvey(
  context: CoreContext,
  { input, actor }: { input: SurveyInput; actor: AuditActor },
): Promise<number> {
  return inTransaction(context, async (tx) => {
    const [row] = await tx.db
      .insert(surveys)
      .values({ ...surveyFields(input), createdAt: tx.now() })
      .returning();
    if (!row) throw new Error('the survey was not stored');
    const questions = await tx.db
      .insert(surveyQuestions)
      .values(
        input.questions.map((question, position) => ({
          ...fieldsOf({ ...question, id: undefined }, undefined),
          surveyId: row.id,
          position,
        })),
      )
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'survey.created',
      objectType: 'survey',
      objectId: row.id,
      before: null,
      after: snapshot(row, questions),
    });
    return row.id;
  });
}

/**
 * Changes a survey: its text, dates and flag always; its questions (kept by id, added, edited,
 * reordered, removed) only while nobody has answered it (409 otherwise, when they would change).
 */
export async function updateSurvey(
  context: CoreContext,
  { id, input, actor }: { id: number; input: SurveyInput; actor: AuditActor },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await surveyRow(tx, id, true);
    const stored = await questionsOf(tx, id);
    const byId = new Map(stored.map((question) => [question.id, question]));
    const planned = input.questions.map((question, index) => {
      const existing = question.id === undefined ? undefined : byId.get(question.id);
      if (question.id !== undefined && !existing) {
        const field = `questions.${index}.id`;
        throw new HttpError(422, ADMIN_SURVEY_MESSAGES.questionNotFound, {
          [field]: [ADMIN_SURVEY_MESSAGES.questionNotFound],
        });
      }
      return { existing, fields: fieldsOf(question, existing) };
    });
    const keptIds = new Set(planned.flatMap((each) => (each.existing ? [each.existing.id] : [])));
    const questionsChange =
      planned.length !== stored.length ||
      planned.some(
        (each, index) =>
          !each.existing || each.existing.id !== stored[index]?.id || !sameFields(each.fields, each.existing),
      );
    if (questionsChange && (await allResponses(tx, id)) > 0)
      throw new HttpError(409, ADMIN_SURVEY_MESSAGES.questionsLocked);

    const [after] = await tx.db
      .update(surveys)
      .set(surveyFields(input, before))
      .where(eq(surveys.id, id))
      .returning();
    if (!after) throw new Error('the survey was not updated');
    if (questionsChange) {
      for (const question of stored)
        if (!keptIds.has(question.id))
          await tx.db.delete(surveyQuestions).where(eq(surveyQuestions.id, question.id));
      for (const [position, each] of planned.entries()) {
        if (each.existing)
          await tx.db
            .update(surveyQuestions)
            .set({ ...each.fields, position })
            .where(eq(surveyQuestions.id, each.existing.id));
        else await tx.db.insert(surveyQuestions).values({ ...each.fields, surveyId: id, position });
      }
    }
    await recordAudit(tx, {
      actor,
      action: 'survey.updated',
      objectType: 'survey',
      objectId: id,
      before: snapshot(before, stored),
      after: snapshot(after, questionsChange ? await questionsOf(tx, id) : stored),
    });
  });
}

/** One change of a survey's dates or flag, audited under `action`. */
async function changeWindow(
  context: CoreContext,
  { id, actor, action }: { id: number; actor: AuditActor; action: 'survey.opened' | 'survey.closed' },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await surveyRow(tx, id, true);
    const now = tx.now();
    const status = surveyStatus(before, now);
    let change: Partial<SurveyRow>;
    if (action === 'survey.opened') {
      if (status === 'open') throw new HttpError(409, ADMIN_SURVEY_MESSAGES.alreadyOpen);
      if (before.closesAt <= now) throw new HttpError(409, ADMIN_SURVEY_MESSAGES.closesPassed);
      change = { isDraft: false, opensAt: now };
    } else {
      if (status === 'closed') throw new HttpError(409, ADMIN_SURVEY_MESSAGES.alreadyClosed);
      if (status !== 'open') throw new HttpError(409, ADMIN_SURVEY_MESSAGES.notOpen);
      // A survey opened this very millisecond still closes after it opened.
      change = { closesAt: new Date(Math.max(now.getTime(), before.opensAt.getTime() + 1)) };
    }
    const [after] = await tx.db.update(surveys).set(change).where(eq(surveys.id, id)).returning();
    if (!after) throw new Error('the survey was not updated');
    const questions = await questionsOf(tx, id);
    await recordAudit(tx, {
      actor,
      action,
      objectType: 'survey',
      objectId: id,
      before: snapshot(before, questions),
      after: snapshot(after, questions),
    });
  });
}

/** Opens a survey now: no longer a draft, opening now (409 when open already or past its close). */
export function openSurveyNow(
  context: CoreContext,
  change: { id: number; actor: AuditActor },
): Promise<void> {
  return changeWindow(context, { ...change, action: 'survey.opened' });
}

/** Closes an open survey now (409 when it is not open): the portal takes no more answers. */
export function closeSurveyNow(
  context: CoreContext,
  change: { id: number; actor: AuditActor },
): Promise<void> {
  return changeWindow(context, { ...change, action: 'survey.closed' });
}

/** Deletes a survey nobody answered (409 otherwise), with its questions. */
export async function deleteSurvey(
  context: CoreContext,
  { id, actor }: { id: number; actor: AuditActor },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const before = await surveyRow(tx, id, true);
    if ((await allResponses(tx, id)) > 0) throw new HttpError(409, ADMIN_SURVEY_MESSAGES.deleteAnswered);
    const questions = await questionsOf(tx, id);
    await tx.db.delete(surveys).where(eq(surveys.id, id));
    await recordAudit(tx, {
      actor,
      action: 'survey.deleted',
      objectType: 'survey',
      objectId: id,
      before: snapshot(before, questions),
      after: null,
    });
  });
}

type StoredAnswer = number | number[] | string;

/** The answers of the responses a scope sees, oldest first, with their pharmacy. */
async function scopedAnswers(context: CoreContext, scope: StaffScope, surveyId: number) {
  return selectRows<{
    answers: Record<string, StoredAnswer>;
    created_at: string | Date;
    client_name: string | null;
    erp_code: string | null;
  }>(
    context.db,
    sql`select r.answers, r.created_at, c.name as client_name, c.erp_code from ${scopedResponses(scope)}
        and r.survey_id = ${surveyId} order by r.created_at, r.id`,
  );
}

/** Rounds to two decimals. */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

function questionResult(
  question: QuestionRow,
  answers: readonly Record<string, StoredAnswer>[],
): SurveyQuestionResult {
  const given = answers.map((each) => each[String(question.id)]).filter((value) => value !== undefined);
  const base = { question_id: question.id, prompt: question.prompt, answered: given.length };
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const counts = new Map<number, number>();
      for (const value of given)
        for (const id of Array.isArray(value) ? value : [value])
          if (typeof id === 'number') counts.set(id, (counts.get(id) ?? 0) + 1);
      return {
        ...base,
        kind: question.kind,
        options: question.options.map((option) => ({ ...option, count: counts.get(option.id) ?? 0 })),
      };
    }
    case 'rating': {
      const ratings = given.filter((value): value is number => typeof value === 'number');
      const distribution = [];
      for (let value = SURVEY_RATING_MIN; value <= SURVEY_RATING_MAX; value++)
        distribution.push({ value, count: ratings.filter((rating) => rating === value).length });
      const mean =
        ratings.length === 0
          ? null
          : twoDecimals(ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length);
      return {
        ...base,
        kind: 'rating',
        min_label: question.minLabel ?? '',
        max_label: question.maxLabel ?? '',
        distribution,
        mean,
      };
    }
    case 'text':
      return { ...base, kind: 'text' };
  }
}

/** A survey's results as the scope sees them: the responses, and each question's figures. */
export async function surveyResults(
  context: CoreContext,
  scope: StaffScope,
  id: number,
): Promise<SurveyResults> {
  const row = await surveyRow(context, id);
  const [questions, rows] = await Promise.all([questionsOf(context, id), scopedAnswers(context, scope, id)]);
  const answers = rows.map((each) => each.answers);
  return {
    survey: summaryOf(row, context.now(), questions.length, answers.length),
    responses: answers.length,
    questions: questions.map((question) => questionResult(question, answers)),
  };
}

/** A page of a text question's answers the scope sees, newest first (404: not a text question of it). */
export async function surveyTextAnswers(
  context: CoreContext,
  { scope, id, questionId, page }: { scope: StaffScope; id: number; questionId: number; page: number },
): Promise<{ rows: SurveyTextAnswer[]; total: number }> {
  await surveyRow(context, id);
  const [question] = await context.db
    .select({ kind: surveyQuestions.kind })
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.id, questionId), eq(surveyQuestions.surveyId, id)));
  if (question?.kind !== 'text') throw new HttpError(404, ADMIN_SURVEY_MESSAGES.questionNotFound);
  const key = String(questionId);
  const where: SQL = sql`${scopedResponses(scope)} and r.survey_id = ${id}
    and jsonb_typeof(r.answers -> ${key}) = 'string'`;
  const [counted] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from ${where}`,
  );
  const rows = await selectRows<{ text: string; updated_at: string | Date }>(
    context.db,
    sql`select r.answers ->> ${key} as text, r.updated_at from ${where}
        order by r.updated_at desc, r.id desc
        limit ${SURVEY_TEXT_ANSWERS_PER_PAGE} offset ${(page - 1) * SURVEY_TEXT_ANSWERS_PER_PAGE}`,
  );
  return {
    rows: rows.map((row) => ({ text: row.text, answered_at: new Date(row.updated_at).toISOString() })),
    total: Number(counted?.total ?? 0),
  };
}

/** The export's columns before the questions'. */
export const SURVEY_EXPORT_COLUMNS = ['Fecha', 'Farmacia', 'Código cliente'] as const;

function answerCell(question: QuestionRow, value: StoredAnswer | undefined): string {
  if (value === undefined) return '';
  const label = (id: number) => question.options.find((option) => option.id === id)?.label ?? '';
  switch (question.kind) {
    case 'single':
      return csvText(typeof value === 'number' ? label(value) : '');
    case 'multiple':
      return csvText(Array.isArray(value) ? value.map(label).join(' | ') : '');
    case 'rating':
      return typeof value === 'number' ? csvInteger(value) : '';
    case 'text':
      return csvText(typeof value === 'string' ? value : '');
  }
}

/**
 * Every response the scope sees as a CSV file's text (byte-order mark and header first): one row per
 * response, oldest first, one column per question headed by its text.
 */
export async function exportSurveyResponses(
  context: CoreContext,
  scope: StaffScope,
  id: number,
): Promise<string> {
  await surveyRow(context, id);
  const [questions, rows] = await Promise.all([questionsOf(context, id), scopedAnswers(context, scope, id)]);
  const header = csvRecord(
    [...SURVEY_EXPORT_COLUMNS, ...questions.map((question) => question.prompt)].map(csvText),
  );
  const records = rows.map((row) =>
    csvRecord([
      csvDay(new Date(row.created_at)),
      csvText(row.client_name ?? ''),
      csvText(row.erp_code ?? ''),
      ...questions.map((question) => answerCell(question, row.answers[String(question.id)])),
    ]),
  );
  return CSV_BOM + header + records.join('');
}
