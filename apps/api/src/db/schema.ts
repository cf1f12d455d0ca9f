/**
 * The database: one PostgreSQL schema for PGlite and PostgreSQL alike. Money is integer cents
 * (`*_cents`), percentages are numeric(5,2), instants are timestamptz. Migrations are generated from
 * this file by drizzle-kit and applied from code at start.
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { discountGroups } from '../pricing/tables.ts';

export { carts } from '../cart/tables.ts';
export { categories, productCategories, products, productTags, tags } from '../catalogue/tables.ts';
export { configurations, settings } from '../configurations/tables.ts';
export { banners, labMessageReads, labMessages, posts } from '../content/tables.ts';
export {
  invoiceLines,
  invoices,
  SHIPMENT_STATUSES,
  shipmentLines,
  shipments,
} from '../documents/tables.ts';
export { orderLines, orders } from '../orders/tables.ts';
export { discountGroups, pricingEpoch, specialPrices, volumeRules } from '../pricing/tables.ts';
export { searchWords } from '../search/tables.ts';
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
