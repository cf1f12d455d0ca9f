/**
 * Registration requests: storing one (`POST /api/v1/register`) and the laboratory's decision on it
 * (the `registrations` command until the back office does it). Approving creates the client and its
 * main user, without a usable password, and e-mails them a "set your password" link (a password
 * secret of 72 hours); rejecting tells the pharmacy. Every message goes through the outbox in the
 * transaction of its change. The requests that did not become a client are deleted after the privacy
 * policy's retention (`pruneUnsuccessfulRegistrations`, on the pruning schedule of src/auth/prune.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Registration } from '@botica/api-client/admin';
import {
  isValidSpanishTaxId,
  normalisePhone,
  normaliseTaxId,
  normaliseUsername,
  type RegistrationFields,
  retentionCutoffs,
} from '@botica/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  addMainUser,
  findClientsByTaxIds,
  isUsernameTaken,
  openClientAccount,
} from '../accounts/accounts-service.ts';
import { resetLink } from '../accounts/links.ts';
import { hashPassword } from '../accounts/password.ts';
import { issuePasswordSecret } from '../accounts/password-secrets.ts';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import type { PruneTask } from '../auth/prune.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { enqueueWebhookEvent, wakeWebhookSenders } from '../webhooks/webhooks-service.ts';
import {
  type RegistrationSummary,
  registrationNoticeMail,
  registrationReceivedMail,
  registrationRejectedMail,
  welcomeMail,
} from './access-mail.ts';
import { registrationLink } from './links.ts';
import { registrationRequests } from './tables.ts';

/**
 * Stores a pending request, unless one is already pending for the username or the tax id, and writes
 * the acknowledgement to the pharmacy and (for a new request) the notice to the sales
 * administration with a link to the request in the back office, all in one transaction (no message
 * at all with `sendMail: false`). Returns whether a request was stored; the caller answers the same
 * either way.
 */
export async function storeRegistration(
  context: CoreContext,
  input: RegistrationFields,
  ip: string,
  options: {
    sendMail: boolean;
    /** Where the notice's link to the back office points (`PORTAL_URL` when left out). */
    origin?: string;
  } = { sendMail: true },
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
  const isStored = await inTransaction(context, async (tx) => {
    const { db } = tx;
    const [stored] = await db
      .insert(registrationRequests)
      .values({ ...summary, privacyAcceptedAt: now, ip, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: registrationRequests.id });
    if (stored) {
      await enqueueWebhookEvent(tx, 'registration.requested', {
        id: stored.id,
        pharmacy_name: summary.pharmacyName,
        tax_id: summary.taxId,
        requested_at: now.toISOString(),
      });
    }
    // Beyond the hour's mail budget the request is kept for review without a message: the sales
    // administration finds it in the list of pending requests.
    if (!options.sendMail) return stored !== undefined;
    await enqueueMail(tx, {
      kind: 'registration_received',
      to: summary.email,
      mail: composeMail(laboratory, registrationReceivedMail(laboratory)),
    });
    if (stored) {
      await enqueueMail(tx, {
        kind: 'registration_notice',
        to: laboratory.salesEmail,
        mail: composeMail(
          laboratory,
          registrationNoticeMail(
            { ...summary, id: stored.id },
            registrationLink(options.origin ?? context.settings.portalUrl, stored.id),
          ),
        ),
      });
    }
    return stored !== undefined;
  });
  if (isStored) wakeWebhookSenders();
  return isStored;
}

export type RegistrationRow = typeof registrationRequests.$inferSelect;

/** The requests, newest first: the pending ones, or all. */
export function listRegistrations(context: CoreContext, all = false): Promise<RegistrationRow[]> {
  const query = context.db.select().from(registrationRequests);
  return (all ? query : query.where(eq(registrationRequests.status, 'pending'))).orderBy(
    desc(registrationRequests.id),
  );
}

/**
 * The requests as the back office shows them: each with whether its CIF/NIF passes the Spanish check
 * and the existing pharmacy that already has it (approving links that one instead of creating another).
 */
export async function describeRegistrations(
  context: CoreContext,
  rows: readonly RegistrationRow[],
): Promise<Registration[]> {
  const matches = await findClientsByTaxIds(context, [...new Set(rows.map((row) => row.taxId))]);
  const byTaxId = new Map(matches.map((client) => [client.taxId, client]));
  return rows.map((row) => {
    const match = byTaxId.get(row.taxId);
    return {
      id: row.id,
      status: row.status,
      pharmacy_name: row.pharmacyName,
      tax_id: row.taxId,
      username: row.username,
      email: row.email,
      phone: row.phone,
      postal_code: row.postalCode,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      client_id: row.clientId,
      tax_id_valid: isValidSpanishTaxId(row.taxId),
      matching_client: match ? { id: match.id, name: match.name } : null,
      rejection_reason: row.rejectionReason,
    };
  });
}

/** Why a decision could not be made. */
export type DecisionProblem = 'not-found' | 'not-pending' | 'username-taken' | 'client-has-main-user';

/**
 * The outcome of a decision: done (on approval, the client created or linked, and its new main user),
 * or the problem.
 */
export type DecisionResult =
  | { ok: true; clientId?: number; userId?: number; created?: boolean }
  | { ok: false; problem: DecisionProblem };

/** Who decides: a staff member of the back office, or null for the command line. */
export interface DecisionOptions {
  actor?: AuditActor;
}

async function pendingRequest(context: CoreContext, id: number): Promise<RegistrationRow | DecisionProblem> {
  const [row] = await context.db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.id, id))
    .for('update');
  if (!row) return 'not-found';
  return row.status === 'pending' ? row : 'not-pending';
}

