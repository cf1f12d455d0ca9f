/**
 * Which pharmacies a member of the laboratory's staff may see in the back office: an admin every one,
 * a sales rep those whose `clients.sales_rep_id` is his (`users.sales_rep_id`), and a sales rep whose
 * account is linked to no rep none. Every `staff` endpoint narrows its reads with `scopeCondition` and
 * checks a path's pharmacy with `requireClientInScope`, so the refusal is the server's, not a hidden
 * button's.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { clients } from './tables.ts';

/** The pharmacies a staff member sees: all (`everyClient`), or those of one sales rep (or none). */
export type StaffScope = { everyClient: true } | { everyClient: false; salesRepId: number | null };

/** The answer to a pharmacy outside the scope: the same 403 a pharmacy gets for another's data. */
export const OUT_OF_SCOPE_MESSAGE = 'No tienes acceso a los datos de otro cliente.';

/**
 * The scope of a staff member's session (the session's user: typed by its shape, since the auth
 * module already depends on this one).
 */
export function staffScope(user: {
  role: 'client' | 'sales_rep' | 'admin';
  salesRepId: number | null;
}): StaffScope {
  return user.role === 'admin' ? { everyClient: true } : { everyClient: false, salesRepId: user.salesRepId };
}

/**
 * A condition on a pharmacy's sales rep column (`clients.sales_rep_id` by default, or an alias's
 * `c.sales_rep_id`): true for an admin, the rep's pharmacies for a rep, nothing for an unlinked rep.
 */
export function scopeCondition(
  scope: StaffScope,
  salesRepColumn: SQL | typeof clients.salesRepId = clients.salesRepId,
): SQL {
  if (scope.everyClient) return sql`true`;
  if (scope.salesRepId === null) return sql`false`;
  return sql`${salesRepColumn} = ${scope.salesRepId}`;
}

/**
 * Checks that a pharmacy exists (404 'El cliente no existe.') and is within the scope (403), before
 * anything of it is read or changed.
 */
export async function requireClientInScope(
  context: CoreContext,
  scope: StaffScope,
  clientId: number,
): Promise<void> {
  const [row] = await context.db
    .select({ salesRepId: clients.salesRepId })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw new HttpError(404, 'El cliente no existe.');
  if (!scope.everyClient && (scope.salesRepId === null || row.salesRepId !== scope.salesRepId))
    throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
}
