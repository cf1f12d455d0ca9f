/**
 * The audit log: every change the laboratory's staff make through the back office (or the command
 * line) is recorded by `recordAudit`, called by the changing module with its own transaction, so the
 * row commits or rolls back with the change. `listAudit` reads it for `GET /api/v1/admin/audit`.
 */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { auditLog } from './tables.ts';

/**
 * Who made a change: a staff member's id and username; a machine client's API key (no user id, the
 * key's name as `integrationActor` writes it); or null for the command line.
 */
export type AuditActor = { id: number | null; username: string } | null;

/** A change to record. */
export interface AuditChange {
  actor: AuditActor;
  /** E.g. 'registration.approved'. */
  action: string;
  /** E.g. 'registration'. */
  objectType: string;
  objectId: string | number;
  /** The object before the change (null for a creation). */
  before: Record<string, unknown> | null;
  /** The object after the change (null for a deletion). */
  after: Record<string, unknown> | null;
}

/**
 * Records a change. Call it with the context of the change's transaction (`inTransaction`), never
 * after the commit: a change without its row, or a row without its change, would be a false log.
 */
export async function recordAudit(tx: CoreContext, change: AuditChange): Promise<void> {
  await tx.db.insert(auditLog).values({
    at: tx.now(),
    userId: change.actor?.id ?? null,
    username: change.actor?.username ?? null,
    action: change.action,
    objectType: change.objectType,
    objectId: String(change.objectId),
    before: change.before,
    after: change.after,
  });
}

/** What the log may be narrowed to: a person, an object type and id, Madrid days `from`/`to` (included). */
export interface AuditFilter {
  userId?: number;
  objectType?: string;
  objectId?: string;
  /** YYYY-MM-DD. */
  from?: string;
  /** YYYY-MM-DD. */
  to?: string;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The rows to show per page. */
export const AUDIT_PAGE_SIZE = 50;

/** A page of the log (1-based), newest first, with the number of rows the filter matches. */
export async function listAudit(
  context: CoreContext,
  filter: AuditFilter,
  page: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(auditLog.userId, filter.userId));
  if (filter.objectType !== undefined) conditions.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId !== undefined) conditions.push(eq(auditLog.objectId, filter.objectId));
  // A Madrid day, whatever the server's zone: the instant's date on Madrid's wall clock.
  const madridDay = sql`(${auditLog.at} at time zone 'Europe/Madrid')::date`;
  if (filter.from !== undefined) conditions.push(sql`${madridDay} >= ${filter.from}::date`);
  if (filter.to !== undefined) conditions.push(sql`${madridDay} <= ${filter.to}::date`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await context.db.select({ total: count() }).from(auditLog).where(where);
  const rows = await context.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total: counted?.total ?? 0 };
}

/** Everyone who made a recorded change, by the username each had last, in alphabetical order. */
export async function auditActors(context: CoreContext): Promise<{ id: number; username: string }[]> {
  const rows = await selectRows<{ id: number; username: string }>(
    context.db,
    sql`select distinct on (user_id) user_id as id, username
          from audit_log where user_id is not null and username is not null
          order by user_id, id desc`,
  );
  return rows.sort((a, b) => a.username.localeCompare(b.username, 'es'));
}
