/**
 * The training module's tables: the webinars (their products and signups), the scientific materials
 * with their tags, the newsletters, and the files both download.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
// The foreign keys' other ends (catalogue's products, accounts' users).
import { products } from '../catalogue/tables.ts';
import { bytea, createdAt, id } from '../db/columns.ts';

/** The laboratory's webinars: the agenda (upcoming) and the history (past, with recordings). */
export const webinars = pgTable(
  'webinars',
  {
    id: id(),
    title: text('title').notNull(),
    /** The plant or subject, e.g. 'Fitoterapia del sueño'. */
    topic: text('topic').notNull(),
    summary: text('summary').notNull(),
    /** Paragraphs of plain text. */
    description: jsonb('description').$type<string[]>().notNull(),
    speakerName: text('speaker_name').notNull(),
    speakerTitle: text('speaker_title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The video room; handed out only to signed-up users while the webinar is joinable. */
    joinUrl: text('join_url').notNull(),
    recordingUrl: text('recording_url'),
    createdAt: createdAt(),
    /** Moves on with every change: an edit made on an older one is refused. */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('webinars_starts_idx').on(t.startsAt),
    check('webinars_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

/** The products a webinar is about. */
export const webinarProducts = pgTable(
  'webinar_products',
  {
    webinarId: integer('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.webinarId, t.productId] })],
);

/** Who signed up for which webinar: one row per user and webinar; cancelling deletes it. */
export const webinarSignups = pgTable(
  'webinar_signups',
  {
    webinarId: integer('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.webinarId, t.userId] }), index('webinar_signups_user_idx').on(t.userId)],
);

/** Downloadable files of the training area (materials, newsletters): the bytes and what they are. */
export const trainingFiles = pgTable(
  'training_files',
  {
    id: id(),
    /** The name the download suggests, e.g. 'valeriana-revision-clinica.pdf'. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('training_files_size', sql`${t.size} = octet_length(${t.content})`)],
);

/** The tags of the material filter (apart from the catalogue's product tags). */
export const materialTags = pgTable('material_tags', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

/** Scientific documents (Material Científico). */
export const materials = pgTable(
  'materials',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Null until its PDF is uploaded: the portal lists only those with one. */
    fileId: integer('file_id').references(() => trainingFiles.id),
    /** The webinar it was presented in. */
    webinarId: integer('webinar_id').references(() => webinars.id, { onDelete: 'set null' }),
    /** Moves on with every change: an edit made on an older one is refused. */
    version: integer('version').notNull().default(0),
  },
  (t) => [index('materials_published_idx').on(t.publishedAt), index('materials_webinar_idx').on(t.webinarId)],
);

/** The products a material is about: the portal lists it on their pages. */
export const materialProducts = pgTable(
  'material_products',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.materialId, t.productId] }),
    index('material_products_product_idx').on(t.productId),
  ],
);

export const materialTagLinks = pgTable(
  'material_tag_links',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => materialTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.tagId] }), index('material_tag_links_tag_idx').on(t.tagId)],
);

/** The newsletter archive: each issue as a PDF. */
export const newsletters = pgTable(
  'newsletters',
  {
    id: id(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Null until its PDF is uploaded: the portal lists only those with one. */
    fileId: integer('file_id').references(() => trainingFiles.id),
    /** Moves on with every change: an edit made on an older one is refused. */
    version: integer('version').notNull().default(0),
  },
  (t) => [index('newsletters_published_idx').on(t.publishedAt)],
);
