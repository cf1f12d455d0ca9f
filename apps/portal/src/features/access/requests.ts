/**
 * The access pages' calls to the server: a registration request, a password recovery, a new password
 * set with a reset link (the link's check is reset-check.ts). Plain calls, not cached queries: each is
 * a form's one answer, for visitors without a session, whose pages do not load the server-state cache.
 */
import type { RegisterRequest } from '@botica/api-client/schemas';
import { useEffect } from 'react';

/**
 * The API client, with every endpoint's schemas: no page needs it to show its form, so it loads once a
 * form is about to be sent, not with the page.
 */
const loadApi = async () => (await import('../../shared/api.ts')).api;

/**
 * Starts loading the API client at the visitor's first key or pointer press (about to fill the form
 * in), as the login page does with its session, so the send does not wait for the code.
 */
export function usePreparedRequests(): void {
  useEffect(() => {
    const prepare = () => void loadApi().catch(() => undefined);
    const options = { capture: true, once: true } as const;
    window.addEventListener('keydown', prepare, options);
    window.addEventListener('pointerdown', prepare, options);
    return () => {
      window.removeEventListener('keydown', prepare, options);
      window.removeEventListener('pointerdown', prepare, options);
    };
  }, []);
}

/** Asks the laboratory to register a pharmacy (the sales administration reviews it). */
export async function requestRegistration(request: RegisterRequest): Promise<unknown> {
  return (await loadApi()).access.register(request);
}

/** Sends the password recovery e-mail to the user's address, if the user exists. */
export async function sendPasswordReset(username: string): Promise<unknown> {
  return (await loadApi()).access.sendReset({ username });
}

/** Sets the new password with a reset (or invitation) link's secret. */
export async function resetPassword(
  secret: string,
  password: string,
  confirmation: string,
): Promise<unknown> {
  return (await loadApi()).access.resetPassword({ secret, password, password_confirmation: confirmation });
}
