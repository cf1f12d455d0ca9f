/**
 * Registration requests: storing one (`POST /api/v1/register`) and the laboratory's decision on it
 * (the `registrations` command until the back office does it). Approving creates the client and its
 * main user, without a usable password, and e-mails them a "set your password" link (a password
 * secret of 72 hours); rejecting tells the pharmacy. Every message goes through the outbox in the
 * transaction of its change.
 */
import { randomBytes } from 'node:crypto';
import { normalisePhone, normaliseTaxId, normaliseUsername } from '@botica/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { CoreContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { clients, registrationRequests, users } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import {
  type RegistrationSummary,
  registrationNoticeMail,
  registrationReceivedMail,
  registrationRejectedMail,
  welcomeMail,
} from './access-mail.ts';
import { resetLink } from './links.ts';
import { issuePasswordSecret } from './password-secrets.ts';

/** A registration request as the wire gives it (already validated). */
export interface RegistrationInput {
  username: string;
  cif: string;
  pharmacy_name: string;
  email: string;
  phone: string;
  postal_code: string;
}

/**
 * Stores a pending request, unless one is already pending for the username or the tax id, and writes
 * the acknowledgement to the pharmacy and (for a new request) the notice to the sales
 * administration, all in one transaction (no message at all with `sendMail: false`). Returns whether a request was stored; the caller answers
 * the same either way.
 */
export async function storeRegistration(
  context: CoreContext,
  input: RegistrationInput,
  ip: string,
  options: { sendMail: boolean } = { sendMail: true },
): Promise<boolean> {
  const now = context.now();
  const summary: RegistrationSummary = {
    username: normaliseUsername(input.username),
    taxId: normaliseTaxId(input.cif),
    pharmacyName: input.pharmacy_name.trim(),
    email: input.email.trim(),
    phone: normalisePhone(input.phone),
    postalCode: input.postal_code.trim(),
  };
  const { laboratory } = context.settings;
  return context.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [stored] = await db
      .insert(registrationRequests)
      .values({ ...summary, privacyAcceptedAt: now, ip, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: registrationRequests.id });
    // Beyond the hour's mail budget the request is kept for review without a message: the sales
    // administration finds it in the list of pending requests.
    if (!options.sendMail) return stored !== undefined;
    await enqueueMail(
      db,
      {
        kind: 'registration_received',
        to: summary.email,
        mail: composeMail(laboratory, registrationReceivedMail(laboratory)),
      },
      now,
    );
    if (stored) {
      await enqueueMail(
        db,
        {
          kind: 'registration_notice',
          to: laboratory.salesEmail,
          mail: composeMail(laboratory, registrationNoticeMail({ ...summary, id: stored.id })),
        },
        now,
      );
    }
    return stored !== undefined;
  });
}

export type RegistrationRow = typeof registrationRequests.$inferSelect;

/** The requests, newest first: the pending ones, or all. */
export function listRegistrations(context: CoreContext, all = false): Promise<RegistrationRow[]> {
  const query = context.db.select().from(registrationRequests);
  return (all ? query : query.where(eq(registrationRequests.status, 'pending'))).orderBy(
    desc(registrationRequests.id),
  );
}

/** Why a decision could not be made. */
export type DecisionProblem = 'not-found' | 'not-pending' | 'username-taken' | 'tax-id-taken';

/** The outcome of a decision: done (with the new ids on approval), or the problem. */
export type DecisionResult =
  | { ok: true; clientId?: number; userId?: number }
  | { ok: false; problem: DecisionProblem };

async function pendingRequest(db: Database, id: number): Promise<RegistrationRow | DecisionProblem> {
  const [row] = await db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.id, id))
    .for('update');
  if (!row) return 'not-found';
  return row.status === 'pending' ? row : 'not-pending';
}

/**
 * The placeholder client code of a pharmacy approved from the web (`WEB000012` for request 12), until
 * the clients import gives it the laboratory's ERP code (matched by tax id).
 */
export function webRegistrationCode(requestId: number): string {
  return `WEB${String(requestId).padStart(6, '0')}`;
}

/** Whether a client code is such a placeholder. */
export function isWebRegistrationCode(code: string): boolean {
  return /^WEB\d{6}$/.test(code);
}

/**
 * Approves a pending request: creates the client (address, city and province left for the back office
 * to complete) and its main user with an unusable password, and e-mails a link to `portalOrigin`'s
 * reset page to choose it (valid 72 hours).
 */
export async function approveRegistration(
  context: CoreContext,
  id: number,
  portalOrigin: string,
): Promise<DecisionResult> {
  const now = context.now();
  const { laboratory } = context.settings;
  // Nobody knows this password: the user sets one through the link. A real hash (not a marker) keeps
  // a login attempt on this user as slow as on any other.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return context.db.transaction(async (tx): Promise<DecisionResult> => {
    const db = tx as unknown as Database;
    const request = await pendingRequest(db, id);
    if (typeof request === 'string') return { ok: false, problem: request };
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${request.username}`);
    if (taken) return { ok: false, problem: 'username-taken' };
    const [known] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`upper(regexp_replace(${clients.taxId}, '[\\s.-]', '', 'g')) = ${request.taxId}`);
    if (known) return { ok: false, problem: 'tax-id-taken' };
    const [client] = await db
      .insert(clients)
      .values({
        name: request.pharmacyName,
        taxId: request.taxId,
        erpCode: webRegistrationCode(request.id),
        address: '',
        postalCode: request.postalCode,
        city: '',
        province: '',
        phone: request.phone,
        email: request.email,
        createdAt: now,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error('the client was not created');
    const [user] = await db
      .insert(users)
      .values({
        username: request.username,
        passwordHash: unusable,
        name: request.pharmacyName,
        email: request.email,
        role: 'client',
        clientId: client.id,
        createdAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('the user was not created');
    const { secret, expiresAt } = await issuePasswordSecret(db, user.id, 'welcome', now);
    await enqueueMail(
      db,
      {
        kind: 'registration_approved',
        to: request.email,
        mail: composeMail(
          laboratory,
          welcomeMail(
            laboratory,
            { name: request.pharmacyName, username: request.username },
            resetLink(portalOrigin, secret),
          ),
        ),
        discardAfter: expiresAt,
      },
      now,
    );
    await db
      .update(registrationRequests)
      .set({ status: 'approved', decidedAt: now, clientId: client.id })
      .where(and(eq(registrationRequests.id, id), eq(registrationRequests.status, 'pending')));
    return { ok: true, clientId: client.id, userId: user.id };
  });
}

/** Rejects a pending request and tells the pharmacy. */
export async function rejectRegistration(context: CoreContext, id: number): Promise<DecisionResult> {
  const now = context.now();
  const { laboratory } = context.settings;
  return context.db.transaction(async (tx): Promise<DecisionResult> => {
    const db = tx as unknown as Database;
    const request = await pendingRequest(db, id);
    if (typeof request === 'string') return { ok: false, problem: request };
    await db
      .update(registrationRequests)
      .set({ status: 'rejected', decidedAt: now })
      .where(eq(registrationRequests.id, id));
    await enqueueMail(
      db,
      {
        kind: 'registration_rejected',
        to: request.email,
        mail: composeMail(laboratory, registrationRejectedMail(laboratory, request)),
      },
      now,
    );
    return { ok: true };
  });
}
