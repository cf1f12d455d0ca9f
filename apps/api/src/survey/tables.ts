/** The survey module's tables ('Te escuchamos'): the surveys, their questions and each user's answers. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The foreign key's other end (accounts' users).
import { users } from '../accounts/tables.ts';
import { createdAt, id } from '../db/columns.ts';

/**
 * The laboratory's surveys ('Te escuchamos'): open from `opens_at` to `closes_at` (excluded). The
 * portal shows the one open now (the latest opened, should two overlap); a draft (`is_draft`, still
 * being written in the back office) is never shown nor answered, whatever its dates.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('surveys_window_idx').on(t.opensAt, t.closesAt),
    check('surveys_window', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/**
 * A survey's questions, in `position` order. Choice questions carry their options (`[{ id, label }]`,
 * ids unique within the question); a text question its length limits.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: id(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['single', 'multiple', 'rating', 'text'] }).notNull(),
    prompt: text('prompt').notNull(),
    help: text('help'),
    isRequired: boolean('is_required').notNull().default(false),
    options: jsonb('options').$type<{ id: number; label: string }[]>().notNull().default([]),
    maxChoices: smallint('max_choices'),
    minLength: integer('min_length'),
    maxLength: integer('max_length'),
    /** The words of a rating's ends ('Nada satisfecho' … 'Muy satisfecho'). */
    minLabel: text('min_label'),
    maxLabel: text('max_label'),
  },
  (t) => [
    index('survey_questions_survey_idx').on(t.surveyId, t.position),
    check('survey_questions_kind', sql`${t.kind} IN ('single', 'multiple', 'rating', 'text')`),
  ],
);

/**
 * Each user's answers to a survey: one row per user and survey, replaced while the survey is open.
 * `answers` maps a question id to an option id, option ids, a rating or a text (as the wire does).
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: id(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, number | number[] | string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_responses_survey_user').on(t.surveyId, t.userId)],
);
