/**
 * The back office's pharmacies: the staff's list and reading of one, and the changes the laboratory
 * makes (discount group, sales rep, recargo de equivalencia; a user's activation, a new password link,
 * the end of his sessions), each in one transaction with its audit row. Every read is narrowed by the
 * staff member's scope (`staff-scope.ts`); the caller checks a path's pharmacy with
 * `requireClientInScope` first.
 *
 * What is not the accounts module's comes in through its owners: the discount groups from pricing's
 * service, and a pharmacy's orders and documents through a `PharmacyActivity` (the documents module
 * implements it; it depends on this module, so this one cannot call it directly).
 */
import type {
  AdminPharmacyDetail,
  AdminPharmacyDocument,
  AdminPharmacyOrder,
  AdminPharmacySummary,
  AdminPharmacyUpdateRequest,
  AdminPharmacyUser,
  SalesRep,
} from '@botica/api-client/admin';
import { ADMIN_PHARMACY_MESSAGES, PHARMACIES_PER_PAGE } from '@botica/api-client/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { type FieldErrors, HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import { type DiscountGroupEntry, listDiscountGroups } from '../pricing/discount-groups-service.ts';
import { welcomeMail } from './account-mail.ts';
import { resetLink } from './links.ts';
import { issuePasswordSecret } from './password-secrets.ts';
import { type StaffScope, scopeCondition } from './staff-scope.ts';
import { clients, salesReps, users } from './tables.ts';

/** A pharmacy's orders and documents, read by the modules that own them. */
export interface PharmacyActivity {
  /** When each of the pharmacies sent its latest order (absent: none). */
  lastOrderDates(context: CoreContext, clientIds: readonly number[]): Promise<Map<number, string>>;
  /** Its 10 latest orders, and its 20 latest invoices and refunds, newest first. */
  recent(
    context: CoreContext,
    clientId: number,
  ): Promise<{
    latest_orders: AdminPharmacyOrder[];
    invoices: AdminPharmacyDocument[];
    refunds: AdminPharmacyDocument[];
  }>;
}

/** Ends every session of a user within a transaction (the auth module's session store). */
export type EndSessions = (transaction: CoreContext, userId: number) => Promise<void>;

const ACCENTED = 'ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç';
const PLAIN = 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc';

/** A text column without accents, in lower case (what a search compares). */
function folded(column: SQL): SQL {
  return sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
}

/** What is typed, as `folded` compares it: no accents, lower case. */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The narrowing of the pharmacies' list. */
export interface PharmaciesFilter {
  q?: string | undefined;
  salesRepId?: number | undefined;
  discountGroupId?: number | undefined;
}

interface SummaryRow {
  id: number;
  name: string;
  tax_id: string;
  erp_code: string;
  city: string;
  province: string;
  sales_rep_id: number | null;
  sales_rep_name: string | null;
  discount_group_id: number | null;
  recargo_equivalencia: boolean;
  users_count: number | string;
}

