/**
 * What the login page keeps between its first screen, painted before the router, and the router's
 * page that takes its place (docs/decisions/028): the form's own state beside its typed text (which
 * the hand-over keeps in the fields themselves), and a login sent before the router was there,
 * which the router's page sends, once.
 */
import { createLoginFormDraft, type LoginCredentials } from '@botica/ui';

/** The login form's state, for both pages' forms. */
export const loginFormDraft = createLoginFormDraft();

let queued: LoginCredentials | null = null;

/** A login sent from the first screen, for the router's page to send. */
export function queueLogin(credentials: LoginCredentials): void {
  queued = credentials;
}

/** Whether a login waits to be sent (its button then shows it under way). */
export function hasQueuedLogin(): boolean {
  return queued !== null;
}

/** The login waiting to be sent, taken: whoever takes it sends it; null when none waits. */
export function takeQueuedLogin(): LoginCredentials | null {
  const credentials = queued;
  queued = null;
  return credentials;
}
