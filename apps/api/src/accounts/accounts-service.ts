/**
 * The accounts: a pharmacy (client) with its sales rep, its shops and its discount group, and its
 * users' records (looked up by username, their password hash read and set, a new pharmacy's client and
 * main user opened). The sub-users are in `sub-users-service.ts`, the password links' secrets in
 * `password-secrets.ts`.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { clients, salesReps, shops, users } from './tables.ts';

export type ClientRow = typeof clients.$inferSelect;
export type SalesRepRow = typeof salesReps.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A client with its sales rep (null when it has none). @throws HttpError 404 when there is none. */
export async function clientWithSalesRep(
  context: CoreContext,
  clientId: number,
): Promise<{ client: ClientRow; rep: SalesRepRow | null }> {
  const [row] = await context.db
    .select({ client: clients, rep: salesReps })
    .from(clients)
    .leftJoin(salesReps, eq(salesReps.id, clients.salesRepId))
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw new HttpError(404, 'El cliente no existe.');
  return row;
}

/** A client's shops, the main one first. */
export function clientShops(context: CoreContext, clientId: number): Promise<ShopRow[]> {
  return context.db
    .select()
    .from(shops)
    .where(eq(shops.clientId, clientId))
    .orderBy(desc(shops.isMain), asc(shops.id));
}

/** A client's discount group (its name and cart-level percent), or null when it has none. */
export async function clientDiscount(
  context: CoreContext,
  clientId: number,
): Promise<{ name: string; percent: number } | null> {
  // Reads the pricing module's discount_groups: the client's group is one join away.
  const [row] = await selectRows<{ name: string; percent: string | number }>(
    context.db,
    sql`select g.name, g.discount_percent as percent
        from clients c join discount_groups g on g.id = c.discount_group_id
        where c.id = ${clientId} limit 1`,
  );
  return row ? { name: row.name, percent: Number(row.percent) } : null;
}

/** The user with a username (any case, active or not), or undefined: what a login checks. */
export async function findUserByUsername(
  context: CoreContext,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await context.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

/** The active user with a normalised username, as a reset link's e-mail needs it, or undefined. */
export async function findActiveUser(
  context: CoreContext,
  username: string,
): Promise<{ id: number; name: string; username: string; email: string | null } | undefined> {
  const [user] = await context.db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = ${username} and ${users.isActive}`)
    .limit(1);
  return user;
}

/** Whether another user (not `exceptId`) has a normalised username. */
export async function isUsernameTaken(
  context: CoreContext,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** Whether a client has a normalised tax id (whatever spaces, dots or hyphens its row has). */
export async function isTaxIdTaken(context: CoreContext, taxId: string): Promise<boolean> {
  const [known] = await context.db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`upper(regexp_replace(${clients.taxId}, '[\\s.-]', '', 'g')) = ${taxId}`);
  return known !== undefined;
}

/** A pharmacy found by its tax id, and whether it already has a main user. */
export interface ClientByTaxId {
  id: number;
  name: string;
  erpCode: string;
  taxId: string;
  hasMainUser: boolean;
}

/** The clients with any of these normalised tax ids (whatever spaces, dots or hyphens their rows have). */
export async function findClientsByTaxIds(
  context: CoreContext,
  taxIds: readonly string[],
): Promise<ClientByTaxId[]> {
  if (taxIds.length === 0) return [];
  const normalised = sql`upper(regexp_replace(${clients.taxId}, '[\\s.-]', '', 'g'))`;
  return context.db
    .select({
      id: clients.id,
      name: clients.name,
      erpCode: clients.erpCode,
      taxId: sql<string>`${normalised}`,
      hasMainUser: sql<boolean>`exists (select 1 from ${users} where ${users.clientId} = ${clients.id}
        and ${users.role} = 'client' and ${users.parentUserId} is null)`,
    })
    .from(clients)
    .where(inArray(normalised, [...taxIds]));
}

/** Creates the main user of an existing client (one the ERP's import brought without users). */
export async function addMainUser(
  context: CoreContext,
  user: { clientId: number; username: string; name: string; email: string; passwordHash: string; now: Date },
): Promise<number> {
  const [row] = await context.db
    .insert(users)
    .values({
      username: user.username,
      passwordHash: user.passwordHash,
      name: user.name,
      email: user.email,
      role: 'client',
      clientId: user.clientId,
      createdAt: user.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('the user was not created');
  return row.id;
}

/** A user's password hash, or undefined when the user is gone. */
export async function userPasswordHash(context: CoreContext, userId: number): Promise<string | undefined> {
  const [row] = await context.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

/** Sets a user's password hash (run it in the transaction that ends the user's sessions). */
export async function setUserPassword(
  context: CoreContext,
  { userId, passwordHash }: { userId: number; passwordHash: string },
): Promise<void> {
  await context.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** What opening a pharmacy's account takes: the client's data and its main user's. */
export interface NewClientAccount {
  name: string;
  taxId: string;
  erpCode: string;
  postalCode: string;
  phone: string;
  email: string;
  username: string;
  passwordHash: string;
  now: Date;
}

/**
 * Creates a client (address, city and province left for the back office to complete) and its main
 * user; returns their ids.
 */
export async function openClientAccount(
  context: CoreContext,
  account: NewClientAccount,
): Promise<{ clientId: number; userId: number }> {
  const [client] = await context.db
    .insert(clients)
    .values({
      name: account.name,
      taxId: account.taxId,
      erpCode: account.erpCode,
      address: '',
      postalCode: account.postalCode,
      city: '',
      province: '',
      phone: account.phone,
      email: account.email,
      createdAt: account.now,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('the client was not created');
  const [user] = await context.db
    .insert(users)
    .values({
      username: account.username,
      passwordHash: account.passwordHash,
      name: account.name,
      email: account.email,
      role: 'client',
      clientId: client.id,
      createdAt: account.now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the user was not created');
  return { clientId: client.id, userId: user.id };
}
