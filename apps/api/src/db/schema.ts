/**
 * The database: one PostgreSQL schema for PGlite and PostgreSQL alike. Money is integer cents
 * (`*_cents`), percentages are numeric(5,2), instants are timestamptz. Migrations are generated from
 * this file by drizzle-kit and applied from code at start.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { clients, users } from '../accounts/tables.ts';

export { registrationRequests } from '../access/tables.ts';
export { clients, passwordResets, salesReps, shops, users } from '../accounts/tables.ts';
export { sessions } from '../auth/tables.ts';
export { configurations, settings } from '../configurations/tables.ts';
export { outbox } from '../mail/tables.ts';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Discount groups: each gives its clients a cart-level discount line and may set special unit prices. */
export const discountGroups = pgTable('discount_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  /** The cart-level discount of the group, in percent (0–100, two decimals). */
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

/**
 * Attempt counters of the rate limits (src/http/rate-limit.ts): one row per bucket (e.g.
 * `login:username`), key (a username or an address) and fixed time window, bumped atomically by an
 * upsert before the attempt is handled, so every worker and instance counts into the same row.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /** The end of the window: the row may be deleted from then on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key, t.windowStart] }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);

/** The category trees: id 1 roots the ranges (the 'gama'), id 2 the health problems. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const tags = pgTable('tags', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The laboratory's reference, e.g. 'BT-01234'. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    /** E.g. '60 cápsulas', '50 ml'. */
    format: text('format').notNull(),
    /** The laboratory's price, VAT excluded. */
    priceCents: integer('price_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    stockUnits: integer('stock_units').notNull(),
    /** How many images the product has (served as /api/v1/products/{id}/images/{n}/{size}); 0 → default image. */
    imageCount: smallint('image_count').notNull().default(1),
    /** Hue of the generated demo image, 0–359. */
    imageHue: smallint('image_hue').notNull().default(140),
    /** The name without accents, in lower case: what the search matches (trigram-indexed, migration 0003). */
    searchName: text('search_name').generatedAlwaysAs(sql`botica_normalise(name)`),
    /**
     * The reference as pharmacists type it: letters and digits only, lower case ('BT-10399' →
     * 'bt10399'), so 'bt10399', 'bt 10399' and 'BT-10399' all match it (prefix-indexed, migration 0008).
     */
    searchReference: text('search_reference').generatedAlwaysAs(
      sql`regexp_replace(botica_normalise(reference), '[^a-z0-9]+', '', 'g')`,
    ),
    /** The digits of the reference ('BT-10399' → '10399'): what a query of digits only matches (migration 0008). */
    referenceDigits: text('reference_digits').generatedAlwaysAs(
      sql`regexp_replace(reference, '[^0-9]+', '', 'g')`,
    ),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} >= 0`),
    check('products_vat_rate', sql`${t.vatRate} IN (4, 10, 21)`),
  ],
);

/**
 * The words of the products' normalised names (`search_name`), four letters or more: the vocabulary
 * the typo-tolerant search compares a word with, instead of every name. Kept by triggers on
 * `products` (migration 0006); a word no name uses any more matches nothing.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/**
 * One row: a number that every change to what prices a cart (products, special prices, volume tiers,
 * discount groups, clients' groups, configurations) moves on, in the changing transaction (statement
 * triggers of migration 0007). A cart save compares it with the number its remembered prices were
 * read under, instead of recomputing them all. Not part of the demo data: a reset keeps and moves it.
 */
export const pricingEpoch = pgTable(
  'pricing_epoch',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
  },
  (table) => [check('pricing_epoch_single_row', sql`${table.id}`)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/** Special unit prices of a discount group (the client's `final_price`). */
export const specialPrices = pgTable(
  'special_prices',
  {
    discountGroupId: integer('discount_group_id')
      .notNull()
      .references(() => discountGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountGroupId, t.productId] })],
);

/** Volume tiers of a product: from `min_quantity` units the unit price drops by `discount_percent`. */
export const volumeRules = pgTable(
  'volume_rules',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('volume_rules_product_min_idx').on(t.productId, t.minQuantity)],
);

/**
 * One open cart per client, shared by its users; `version` increases with every acknowledged save.
 * `items` holds its lines in the order they were added: `[{product_id, quantity}]`, every product
 * at most once, quantities ≥ 1 (the API validates them; saves replace the whole document).
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status', { enum: ['open', 'ordered'] })
      .notNull()
      .default('open'),
    version: integer('version').notNull().default(0),
    items: jsonb('items').$type<{ product_id: number; quantity: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_one_open_per_client').on(t.clientId).where(sql`${t.status} = 'open'`),
    // A new cart's version continues from the client's latest (max(version)): read from the index.
    index('carts_client_version_idx').on(t.clientId, t.version),
  ],
);

/** Orders sent from the portal (PEDIDOS WEB). `cart_id` is unique: a cart becomes at most one order. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: text('number').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id').references(() => users.id),
    cartId: integer('cart_id')
      .references(() => carts.id)
      .unique(),
    status: text('status', { enum: ['received', 'processing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('received'),
    notes: text('notes'),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The discount lines as sent: [{ group_name, discount_percent, amount_cents }]. */
    discounts: jsonb('discounts').notNull(),
    /** VAT by rate: [{ rate, base_cents, amount_cents }]. */
    taxes: jsonb('taxes').notNull(),
    /** Whether the client was in the regime of recargo de equivalencia when it sent the order. */
    recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(false),
    /**
     * The recargo de equivalencia by VAT rate, as sent: [{ vat_rate, rate, base_cents, amount_cents }];
     * empty outside the regime. `tax_cents` is the VAT plus these.
     */
    surcharges: jsonb('surcharges').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('orders_client_created_idx').on(t.clientId, t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    format: text('format').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** The status of an ERP shipment: being prepared, on its way, delivered, or held up by an incident. */
export const SHIPMENT_STATUSES = ['preparing', 'in_transit', 'delivered', 'incident'] as const;

/**
 * Shipments from the laboratory's ERP (ENVIOS): one delivery note ('albarán') each, for one order;
 * an order may leave in several (a partial shipment). Read-only for the portal: the ERP writes them.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The delivery note number, e.g. 'AL-2026-004512'. */
    deliveryNote: text('delivery_note').notNull().unique(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The carrier's tracking page for this shipment. */
    trackingUrl: text('tracking_url').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    packages: smallint('packages').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_client_shipped_idx').on(t.clientId, t.shippedAt),
    index('shipments_order_idx').on(t.orderId),
    check('shipments_status', sql`${t.status} IN ('preparing', 'in_transit', 'delivered', 'incident')`),
    check('shipments_packages', sql`${t.packages} >= 1`),
  ],
);

/** The lines of a shipment: which products of its order, and how many units. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: id(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('shipment_lines_shipment_idx').on(t.shipmentId)],
);

/**
 * Invoices (kind 'invoice', series 'F') and refunds (kind 'refund', facturas rectificativas, series
 * 'R'), as issued: every field RD 1619/2012 asks of an invoice is stored at issue time, the
 * customer's identity included (a later change of the pharmacy's address does not rewrite an issued
 * invoice); the laboratory's comes from the settings' identity (LAB_*). An invoice bills one order and its
 * amounts are the order's; a refund corrects part of one invoice (`corrects_id`) for a `reason`, its
 * amounts positive (the PDF shows them negative). `pdf_token` is the random part of the PDF's
 * address (GET /api/v1/documents/{token}{year}.pdf), made by the database, never by the generator.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'refund'] }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** 'F' for invoices, 'R' for refunds: a refund's series is its own (RD 1619/2012 art. 6.1.a). */
    series: text('series').notNull(),
    /** The Madrid year of issue: numbers restart every year within a series. */
    year: smallint('year').notNull(),
    /** Consecutive within the series and year. */
    sequence: integer('sequence').notNull(),
    /** Series, year and sequence as printed, e.g. 'F2026-000123'. */
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The order an invoice bills (a refund: its invoice's). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice a refund corrects; null for an invoice. */
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    /** Why a refund was issued; null for an invoice. */
    reason: text('reason'),
    /** The customer as invoiced: { name, tax_id, address, postal_code, city, province }. */
    customer: jsonb('customer').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** As `orders.discounts`. */
    discounts: jsonb('discounts').notNull(),
    /** As `orders.taxes`. */
    taxes: jsonb('taxes').notNull(),
    recargoEquivalencia: boolean('recargo_equivalencia').notNull(),
    /** As `orders.surcharges`. */
    surcharges: jsonb('surcharges').notNull(),
    /** 32 hex characters from the database's random UUIDs (122 random bits). */
    pdfToken: text('pdf_token').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex('invoices_series_year_sequence_idx').on(t.series, t.year, t.sequence),
    index('invoices_client_kind_issued_idx').on(t.clientId, t.kind, t.issuedAt),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_kind', sql`${t.kind} IN ('invoice', 'refund')`),
    check(
      'invoices_refund_corrects',
      sql`(${t.kind} = 'refund') = (${t.correctsId} IS NOT NULL AND ${t.reason} IS NOT NULL)`,
    ),
  ],
);

/** The lines of an invoice or refund, as issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** After the line's share of the discounts: the taxable base of the line. */
    netCents: integer('net_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

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
});

/** Raw bytes (PostgreSQL `bytea`): PGlite reads them as a Uint8Array, node-postgres as a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

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
    fileId: integer('file_id')
      .notNull()
      .references(() => trainingFiles.id),
    /** The webinar it was presented in. */
    webinarId: integer('webinar_id').references(() => webinars.id, { onDelete: 'set null' }),
  },
  (t) => [index('materials_published_idx').on(t.publishedAt), index('materials_webinar_idx').on(t.webinarId)],
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
    fileId: integer('file_id')
      .notNull()
      .references(() => trainingFiles.id),
  },
  (t) => [index('newsletters_published_idx').on(t.publishedAt)],
);

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
  },
  (t) => [index('posts_published_idx').on(t.publishedAt)],
);

/**
 * The laboratory's surveys ('Te escuchamos'): open from `opens_at` to `closes_at` (excluded). The
 * portal shows the one open now (the latest opened, should two overlap).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
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
