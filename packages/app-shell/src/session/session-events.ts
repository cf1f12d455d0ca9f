/**
 * The end of the session in this page, for whatever keeps something of it: the router (its guards
 * run again), the cart (what the pharmacist has not saved yet). Small and free of the API client, so
 * the router can listen from the first load.
 */

/** How a session ended: the pharmacist logged out, or the server no longer knows it (401). */
export interface SessionEnding {
  reason: 'logout' | 'expired';
  /** The user whose session it was, if the portal knew it. */
  userId?: number | undefined;
}

type SessionEndListener = (ending: SessionEnding) => void;

const listeners = new Set<SessionEndListener>();

/** Runs `listener` whenever the session ends in this page. Returns the unsubscribe. */
export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells every listener that the session has ended (the session module calls it, once per ending). */
export function announceSessionEnd(ending: SessionEnding): void {
  for (const listener of listeners) listener(ending);
}
