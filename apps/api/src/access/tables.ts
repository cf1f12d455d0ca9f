/** The access module's tables: the pharmacies' registration requests. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../accounts/tables.ts';
import { createdAt, id } from '../db/columns.ts';

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
    /** The client created (or the existing one linked) on approval. */
    clientId: integer('client_id').references(() => clients.id),
    /** Why the laboratory rejected it, as the applicant was told. */
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    uniqueIndex('registration_requests_pending_username').on(t.username).where(sql`${t.status} = 'pending'`),
    uniqueIndex('registration_requests_pending_tax_id').on(t.taxId).where(sql`${t.status} = 'pending'`),
    check('registration_requests_status', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);