/** A request by id, or undefined. */
export async function findRegistration(
  context: CoreContext,
  id: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await context.db.select().from(registrationRequests).where(eq(registrationRequests.id, id));
  return row;
}

/** The request as the audit log keeps it (what a decision changes, and what identifies it). */
function audited(row: RegistrationRow): Record<string, unknown> {
  return {
    status: row.status,
    pharmacy_name: row.pharmacyName,
    tax_id: row.taxId,
    username: row.username,
    email: row.email,
    decided_at: row.decidedAt?.toISOString() ?? null,
    client_id: row.clientId,
    rejection_reason: row.rejectionReason,
  };
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
 * to complete), or links the existing client of the same tax id when it has no main user yet (one the
 * ERP's import brought), and its main user with an unusable password; e-mails a link to
 * `portalOrigin`'s reset page to choose it (valid 72 hours). Audited in the same transaction.
 */
export async function approveRegistration(
  context: CoreContext,
  id: number,
  portalOrigin: string,
  { actor = null }: DecisionOptions = {},
): Promise<DecisionResult> {
  const now = context.now();
  const { laboratory } = context.settings;
  // Nobody knows this password: the user sets one through the link. A real hash (not a marker) keeps
  // a login attempt on this user as slow as on any other.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return inTransaction(context, async (tx): Promise<DecisionResult> => {
    const { db } = tx;
    const request = await pendingRequest(tx, id);
    if (typeof request === 'string') return { ok: false, problem: request };
    if (await isUsernameTaken(tx, request.username)) return { ok: false, problem: 'username-taken' };
    const [existing] = await findClientsByTaxIds(tx, [request.taxId]);
    if (existing?.hasMainUser) return { ok: false, problem: 'client-has-main-user' };
    const { clientId, userId } = existing
      ? {
          clientId: existing.id,
          userId: await addMainUser(tx, {
            clientId: existing.id,
            username: request.username,
            name: existing.name,
            email: request.email,
            passwordHash: unusable,
            now,
          }),
        }
      : await openClientAccount(tx, {
          name: request.pharmacyName,
          taxId: request.taxId,
          erpCode: webRegistrationCode(request.id),
          postalCode: request.postalCode,
          phone: request.phone,
          email: request.email,
          username: request.username,
          passwordHash: unusable,
          now,
        });
    const { secret, expiresAt } = await issuePasswordSecret(tx, { userId, purpose: 'welcome', now });
    await enqueueMail(tx, {
      kind: 'registration_approved',
      to: request.email,
      mail: composeMail(
        laboratory,
        welcomeMail(
          laboratory,
          { name: existing?.name ?? request.pharmacyName, username: request.username },
          resetLink(portalOrigin, secret),
        ),
      ),
      discardAfter: expiresAt,
    });
    const [decided] = await db
      .update(registrationRequests)
      .set({ status: 'approved', decidedAt: now, clientId })
      .where(and(eq(registrationRequests.id, id), eq(registrationRequests.status, 'pending')))
      .returning();
    if (!decided) throw new Error('the locked request was not updated');
    await recordAudit(tx, {
      actor,
      action: 'registration.approved',
      objectType: 'registration',
      objectId: id,
      before: audited(request),
      after: { ...audited(decided), user_id: userId, client_created: !existing },
    });
    return { ok: true, clientId, userId, created: !existing };
  });
}

/**
 * Rejects a pending request, keeps the reason and tells the pharmacy, with the reason when there is
 * one (the back office always gives one). Audited in the same transaction.
 */
export async function rejectRegistration(
  context: CoreContext,
  id: number,
  { actor = null, reason }: DecisionOptions & { reason?: string } = {},
): Promise<DecisionResult> {
  const now = context.now();
  const { laboratory } = context.settings;
  const given = reason?.trim() || null;
  return inTransaction(context, async (tx): Promise<DecisionResult> => {
    const { db } = tx;
    const request = await pendingRequest(tx, id);
    if (typeof request === 'string') return { ok: false, problem: request };
    const [decided] = await db
      .update(registrationRequests)
      .set({ status: 'rejected', decidedAt: now, rejectionReason: given })
      .where(eq(registrationRequests.id, id))
      .returning();
    if (!decided) throw new Error('the locked request was not updated');
    await enqueueMail(tx, {
      kind: 'registration_rejected',
      to: request.email,
      mail: composeMail(laboratory, registrationRejectedMail(laboratory, request, given)),
    });
    await recordAudit(tx, {
      actor,
      action: 'registration.rejected',
      objectType: 'registration',
      objectId: id,
      before: audited(request),
      after: audited(decided),
    });
    return { ok: true };
  });
}

/**
 * Deletes registration requests that did not become a client (pending or rejected) after
 * @botica/domain's DATA_RETENTION `unsuccessfulRegistrationMonths` (what the privacy policy promises),
 * in batches, safe with several instances (`for update skip locked`).
 */
export function pruneUnsuccessfulRegistrations(context: Pick<CoreContext, 'db' | 'now'>): PruneTask {
  return async (batchSize) => {
    const limit = retentionCutoffs(context.now()).unsuccessfulRegistrations.toISOString();
    const deleted = await selectRows<{ id: number }>(
      context.db,
      sql`delete from registration_requests where id in (
            select id from registration_requests
            where status in ('pending', 'rejected') and created_at < ${limit}::timestamptz
            limit ${batchSize} for update skip locked)
          returning id`,
    );
    return deleted.length;
  };
}

/** How many registration requests wait for a decision (the back office's dashboard). */
export async function countPendingRegistrations(context: CoreContext): Promise<number> {
  const [row] = await context.db
    .select({ total: sql<number | string>`count(*)` })
    .from(registrationRequests)
    .where(eq(registrationRequests.status, 'pending'));
  return Number(row?.total ?? 0);
}
