/**
 * The accounts module's tables: the laboratory's sales reps, the pharmacies (clients) and their shops,
 * the users (main users and sub-users) and the live secrets of their password links.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';
// The pricing module's table that a client's discount group references (until src/pricing/tables.ts).
import { discountGroups } from '../pricing/tables.ts';

/** The laboratory's sales representatives (EQUIPO COMERCIAL). */
export const salesReps = pgTable('sales_reps', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  zone: text('zone').notNull(),
  /** The ERP's code of the rep (upper case), how its batches name him; null until one names him. */
  code: text('code').unique(),
  /** A rep the ERP has deactivated: his back-office users are deactivated with him. */
  isActive: boolean('is_active').notNull().default(true),
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
  /** A pharmacy the ERP has deactivated: its users are deactivated with it. */
  isActive: boolean('is_active').notNull().default(true),
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
    /** The ERP's code of the shop within its pharmacy (upper case); null for one it has not named. */
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shops_client_idx').on(t.clientId),
    uniqueIndex('shops_client_code_idx').on(t.clientId, t.code),
  ],
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
    /**
     * A sales rep's own row in `sales_reps`: the back office shows him the pharmacies whose
     * `sales_rep_id` it is, and nothing when it is null.
     */
    salesRepId: integer('sales_rep_id').references(() => salesReps.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_client_idx').on(t.clientId),
    check('users_client_role', sql`${t.role} <> 'client' OR ${t.clientId} IS NOT NULL`),
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
    /** 'invitation': a new sub-user's link to set its first password. */
    purpose: text('purpose', { enum: ['reset', 'welcome', 'invitation'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    check('password_resets_purpose', sql`${t.purpose} IN ('reset', 'welcome', 'invitation')`),
  ],
);
