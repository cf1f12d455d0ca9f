/** The checks routes make on the session: logged in (401), a client (403), this client (403). */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { SessionUser } from './sessions.ts';

/** The logged-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  const user = request.session?.user;
  if (!user) throw new HttpError(401, 'No has iniciado sesión o tu sesión ha caducado.');
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
