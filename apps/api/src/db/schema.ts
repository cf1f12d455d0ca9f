/**
 * The database: one PostgreSQL schema for PGlite and PostgreSQL alike. Money is integer cents
 * (`*_cents`), percentages are numeric(5,2), instants are timestamptz. Each module owns its tables in
 * its `tables.ts` (docs/decisions/014-server-modules.md); this file gathers them for Drizzle and for
 * drizzle-kit, which generates the migrations from it (applied from code at start), and holds the one
 * table of the infrastructure.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export { registrationRequests } from '../access/tables.ts';
export { clients, passwordResets, salesReps, shops, users } from '../accounts/tables.ts';
export { auditLog } from '../audit/tables.ts';
export { sessions } from '../auth/tables.ts';
export { carts } from '../cart/tables.ts';
export {
  categories,
  productCategories,
  productPictures,
  products,
  productTags,
  tags,
} from '../catalogue/tables.ts';
export { configurations, settings } from '../configurations/tables.ts';
export {
  banners,
  labMessageClients,
  labMessageReads,
  labMessages,
  postPictures,
  posts,
  showcaseProducts,
} from '../content/tables.ts';
export { clientWholesalers, userShopChoices, wholesalers } from '../delivery/tables.ts';
export {
  invoiceFiles,
  invoiceLines,
  invoices,
  SHIPMENT_STATUSES,
  shipmentLines,
  shipments,
} from '../documents/tables.ts';
export { apiKeys, integrationCalls, integrationRequests } from '../integration/tables.ts';
export { outbox } from '../mail/tables.ts';
export { orderLines, orderStatusChanges, orders } from '../orders/tables.ts';
export { discountGroups, pricingEpoch, specialPrices, volumeRules } from '../pricing/tables.ts';
export { searchWords } from '../search/tables.ts';
export { stockAlerts } from '../stock-alerts/tables.ts';
export { productSubstitutes } from '../substitutes/tables.ts';
export { surveyQuestions, surveyResponses, surveys } from '../survey/tables.ts';
export {
  materialProducts,
  materials,
  materialTagLinks,
  materialTags,
  newsletters,
  trainingFiles,
  webinarProducts,
  webinarSignups,
  webinars,
} from '../training/tables.ts';
export { webhookDeliveries, webhookEndpoints } from '../webhooks/tables.ts';

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
