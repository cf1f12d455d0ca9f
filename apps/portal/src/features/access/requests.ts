/**
 * The access pages' calls to the server: a registration request, a password recovery, a reset link
 * checked and used. Plain calls, not cached queries: each is a form's one answer, for visitors
 * without a session, whose pages do not load the server-state cache.
 */
import type { RegisterRequest } from '@botica/api-client/schemas';
import { api } from '../../shared/api.ts';

/** Asks the laboratory to register a pharmacy (the sales administration reviews it). */
export function requestRegistration(request: RegisterRequest): Promise<unknown> {
  return api.access.register(request);
}

/** Sends the password recovery e-mail to the user's address, if the user exists. */
export function sendPasswordReset(username: string): Promise<unknown> {
  return api.access.sendReset({ username });
}

/** Whether a reset (or invitation) link's secret is still valid, and for whom. */
export function checkResetLink(secret: string) {
  return api.access.checkReset({ secret });
}

/** Sets the new password with a reset (or invitation) link's secret. */
export function resetPassword(secret: string, password: string, confirmation: string): Promise<unknown> {
  return api.access.resetPassword({ secret, password, password_confirmation: confirmation });
}
