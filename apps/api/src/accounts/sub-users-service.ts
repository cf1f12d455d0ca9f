/**
 * A pharmacy's sub-users (MIS USUARIOS), behind `GET`/`POST
 * /api/v1/driver/customers/clients/{clientId}/users` and `PUT`/`DELETE …/users/{userId}` (routes.ts:
 * only the pharmacy's main user manages them). The main user itself is not among them and cannot be
 * changed or deleted here (404, like any id that is not one of the pharmacy's sub-users). A new
 * sub-user gets an invitation e-mail whose link (an invitation secret of the reset flow, 7 days) sets
 * its first password; deleting or deactivating one ends its sessions at once.
 */

import { randomBytes } from 'node:crypto';
import {
  MAX_SUB_USERS,
  type SubUser,
  type SubUserCreateRequest,
  type SubUserUpdateRequest,
} from '@botica/api-client/schemas';
import { emailProblem, normaliseUsername, usernameProblem } from '@botica/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { type FieldErrors, HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { invitationMail } from './account-mail.ts';
import { isUsernameTaken } from './accounts-service.ts';
import { resetLink } from './links.ts';
import { hashPassword } from './password.ts';
import { issuePasswordSecret } from './password-secrets.ts';
import { users } from './tables.ts';

const USERNAME_TAKEN = 'Ese usuario ya existe: elige otro.';
const NAME_REQUIRED = 'El nombre es obligatorio.';
const TOO_MANY = `Tu farmacia ya tiene ${MAX_SUB_USERS} usuarios, el máximo: elimina alguno antes de crear otro.`;
const NOT_FOUND = 'Ese usuario no existe.';

interface SubUserRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
  is_active: boolean;
  can_send_orders: boolean;
  can_view_invoices: boolean;
  created_at: Date | string;
  invitation_pending: boolean;
}

/** The pharmacy's sub-users (one of them with `userId`), with whether their invitation still waits. */
export async function readSubUsers(
  context: CoreContext,
  clientId: number,
  now: Date,
  userId?: number,
): Promise<SubUser[]> {
  const rows = await selectRows<SubUserRow>(
    context.db,
    sql`select u.id, u.username, u.name, u.email, u.is_active, u.can_send_orders, u.can_view_invoices,
               u.created_at,
               exists (select 1 from password_resets r
                       where r.user_id = u.id and r.purpose = 'invitation'
                         and r.expires_at > ${now.toISOString()}::timestamptz) as invitation_pending
        from users u
        where u.client_id = ${clientId} and u.parent_user_id is not null
          ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
        order by u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email ?? '',
    is_active: row.is_active,
    can_send_orders: row.can_send_orders,
    can_view_invoices: row.can_view_invoices,
    invitation_pending: row.invitation_pending,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The first problem of each field given, as the 422's errors (empty when all is well). */
function fieldProblems(fields: { username?: string; name?: string; email?: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (fields.username !== undefined) {
    const problem = usernameProblem(fields.username);
    if (problem) errors.username = [problem];
  }
  if (fields.name !== undefined && fields.name.length === 0) errors.name = [NAME_REQUIRED];
  if (fields.email !== undefined) {
    const problem = emailProblem(fields.email);
    if (problem) errors.email = [problem];
  }
  return errors;
}

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

/** The pharmacy's main user creating a sub-user: what the invitation names. */
export interface InvitingUser {
  id: number;
  name: string;
  clientName: string | null;
}

/**
 * Creates a sub-user of the pharmacy (at most `MAX_SUB_USERS`) and queues its invitation, whose link
 * goes to `origin`'s reset page; returns the sub-user as read back.
 * @throws HttpError 422 for a field's problem, a username taken, or the pharmacy at its limit.
 */
export async function createSubUser(
  context: CoreContext,
  {
    clientId,
    main,
    input,
    origin,
  }: { clientId: number; main: InvitingUser; input: SubUserCreateRequest; origin: string },
): Promise<SubUser> {
  const { settings } = context;
  const username = normaliseUsername(input.username);
  refuse(fieldProblems({ username, name: input.name, email: input.email }));
  if (await isUsernameTaken(context, username)) refuse({ username: [USERNAME_TAKEN] });
  // A password nobody knows (a real hash, so a login attempt takes as long as any other) until the
  // invitation's link sets one.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = context.now();
  let userId: number;
  try {
    userId = await inTransaction(context, async (tx) => {
      const { db } = tx;
      // The pharmacy's row serialises its sub-user creations, so two at once cannot pass the limit.
      await db.execute(sql`select id from clients where id = ${clientId} for update`);
      const [count] = await selectRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from users where client_id = ${clientId} and parent_user_id is not null`,
      );
      if ((count?.count ?? 0) >= MAX_SUB_USERS) refuse({ username: [TOO_MANY] });
      const [created] = await db
        .insert(users)
        .values({
          username,
          passwordHash,
          name: input.name,
          email: input.email,
          role: 'client',
          clientId,
          parentUserId: main.id,
          isActive: input.is_active ?? true,
          canSendOrders: input.can_send_orders ?? true,
          canViewInvoices: input.can_view_invoices ?? true,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('a sub-user was not written');
      const { secret, expiresAt } = await issuePasswordSecret(tx, {
        userId: created.id,
        purpose: 'invitation',
        now,
      });
      await enqueueMail(tx, {
        kind: 'sub_user_invitation',
        to: input.email,
        mail: composeMail(
          settings.laboratory,
          invitationMail(
            settings.laboratory,
            { name: input.name, username },
            { name: main.clientName ?? '', invitedBy: main.name },
            resetLink(origin, secret),
          ),
        ),
        discardAfter: expiresAt,
      });
      return created.id;
    });
  } catch (error) {
    // Taken by someone else between the check and the insert.
    if (isUniqueViolation(error)) refuse({ username: [USERNAME_TAKEN] });
    throw error;
  }
  const [created] = await readSubUsers(context, clientId, now, userId);
  if (!created) throw new Error('a sub-user created could not be read back');
  return created;
}

