/**
 * The laboratory's staff accounts from the command line (`staff add | list | deactivate`): a production
 * start gets its first admin without touching the database. A new staff user has an unusable password
 * and is e-mailed (through the outbox) a link to choose it; the link is also returned for an operator
 * without mail. Every change is audited, without a staff member (the command line).
 */
import { randomBytes } from 'node:crypto';
import { emailProblem, normaliseUsername, usernameProblem } from '@botica/domain';
import { isUsernameTaken } from '../accounts/accounts-service.ts';
import { hashPassword } from '../accounts/password.ts';
import { issuePasswordSecret } from '../accounts/password-secrets.ts';
import {
  deactivateUser,
  insertStaffUser,
  listStaffUsers,
  lockStaffUser,
  type StaffRole,
  type StaffUser,
  salesRepExists,
} from '../accounts/staff-accounts.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { staffInvitationMail } from './access-mail.ts';
import { resetLink } from './links.ts';

export type { StaffRole, StaffUser } from '../accounts/staff-accounts.ts';

/** A new staff member, as the command line gives it. */
export interface NewStaff {
  username: string;
  email: string;
  name: string;
  role: StaffRole;
  /** A sales rep's row in `sales_reps` (his pharmacies); only for the role sales_rep. */
  salesRepId?: number | undefined;
}

/** Why a staff member is not added (the command words each in English). */
export type AddStaffProblem =
  | 'username-invalid'
  | 'username-taken'
  | 'email-invalid'
  | 'name-required'
  | 'sales-rep-not-found'
  | 'sales-rep-for-admin';

export type AddStaffResult =
  | { ok: true; userId: number; username: string; setPasswordLink: string }
  | { ok: false; problem: AddStaffProblem };

const audited = (user: Omit<StaffUser, 'id'>) => ({
  username: user.username,
  name: user.name,
  email: user.email,
  role: user.role,
  sales_rep_id: user.salesRepId,
  is_active: user.isActive,
});

/**
 * Adds a staff user with an unusable password and queues the e-mail with the link to choose it
 * (`origin`'s reset page, valid 7 days), audited in the same transaction.
 */
export async function addStaff(
  context: CoreContext,
  given: NewStaff,
  origin: string,
): Promise<AddStaffResult> {
  const username = normaliseUsername(given.username);
  const name = given.name.trim();
  const email = given.email.trim();
  if (usernameProblem(username) !== undefined) return { ok: false, problem: 'username-invalid' };
  if (emailProblem(email) !== undefined) return { ok: false, problem: 'email-invalid' };
  if (name === '') return { ok: false, problem: 'name-required' };
  if (given.role === 'admin' && given.salesRepId !== undefined)
    return { ok: false, problem: 'sales-rep-for-admin' };
  const now = context.now();
  // Nobody knows this password: the new staff member chooses one through the link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return inTransaction(context, async (tx): Promise<AddStaffResult> => {
    if (await isUsernameTaken(tx, username)) return { ok: false, problem: 'username-taken' };
    if (given.salesRepId !== undefined && !(await salesRepExists(tx, given.salesRepId)))
      return { ok: false, problem: 'sales-rep-not-found' };
    const user = {
      username,
      name,
      email,
      role: given.role,
      salesRepId: given.salesRepId ?? null,
      isActive: true,
    };
    const userId = await insertStaffUser(tx, { ...user, passwordHash: unusable, now });
    const { secret, expiresAt } = await issuePasswordSecret(tx, { userId, purpose: 'invitation', now });
    const setPasswordLink = resetLink(origin, secret);
    await enqueueMail(tx, {
      kind: 'staff_invitation',
      to: email,
      mail: composeMail(
        context.settings.laboratory,
        staffInvitationMail(context.settings.laboratory, user, {
          setPassword: setPasswordLink,
          backoffice: `${origin}/backoffice/`,
        }),
      ),
      discardAfter: expiresAt,
    });
    await recordAudit(tx, {
      actor: null,
      action: 'staff.created',
      objectType: 'user',
      objectId: userId,
      before: null,
      after: audited(user),
    });
    return { ok: true, userId, username, setPasswordLink };
  });
}

/** Every staff user, active or not. */
export function listStaff(context: CoreContext): Promise<StaffUser[]> {
  return listStaffUsers(context);
}

/**
 * Deactivates a staff user: no more logins, every session ended at once. Audited; deactivating one
 * already inactive changes nothing.
 * @returns 'not-found' for no staff user of that username.
 */
export async function deactivateStaff(
  context: CoreContext,
  username: string,
): Promise<{ ok: true; wasActive: boolean } | { ok: false; problem: 'not-found' }> {
  return inTransaction(context, async (tx) => {
    const user = await lockStaffUser(tx, normaliseUsername(username));
    if (!user) return { ok: false as const, problem: 'not-found' as const };
    if (!user.isActive) return { ok: true as const, wasActive: false };
    await deactivateUser(tx, user.id);
    await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      actor: null,
      action: 'staff.deactivated',
      objectType: 'user',
      objectId: user.id,
      before: audited(user),
      after: audited({ ...user, isActive: false }),
    });
    return { ok: true as const, wasActive: true };
  });
}
