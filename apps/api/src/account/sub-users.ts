/**
 * A pharmacy's sub-users (MIS USUARIOS): `GET`/`POST /api/v1/driver/customers/clients/{clientId}/users`
 * and `PUT`/`DELETE …/users/{userId}`. Only the pharmacy's main user manages them (a sub-user gets 403,
 * another client's id 403); the main user itself is not among them and cannot be changed or deleted
 * here (404, like any id that is not one of the pharmacy's sub-users). A new sub-user gets an
 * invitation e-mail whose link (an invitation secret of the reset flow, 7 days) sets its first
 * password; deleting or deactivating one ends its sessions at once.
 */

import { randomBytes } from 'node:crypto';
import {
  MAX_SUB_USERS,
  type SubUser,
  SubUserCreateRequestSchema,
  SubUserResponseSchema,
  SubUsersResponseSchema,
  SubUserUpdateRequestSchema,
} from '@botica/api-client/schemas';
import { emailProblem, normaliseUsername, usernameProblem } from '@botica/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portalOrigin, resetLink } from '../access/links.ts';
import { issuePasswordSecret } from '../access/password-secrets.ts';
import { hashPassword } from '../auth/password.ts';
import type { AppContext } from '../context.ts';
import { type Database, selectRows } from '../db/database.ts';
import { orders, sessions, users } from '../db/schema.ts';
import { type FieldErrors, HttpError } from '../http/errors.ts';
import { requireMainUser } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailSender } from '../mail/sender.ts';
import { composeMail } from '../mail/template.ts';
import { invitationMail } from './account-mail.ts';

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
async function readSubUsers(db: Database, clientId: number, now: Date, userId?: number): Promise<SubUser[]> {
  const rows = await selectRows<SubUserRow>(
    db,
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

async function usernameTaken(db: Database, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
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

function params(request: FastifyRequest): { clientId: number; userId?: number } {
  const { clientId, userId } = request.params as { clientId: string; userId?: string };
  return { clientId: pathId(clientId), ...(userId === undefined ? {} : { userId: pathId(userId) }) };
}

export function registerSubUserRoutes(
  app: FastifyInstance,
  context: AppContext,
  mailSender: MailSender,
): void {
  const { settings } = context;
  const base = '/api/v1/driver/customers/clients/:clientId/users';

  app.get(base, async (request) => {
    const { clientId } = params(request);
    requireMainUser(request, clientId);
    return output(SubUsersResponseSchema, { data: await readSubUsers(context.db, clientId, context.now()) });
  });

  app.post(base, async (request, reply) => {
    const { clientId } = params(request);
    const main = requireMainUser(request, clientId);
    const body = parse(SubUserCreateRequestSchema, request.body);
    const username = normaliseUsername(body.username);
    refuse(fieldProblems({ username, name: body.name, email: body.email }));
    if (await usernameTaken(context.db, username)) refuse({ username: [USERNAME_TAKEN] });
    // A password nobody knows (a real hash, so a login attempt takes as long as any other) until the
    // invitation's link sets one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const origin = portalOrigin(settings, request);
    const now = context.now();
    let userId: number;
    try {
      userId = await context.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
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
            name: body.name,
            email: body.email,
            role: 'client',
            clientId,
            parentUserId: main.id,
            isActive: body.is_active ?? true,
            canSendOrders: body.can_send_orders ?? true,
            canViewInvoices: body.can_view_invoices ?? true,
            createdAt: now,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('a sub-user was not written');
        const { secret, expiresAt } = await issuePasswordSecret(db, created.id, 'invitation', now);
        await enqueueMail(
          db,
          {
            kind: 'sub_user_invitation',
            to: body.email,
            mail: composeMail(
              settings.laboratory,
              invitationMail(
                settings.laboratory,
                { name: body.name, username },
                { name: main.clientName ?? '', invitedBy: main.name },
                resetLink(origin, secret),
              ),
            ),
            discardAfter: expiresAt,
          },
          now,
        );
        return created.id;
      });
    } catch (error) {
      // Taken by someone else between the check and the insert.
      if (isUniqueViolation(error)) refuse({ username: [USERNAME_TAKEN] });
      throw error;
    }
    mailSender.nudge();
    const [created] = await readSubUsers(context.db, clientId, now, userId);
    if (!created) throw new Error('a sub-user created could not be read back');
    request.log.info({ userId, clientId }, 'sub-user created, invitation queued');
    return reply.code(201).send(output(SubUserResponseSchema, { data: created }));
  });

  app.put(`${base}/:userId`, async (request) => {
    const { clientId, userId } = params(request) as { clientId: number; userId: number };
    requireMainUser(request, clientId);
    const body = parse(SubUserUpdateRequestSchema, request.body);
    const username = body.username === undefined ? undefined : normaliseUsername(body.username);
    refuse(fieldProblems({ username, name: body.name, email: body.email }));
    const [existing] = await readSubUsers(context.db, clientId, context.now(), userId);
    if (!existing) throw new HttpError(404, NOT_FOUND);
    if (username !== undefined && (await usernameTaken(context.db, username, userId))) {
      refuse({ username: [USERNAME_TAKEN] });
    }
    try {
      await context.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await db
          .update(users)
          .set({
            ...(username === undefined ? {} : { username }),
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.email === undefined ? {} : { email: body.email }),
            ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
            ...(body.can_send_orders === undefined ? {} : { canSendOrders: body.can_send_orders }),
            ...(body.can_view_invoices === undefined ? {} : { canViewInvoices: body.can_view_invoices }),
          })
          .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
        // A deactivated sub-user is out at once, on every device (its sessions would be refused
        // anyway; deleting them also frees the rows).
        if (body.is_active === false) await db.delete(sessions).where(eq(sessions.userId, userId));
      });
    } catch (error) {
      if (isUniqueViolation(error)) refuse({ username: [USERNAME_TAKEN] });
      throw error;
    }
    const [updated] = await readSubUsers(context.db, clientId, context.now(), userId);
    if (!updated) throw new HttpError(404, NOT_FOUND);
    return output(SubUserResponseSchema, { data: updated });
  });

  app.delete(`${base}/:userId`, async (request, reply) => {
    const { clientId, userId } = params(request) as { clientId: number; userId: number };
    requireMainUser(request, clientId);
    const deleted = await context.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [target] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, userId), eq(users.clientId, clientId), sql`${users.parentUserId} is not null`),
        )
        .for('update')
        .limit(1);
      if (!target) return false;
      // Its orders stay the pharmacy's: they no longer name who sent them.
      await db.update(orders).set({ userId: null }).where(eq(orders.userId, userId));
      // Its sessions and password links go with it (on delete cascade).
      await db.delete(users).where(eq(users.id, userId));
      return true;
    });
    if (!deleted) throw new HttpError(404, NOT_FOUND);
    request.log.info({ userId, clientId }, 'sub-user deleted, sessions ended');
    return reply.code(204).send();
  });
}