/**
 * Changes a sub-user of the pharmacy; deactivating it runs `endSessions` in the same transaction (the
 * auth module's: every session of the user ends). Returns the sub-user as read back.
 * @throws HttpError 404 when it is not one of the pharmacy's sub-users, 422 for a field's problem.
 */
export async function updateSubUser<C extends CoreContext>(
  context: C,
  {
    clientId,
    userId,
    input,
    endSessions,
  }: {
    clientId: number;
    userId: number;
    input: SubUserUpdateRequest;
    endSessions: (transaction: C, userId: number) => Promise<void>;
  },
): Promise<SubUser> {
  const username = input.username === undefined ? undefined : normaliseUsername(input.username);
  refuse(fieldProblems({ username, name: input.name, email: input.email }));
  const [existing] = await readSubUsers(context, clientId, context.now(), userId);
  if (!existing) throw new HttpError(404, NOT_FOUND);
  if (username !== undefined && (await isUsernameTaken(context, username, userId))) {
    refuse({ username: [USERNAME_TAKEN] });
  }
  const changes = {
    ...(username === undefined ? {} : { username }),
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    ...(input.can_send_orders === undefined ? {} : { canSendOrders: input.can_send_orders }),
    ...(input.can_view_invoices === undefined ? {} : { canViewInvoices: input.can_view_invoices }),
  };
  // Nothing to change: the sub-user as it is.
  if (Object.keys(changes).length === 0) return existing;
  try {
    await inTransaction(context, async (tx) => {
      await tx.db
        .update(users)
        .set(changes)
        .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
      // A deactivated sub-user is out at once, on every device (its sessions would be refused
      // anyway; deleting them also frees the rows).
      if (input.is_active === false) await endSessions(tx, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse({ username: [USERNAME_TAKEN] });
    throw error;
  }
  const [updated] = await readSubUsers(context, clientId, context.now(), userId);
  if (!updated) throw new HttpError(404, NOT_FOUND);
  return updated;
}

/**
 * Deletes a sub-user of the pharmacy (its sessions and password links go with it).
 * @throws HttpError 404 when it is not one of the pharmacy's sub-users.
 */
export async function deleteSubUser(
  context: CoreContext,
  { clientId, userId }: { clientId: number; userId: number },
): Promise<void> {
  const deleted = await inTransaction(context, async ({ db }) => {
    const [target] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.clientId, clientId), sql`${users.parentUserId} is not null`))
      .for('update')
      .limit(1);
    if (!target) return false;
    // Its sessions and password links go with it (on delete cascade); its orders stay the
    // pharmacy's and no longer name who sent them (orders.user_id: on delete set null).
    await db.delete(users).where(eq(users.id, userId));
    return true;
  });
  if (!deleted) throw new HttpError(404, NOT_FOUND);
}
