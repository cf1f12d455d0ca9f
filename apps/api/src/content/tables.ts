/**
 * The content module's tables: the news posts, the showcase's banners and the laboratory's messages
 * to the pharmacies with who has read them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
// The foreign keys' other ends (accounts' users and pharmacies, the catalogue's products).
import { clients, users } from '../accounts/tables.ts';
import { products } from '../catalogue/tables.ts';
import { bytea, createdAt, id } from '../db/columns.ts';

/**
 * News posts (Noticias). `body` is structured content (`RichTextSchema` of @botica/api-client: blocks
 * of marked text runs), never HTML; the API checks it against the schema on its way out.
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    body: jsonb('body').notNull(),
    /** The picture's motif (a plant's name) and hue, drawn as SVG by the API, and its text alternative. */
    imageMotif: text('image_motif').notNull(),
    imageHue: smallint('image_hue').notNull(),
    imageAlt: text('image_alt').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    /** Moves on with every change the back office makes: an edit names the version it was made on. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_published_idx').on(t.publishedAt)],
);

/** A post's uploaded picture (WebP, metadata stripped), shown instead of the drawn one. */
export const postPictures = pgTable('post_pictures', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type').notNull(),
  /** The ETag's value: a hash of the bytes. */
  digest: text('digest').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/** The showcase's banners on the portal's home page (GET /api/v1/driver/showcase). */
export const banners = pgTable('banners', {
  id: id(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  /** A path of the portal, e.g. a filtered catalogue. */
  href: text('href').notNull(),
  /** Accent hue of the banner's artwork, 0–359. */
  hue: smallint('hue').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** The version a change from the back office names (a stale one is refused). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The laboratory's choice of featured products on the home page, over the catalogue's own
 * `is_featured` flag: a row features (`featured`) or hides a product and places it (`position`, the
 * first shown first); a product without a row follows its flag, after the placed ones.
 */
export const showcaseProducts = pgTable('showcase_products', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  featured: boolean('featured').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * The laboratory's messages to the pharmacies (GET /api/v1/messages): shown from `starts_at` to
 * `ends_at` (excluded). The body is plain text, paragraphs separated by a blank line.
 */
export const labMessages = pgTable(
  'lab_messages',
  {
    id: id(),
    kind: text('kind', { enum: ['recall', 'holiday', 'prices', 'general'] }).notNull(),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The version a change from the back office names (a stale one is refused). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_messages_window_idx').on(t.startsAt, t.endsAt),
    check('lab_messages_kind', sql`${t.kind} IN ('recall', 'holiday', 'prices', 'general')`),
    check('lab_messages_severity', sql`${t.severity} IN ('info', 'warning', 'critical')`),
    check('lab_messages_window', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** Who has read which message: one row per user and message, from the first time it was opened. */
export const labMessageReads = pgTable(
  'lab_message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => labMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('lab_message_reads_user_idx').on(t.userId)],
);

/**
 * The pharmacies a message is addressed to. A message without rows here is for every pharmacy; with
 * rows, only those pharmacies' users see it.
 */
export const labMessageClients = pgTable(
  'lab_message_clients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => labMessages.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.clientId] }),
    index('lab_message_clients_client_idx').on(t.clientId),
  ],
);
