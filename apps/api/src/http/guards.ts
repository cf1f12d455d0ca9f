/**
 * The checks routes make on the session: logged in (401), a client (403), this client (403), a
 * sub-user's permission (403), the pharmacy's main user (403).
 */
import type { IntegrationScope } from '@botica/api-client/endpoints';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import { HttpError } from './errors.ts';

/** The logged-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  const user = request.session?.user;
  if (!user) throw new HttpError(401, 'No has iniciado sesión o tu sesión ha caducado.');
  return user;
}

/** A logged-in member of the laboratory's staff (role admin), or 401/403. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new HttpError(403, 'Este acceso no está disponible para tu usuario.');
  return user;
}

/** A logged-in member of the laboratory's staff or a sales rep, or 401/403 (a pharmacy's user). */
export function requireStaff(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin' && user.role !== 'sales_rep')
    throw new HttpError(403, 'Este acceso no está disponible para tu usuario.');
  return user;
}

/** A logged-in pharmacy user (role client) and the client's id, or 401/403. */
export function requireClient(request: FastifyRequest): SessionUser & { clientId: number } {
  const user = requireUser(request);
  if (user.role !== 'client' || user.clientId === null) {
    throw new HttpError(403, 'Este acceso no está disponible para tu usuario.');
  }
  return user as SessionUser & { clientId: number };
}

/** As `requireClient`, and the `{clientId}` of the path must be the session's client: else 403. */
export function requireOwnClient(
  request: FastifyRequest,
  clientId: number,
): SessionUser & { clientId: number } {
  const user = requireClient(request);
  if (user.clientId !== clientId) throw new HttpError(403, 'No tienes acceso a los datos de otro cliente.');
  return user;
}

/** A sub-user's permissions (a main user always has both). */
export type Permission = 'can_send_orders' | 'can_view_invoices';

const PERMISSION_REFUSALS: Record<Permission, string> = {
  can_send_orders: 'Tu usuario no puede enviar pedidos: el usuario principal de la farmacia envía el pedido.',
  can_view_invoices: 'Tu usuario no puede ver las facturas de la farmacia.',
};

/**
 * As `requireClient`, and the user must have the permission: else 403. A main user always has both;
 * a sub-user has what the main user gave it (read with the session on every request, so a change
 * takes effect at the next one).
 */
export function requirePermission(
  request: FastifyRequest,
  permission: Permission,
): SessionUser & { clientId: number } {
  const user = requireClient(request);
  const allowed = permission === 'can_send_orders' ? user.canSendOrders : user.canViewInvoices;
  if (user.isSubUser && !allowed) throw new HttpError(403, PERMISSION_REFUSALS[permission]);
  return user;
}

/** As `requireOwnClient`, and the user must be the pharmacy's main user (only it manages users): else 403. */
export function requireMainUser(
  request: FastifyRequest,
  clientId: number,
): SessionUser & { clientId: number } {
  const user = requireOwnClient(request, clientId);
  if (user.isSubUser)
    throw new HttpError(403, 'Solo el usuario principal de la farmacia gestiona sus usuarios.');
  return user;
}

/** A machine client's API key, as a call of the integration area carries it (never its secret). */
export interface IntegrationKey {
  id: number;
  name: string;
  prefix: string;
  scopes: IntegrationScope[];
  ratePerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an integration call, once `src/integration/integration-access.ts` checked it. */
    integrationKey: IntegrationKey | null;
  }
}

/** The 401 of the integration area: no key, or one that is not a key. */
export const MISSING_API_KEY =
  'Falta la clave de API o no es válida. Envíala en la cabecera Authorization: Bearer <clave>.';

/** The call's API key, with the scope the endpoint needs: else 401 (no key) or 403 (the scope). */
export function requireIntegrationKey(
  request: FastifyRequest,
  scope: IntegrationScope | undefined,
): IntegrationKey {
  const key = request.integrationKey;
  if (!key) throw new HttpError(401, MISSING_API_KEY);
  if (scope !== undefined && !key.scopes.includes(scope))
    throw new HttpError(403, `Esta clave de API no tiene el permiso «${scope}».`);
  return key;
}
