/**
 * The laboratory's staff users' records (roles admin and sales_rep): created, listed and deactivated
 * by the `staff` command through the access module's service (src/access/staff-service.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { salesReps, users } from './tables.ts';

/** The staff roles. */
export type StaffRole = 'admin' | 'sales_rep';

/** A staff user as the command shows it. */
export interface StaffUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: StaffRole;
  salesRepId: number | null;
  isActive: boolean;
}

const STAFF_COLUMNS = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  salesRepId: users.salesRepId,
  isActive: users.isActive,
};

/** Creates a staff user with the given (unusable) password hash; returns its id. */
export async function insertStaffUser(
  context: CoreContext,
  user: {
    username: string;
    name: string;
    email: string;
    role: StaffRole;
    salesRepId: number | null;
    passwordHash: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await context.db
    .insert(users)
    .values({
      username: user.username,
      passwordHash: user.passwordHash,
      name: user.name,
      email: user.email,
      role: user.role,
      salesRepId: user.role === 'sales_rep' ? user.salesRepId : null,
      createdAt: user.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('the staff user was not created');
  return row.id;
}

/** Every staff user, admins first, then by username. */
export async function listStaffUsers(context: CoreContext): Promise<StaffUser[]> {
  const rows = await context.db
    .select(STAFF_COLUMNS)
    .from(users)
    .where(inArray(users.role, ['admin', 'sales_rep']))
    .orderBy(asc(users.role), asc(users.username));
  return rows as StaffUser[];
}

/** The staff user of a (normalised) username, locked for the change; undefined for none or a pharmacy's. */
export async function lockStaffUser(context: CoreContext, username: string): Promise<StaffUser | undefined> {
  const [row] = await context.db
    .select(STAFF_COLUMNS)
    .from(users)
    .where(eq(users.username, username))
    .for('update');
  return row && row.role !== 'client' ? (row as StaffUser) : undefined;
}

/** Marks a user inactive: no login, and its sessions no longer load. */
export async function deactivateUser(context: CoreContext, userId: number): Promise<void> {
  await context.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
}

/** Whether a sales rep's row exists. */
export async function salesRepExists(context: CoreContext, id: number): Promise<boolean> {
  const [row] = await context.db.select({ id: salesReps.id }).from(salesReps).where(eq(salesReps.id, id));
  return row !== undefined;
}