function conditionsOf(scope: StaffScope, filter: PharmaciesFilter): SQL {
  const conditions: SQL[] = [scopeCondition(scope, sql`c.sales_rep_id`)];
  if (filter.salesRepId !== undefined) conditions.push(sql`c.sales_rep_id = ${filter.salesRepId}`);
  if (filter.discountGroupId !== undefined)
    conditions.push(sql`c.discount_group_id = ${filter.discountGroupId}`);
  const q = foldSearch(filter.q?.trim() ?? '');
  if (q) {
    // strpos, not LIKE: what is typed is matched as it is, '%' and '_' included. A CIF/NIF or an ERP
    // code is also found as typed with spaces or dashes.
    const compact = q.replace(/[\s.-]+/g, '');
    const has = (column: SQL, text = q) => sql`strpos(${folded(column)}, ${text}) > 0`;
    const unseparated = (column: SQL) => sql`translate(${column}, ' .-', '')`;
    conditions.push(
      sql`(${sql.join(
        [
          has(sql`c.name`),
          has(sql`c.city`),
          has(sql`c.tax_id`),
          has(sql`c.erp_code`),
          ...(compact
            ? [has(unseparated(sql`c.tax_id`), compact), has(unseparated(sql`c.erp_code`), compact)]
            : []),
          sql`exists (select 1 from users u where u.client_id = c.id and ${has(sql`u.username`)})`,
        ],
        sql` or `,
      )})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

function groupOf(groups: readonly DiscountGroupEntry[], id: number | null): DiscountGroupEntry | null {
  return id === null ? null : (groups.find((group) => group.id === id) ?? null);
}

function summaryOf(
  row: SummaryRow,
  groups: readonly DiscountGroupEntry[],
  lastOrderAt: string | undefined,
): AdminPharmacySummary {
  return {
    id: row.id,
    name: row.name,
    tax_id: row.tax_id,
    erp_code: row.erp_code,
    city: row.city,
    province: row.province,
    sales_rep: row.sales_rep_id === null ? null : { id: row.sales_rep_id, name: row.sales_rep_name ?? '' },
    discount_group: groupOf(groups, row.discount_group_id),
    recargo_equivalencia: row.recargo_equivalencia,
    users_count: Number(row.users_count),
    last_order_at: lastOrderAt ?? null,
  };
}

const summaryColumns = sql`c.id, c.name, c.tax_id, c.erp_code, c.city, c.province, c.sales_rep_id,
  r.name as sales_rep_name, c.discount_group_id, c.recargo_equivalencia,
  (select count(*) from users u where u.client_id = c.id) as users_count`;

/**
 * A page of the pharmacies the staff member sees (50, by name without accents or case, the same on
 * every database whatever its collation), narrowed by `filter`.
 */
export async function listPharmacies(
  context: CoreContext,
  activity: PharmacyActivity,
  { scope, filter, page }: { scope: StaffScope; filter: PharmaciesFilter; page: number },
): Promise<{ items: AdminPharmacySummary[]; total: number }> {
  const where = conditionsOf(scope, filter);
  const [count] = await selectRows<{ total: number | string }>(
    context.db,
    sql`select count(*) as total from clients c where ${where}`,
  );
  const rows = await selectRows<SummaryRow>(
    context.db,
    sql`select ${summaryColumns}
        from clients c left join sales_reps r on r.id = c.sales_rep_id
        where ${where}
        order by ${folded(sql`c.name`)} collate "C", c.name collate "C", c.id
        limit ${PHARMACIES_PER_PAGE} offset ${(page - 1) * PHARMACIES_PER_PAGE}`,
  );
  const groups = rows.some((row) => row.discount_group_id !== null) ? await listDiscountGroups(context) : [];
  const dates = await activity.lastOrderDates(
    context,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => summaryOf(row, groups, dates.get(row.id))),
    total: Number(count?.total ?? 0),
  };
}

interface ClientRecordRow extends SummaryRow {
  address: string;
  postal_code: string;
  phone: string;
  email: string;
  created_at: Date | string;
}

interface UserRecordRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
  parent_user_id: number | null;
  is_active: boolean;
  can_send_orders: boolean;
  can_view_invoices: boolean;
  link_pending: boolean;
  created_at: Date | string;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The pharmacy's users (one of them with `userId`): the main user first, then the sub-users by name. */
async function pharmacyUsers(
  context: CoreContext,
  clientId: number,
  userId?: number,
): Promise<AdminPharmacyUser[]> {
  const rows = await selectRows<UserRecordRow>(
    context.db,
    sql`select u.id, u.username, u.name, u.email, u.parent_user_id, u.is_active, u.can_send_orders,
               u.can_view_invoices, u.created_at,
               exists (select 1 from password_resets p
                       where p.user_id = u.id
                         and p.expires_at > ${context.now().toISOString()}::timestamptz) as link_pending
        from users u
        where u.client_id = ${clientId} and u.role = 'client'
          ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
        order by (u.parent_user_id is not null), u.name, u.id`,
  );
  return rows.map((row) => {
    const main = row.parent_user_id === null;
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      is_main_user: main,
      is_active: row.is_active,
      // A main user always may both, whatever his row says.
      permissions: {
        can_send_orders: main || row.can_send_orders,
        can_view_invoices: main || row.can_view_invoices,
      },
      password_link_pending: row.link_pending,
      created_at: iso(row.created_at),
    };
  });
}

/**
 * One pharmacy, whole. The caller has checked it is in the staff member's scope.
 * @throws HttpError 404 when there is none.
 */
export async function pharmacyDetail(
  context: CoreContext,
  activity: PharmacyActivity,
  clientId: number,
): Promise<AdminPharmacyDetail> {
  const [row] = await selectRows<ClientRecordRow>(
    context.db,
    sql`select ${summaryColumns}, c.address, c.postal_code, c.phone, c.email, c.created_at
        from clients c left join sales_reps r on r.id = c.sales_rep_id
        where c.id = ${clientId}`,
  );
  if (!row) throw new HttpError(404, ADMIN_PHARMACY_MESSAGES.notFound);
  const [groups, dates, shops, pharmacyUsersList, recent] = await Promise.all([
    row.discount_group_id === null ? Promise.resolve([]) : listDiscountGroups(context),
    activity.lastOrderDates(context, [clientId]),
    selectRows<{
      id: number;
      name: string;
      address: string;
      postal_code: string;
      city: string;
      province: string;
      phone: string;
      is_main: boolean;
    }>(
      context.db,
      sql`select id, name, address, postal_code, city, province, phone, is_main
          from shops where client_id = ${clientId} order by is_main desc, id`,
    ),
    pharmacyUsers(context, clientId),
    activity.recent(context, clientId),
  ]);
  return {
    ...summaryOf(row, groups, dates.get(clientId)),
    address: row.address,
    postal_code: row.postal_code,
    phone: row.phone,
    email: row.email,
    created_at: iso(row.created_at),
    shops,
    users: pharmacyUsersList,
    ...recent,
  };
}

/** What an audit row keeps of a pharmacy's conditions. */
function auditedConditions(row: {
  discountGroupId: number | null;
  salesRepId: number | null;
  recargoEquivalencia: boolean;
}) {
  return {
    discount_group_id: row.discountGroupId,
    sales_rep_id: row.salesRepId,
    recargo_equivalencia: row.recargoEquivalencia,
  };
}

/**
 * Changes a pharmacy's discount group, sales rep and/or recargo de equivalencia (null clears the group
 * or the rep), audited with the three before and after. Nothing is written (nor audited) when nothing
 * changes. The new conditions price the pharmacy's cart from its next save: the change to `clients`
 * moves the pricing epoch on, so the cart's next save reads them again.
 * @throws HttpError 404 for an unknown pharmacy, 422 under a field whose id names nothing.
 */
export async function updatePharmacy(
  context: CoreContext,
  { actor, clientId, input }: { actor: AuditActor; clientId: number; input: AdminPharmacyUpdateRequest },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const errors: FieldErrors = {};
    if (typeof input.discount_group_id === 'number') {
      const groups = await listDiscountGroups(tx);
      if (!groups.some((group) => group.id === input.discount_group_id))
        errors.discount_group_id = [ADMIN_PHARMACY_MESSAGES.discountGroupUnknown];
    }
    if (typeof input.sales_rep_id === 'number') {
      const [rep] = await tx.db
        .select({ id: salesReps.id })
        .from(salesReps)
        .where(eq(salesReps.id, input.sales_rep_id));
      if (!rep) errors.sales_rep_id = [ADMIN_PHARMACY_MESSAGES.salesRepUnknown];
    }
    if (Object.keys(errors).length > 0)
      throw new HttpError(422, 'Algunos datos introducidos son incorrectos.', errors);
    // The row is locked, so the audit's "before" is what this change replaced.
    const [before] = await tx.db
      .select({
        discountGroupId: clients.discountGroupId,
        salesRepId: clients.salesRepId,
        recargoEquivalencia: clients.recargoEquivalencia,
      })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    if (!before) throw new HttpError(404, ADMIN_PHARMACY_MESSAGES.notFound);
    const after = {
      discountGroupId:
        input.discount_group_id === undefined ? before.discountGroupId : input.discount_group_id,
      salesRepId: input.sales_rep_id === undefined ? before.salesRepId : input.sales_rep_id,
      recargoEquivalencia: input.recargo_equivalencia ?? before.recargoEquivalencia,
    };
    const changed =
      after.discountGroupId !== before.discountGroupId ||
      after.salesRepId !== before.salesRepId ||
      after.recargoEquivalencia !== before.recargoEquivalencia;
    if (!changed) return;
    await tx.db.update(clients).set(after).where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: 'client.conditions_changed',
      objectType: 'client',
      objectId: clientId,
      before: auditedConditions(before),
      after: auditedConditions(after),
    });
  });
}

/** The pharmacy's user `userId`, locked for the change. @throws HttpError 404 when not one of its users. */
async function lockedPharmacyUser(tx: CoreContext, clientId: number, userId: number) {
  const [row] = await tx.db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId), eq(users.role, 'client')))
    .for('update');
  if (!row) throw new HttpError(404, ADMIN_PHARMACY_MESSAGES.userNotFound);
  return row;
}

/** The pharmacy's user as the back office shows him. @throws HttpError 404 when not one of its users. */
export async function pharmacyUser(
  context: CoreContext,
  clientId: number,
  userId: number,
): Promise<AdminPharmacyUser> {
  const [user] = await pharmacyUsers(context, clientId, userId);
  if (!user) throw new HttpError(404, ADMIN_PHARMACY_MESSAGES.userNotFound);
  return user;
}

/**
 * Activates or deactivates one of the pharmacy's users (its main user too). Deactivating ends his
 * sessions in the same transaction: sessions are read on every request, so he is out at once on every
 * instance, and his logins are refused while inactive. Audited when it changes something.
 * @throws HttpError 404 when the user is not one of the pharmacy's.
 */
export async function setPharmacyUserActive(
  context: CoreContext,
  {
    actor,
    clientId,
    userId,
    isActive,
    endSessions,
  }: { actor: AuditActor; clientId: number; userId: number; isActive: boolean; endSessions: EndSessions },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const user = await lockedPharmacyUser(tx, clientId, userId);
    if (user.isActive === isActive) return;
    await tx.db.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await endSessions(tx, userId);
    await recordAudit(tx, {
      actor,
      action: isActive ? 'user.activated' : 'user.deactivated',
      objectType: 'user',
      objectId: userId,
      before: { client_id: clientId, username: user.username, is_active: user.isActive },
      after: { client_id: clientId, username: user.username, is_active: isActive },
    });
  });
}

/** The refusal of a link for a deactivated user: it could not be used (the reset page refuses him). */
export const INACTIVE_USER_LINK = 'El usuario está desactivado: actívalo antes de enviarle el enlace.';

/**
 * E-mails one of the pharmacy's users a new "set your password" link: the mail and link an approved
 * registration sends (72 hours); issuing it deletes his earlier links. Queued through the outbox in
 * the transaction that issues the secret, and audited there.
 * @throws HttpError 404 when the user is not one of the pharmacy's, 409 when he is deactivated or has
 * no e-mail address.
 */
export async function sendPharmacyUserLink(
  context: CoreContext,
  {
    actor,
    clientId,
    userId,
    origin,
  }: { actor: AuditActor; clientId: number; userId: number; origin: string },
): Promise<void> {
  const now = context.now();
  const { laboratory } = context.settings;
  await inTransaction(context, async (tx) => {
    const user = await lockedPharmacyUser(tx, clientId, userId);
    if (!user.isActive) throw new HttpError(409, INACTIVE_USER_LINK);
    const [client] = await tx.db
      .select({ name: clients.name, email: clients.email })
      .from(clients)
      .where(eq(clients.id, clientId));
    // A user without an address of his own is reached at the pharmacy's.
    const to = user.email || client?.email;
    if (!to) throw new HttpError(409, 'El usuario no tiene correo electrónico: no se le puede enviar.');
    const { secret, expiresAt } = await issuePasswordSecret(tx, { userId, purpose: 'welcome', now });
    await enqueueMail(tx, {
      kind: 'user_password_link',
      to,
      mail: composeMail(
        laboratory,
        welcomeMail(laboratory, { name: user.name, username: user.username }, resetLink(origin, secret)),
      ),
      discardAfter: expiresAt,
    });
    await recordAudit(tx, {
      actor,
      action: 'user.password_link_sent',
      objectType: 'user',
      objectId: userId,
      before: null,
      after: { client_id: clientId, username: user.username, to, expires_at: expiresAt.toISOString() },
    });
  });
}

/**
 * Ends every session of one of the pharmacy's users (he may log in again), audited.
 * @throws HttpError 404 when the user is not one of the pharmacy's.
 */
export async function endPharmacyUserSessions(
  context: CoreContext,
  {
    actor,
    clientId,
    userId,
    endSessions,
  }: { actor: AuditActor; clientId: number; userId: number; endSessions: EndSessions },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const user = await lockedPharmacyUser(tx, clientId, userId);
    await endSessions(tx, userId);
    await recordAudit(tx, {
      actor,
      action: 'user.sessions_ended',
      objectType: 'user',
      objectId: userId,
      before: null,
      after: { client_id: clientId, username: user.username },
    });
  });
}

/** The sales reps the staff member sees (every one for an admin, himself for a rep), by name. */
export async function listSalesReps(context: CoreContext, scope: StaffScope): Promise<SalesRep[]> {
  const own: SQL = scope.everyClient
    ? sql`true`
    : scope.salesRepId === null
      ? sql`false`
      : sql`r.id = ${scope.salesRepId}`;
  const rows = await selectRows<{
    id: number;
    name: string;
    zone: string;
    email: string;
    phone: string;
    pharmacies_count: number | string;
  }>(
    context.db,
    sql`select r.id, r.name, r.zone, r.email, r.phone,
               (select count(*) from clients c where c.sales_rep_id = r.id) as pharmacies_count
        from sales_reps r where ${own} order by r.name, r.id`,
  );
  return rows.map((row) => ({ ...row, pharmacies_count: Number(row.pharmacies_count) }));
}
