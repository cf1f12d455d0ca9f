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

export { configurations, settings } from '../configurations/tables.ts';
export { banners, labMessageReads, labMessages, posts } from '../content/tables.ts';
export { surveyQuestions, surveyResponses, surveys } from '../survey/tables.ts';
export {
  materials,
  materialTagLinks,
  materialTags,
  newsletters,
  trainingFiles,
  webinarProducts,
  webinarSignups,
  webinars,
} from '../training/tables.ts';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The laboratory's sales representatives (EQUIPO COMERCIAL). */
export const salesReps = pgTable('sales_reps', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  zone: text('zone').notNull(),
  createdAt: createdAt(),
});

/** Discount groups: each gives its clients a cart-level discount line and may set special unit prices. */
export const discountGroups = pgTable('discount_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  /** The cart-level discount of the group, in percent (0–100, two decimals). */
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

/** The pharmacies (clients of the laboratory). */
export const clients = pgTable('clients', {
  id: id(),
  /** Trading name of the pharmacy, e.g. 'Farmacia Ldo. Martín Ruiz'. */
  name: text('name').notNull(),
  /** CIF, or NIF/NIE of the owning pharmacist (validated with @botica/domain). */
  taxId: text('tax_id').notNull().unique(),
  erpCode: text('erp_code').notNull().unique(),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  discountGroupId: integer('discount_group_id').references(() => discountGroups.id),
  salesRepId: integer('sales_rep_id').references(() => salesReps.id),
  /**
   * In the VAT regime of recargo de equivalencia: its orders carry the surcharge by VAT rate (5,2 /
   * 1,4 / 0,5 %). On by default: Spanish pharmacies run by a person or a comunidad de bienes are, by
   * law; a pharmacy owned by a company is not.
   */
  recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(true),
  createdAt: createdAt(),
});

/** A pharmacy's shops (MIS DATOS): the premises it runs and orders are delivered to. */
export const shops = pgTable(
  'shops',
  {
    id: id(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    phone: text('phone').notNull(),
    /** The pharmacy's main premises (its registered address). */
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('shops_client_idx').on(t.clientId)],
);

/** Users: a pharmacy's main user and its sub-users (role client), sales reps and admins. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    /** scrypt hash in the form `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    role: text('role', { enum: ['client', 'sales_rep', 'admin'] }).notNull(),
    clientId: integer('client_id').references(() => clients.id),
    /** The main user that created this sub-user; null for a main user. */
    parentUserId: integer('parent_user_id'),
    isActive: boolean('is_active').notNull().default(true),
    /** A sub-user's permission to send the cart as an order (a main user always may). */
    canSendOrders: boolean('can_send_orders').notNull().default(true),
    /** A sub-user's permission to see the invoices and refunds (a main user always may). */
    canViewInvoices: boolean('can_view_invoices').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_client_idx').on(t.clientId),
    check('users_client_role', sql`${t.role} <> 'client' OR ${t.clientId} IS NOT NULL`),
  ],
);

/** Server-side sessions; an anonymous session exists from the CSRF cookie on. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session cookie's random value (the cookie itself is never stored). */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);

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

/**
 * E-mail waiting to go out (src/mail/): written in the same transaction as the change that causes it,
 * so a change that rolls back sends nothing and a committed one is never without its message. The
 * sender claims due rows (`for update skip locked`, then a lease in `locked_until`, so several
 * instances never deliver one row at once), delivers them and records the outcome. The bodies are
 * cleared once a message has left: a reset link's secret does not stay in the table.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** What the message is, e.g. `password_reset`, `registration_received` (for logs and tests). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text part; null once delivered or given up. */
    textBody: text('text_body'),
    /** The HTML part; null once delivered or given up. */
    htmlBody: text('html_body'),
    /**
     * Files sent with the message (e.g. a webinar's `.ics` invitation): a name, a MIME type and the
     * content as text or base64. Null when it has none, and once delivered or given up.
     */
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
      >(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    /** Delivery attempts so far (counted when a sender claims the row). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a sender holds the row: until when (a sender that died mid-delivery lets go then). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** After this the message is worthless (a reset link that has expired) and is not sent. */
    discardAfter: timestamp('discard_after', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed', 'expired')`),
  ],
);

/**
 * The live secrets of password links: a reset asked for with `send_reset` (60 minutes) or the "set
 * your password" link of an approved registration. Only the SHA-256 of a secret is stored. A secret
 * is single use (its row is deleted when used), and issuing a user a new one, or a successful reset,
 * deletes the user's others.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the secret in the link. */
    secretHash: text('secret_hash').notNull().unique(),
    /** 'invitation': a new sub-user's link to set its first password (issue 17). */
    purpose: text('purpose', { enum: ['reset', 'welcome', 'invitation'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    check('password_resets_purpose', sql`${t.purpose} IN ('reset', 'welcome', 'invitation')`),
  ],
);

/**
 * Pharmacies asking to become clients (`POST /api/v1/register`), pending until the laboratory
 * approves (a client and its main user are created) or rejects them. At most one pending request per
 * username and per tax id (partial unique indexes): a repeated request is answered the same and not
 * stored twice.
 */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: id(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The username asked for, normalised (trimmed, lower case). */
    username: text('username').notNull(),
    /** The CIF/NIF, normalised (upper case, no spaces or hyphens). */
    taxId: text('tax_id').notNull(),
    pharmacyName: text('pharmacy_name').notNull(),
    email: text('email').notNull(),
    /** Digits only (`normalisePhone`). */
    phone: text('phone').notNull(),
    postalCode: text('postal_code').notNull(),
    /** When the privacy policy was accepted (the request's own time). */
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    /** The client address the request came from. */
    ip: text('ip'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The client created on approval. */
    clientId: integer('client_id').references(() => clients.id),
  },
  (t) => [
    uniqueIndex('registration_requests_pending_username').on(t.username).where(sql`${t.status} = 'pending'`),
    uniqueIndex('registration_requests_pending_tax_id').on(t.taxId).where(sql`${t.status} = 'pending'`),
    check('registration_requests_status', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);
