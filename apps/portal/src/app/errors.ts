/**
 * Global handling of failed calls, in one place: toasts of 7 s, the 'Datos Restringidos'
 * dialog for 403, the maintenance warning for 503, and no 401 toast on the login pages or for the
 * user check. Screens call `reportCallError` for failures they do not handle themselves.
 */
import { isApiError } from '@botica/api-client';
import { callErrorPresentation, type ErrorEntry } from '@botica/domain';
import { showToast, toastQueue } from '@botica/ui';
import { atom } from 'jotai';
import { appStore } from './store.ts';

/** The dialog or warning currently shown, if any (toasts go to the toast queue). */
export const blockingErrorAtom = atom<ErrorEntry | null>(null);

/** Closes the dialog or warning. */
export const dismissBlockingErrorAtom = atom(null, (_get, set) => set(blockingErrorAtom, null));

/** When the last 401 was shown, and how long other screens' reports of it stay silent. */
let lastRefusalAt = Number.NEGATIVE_INFINITY;
const REFUSAL_SAID_MS = 5_000;

/** Whether the current page is one of the login pages, where a 401 is expected. */
function onLoginPages(): boolean {
  return window.location.pathname.startsWith('/login');
}

/**
 * Shows a failed call as the catalogue says. Returns whether it was shown (statuses the catalogue
 * does not name are left to the calling screen).
 */
export function reportCallError(error: unknown, options: { isAuthCheck?: boolean } = {}): boolean {
  const status = isApiError(error) ? error.status : 'network';
  // The session's end has just said it (reportSessionRefused): once is enough.
  if (status === 401 && Date.now() - lastRefusalAt < REFUSAL_SAID_MS) return true;
  // The API client's messages are the server's or its own Spanish; anything else (a chunk that
  // did not load, say) is the browser's English, which the toast leaves out.
  const message = isApiError(error) ? error.message : undefined;
  const entry = callErrorPresentation({
    status,
    message,
    isAuthCheck: options.isAuthCheck === true || onLoginPages(),
  });
  if (entry === null) return false;
  present(entry);
  return true;
}

/**
 * A session the server no longer knows (a 401 to a logged-in page): 'Autentificación denegada' with
 * the server's message, wherever the page is. Returns its dismissal, for when the pharmacist has
 * logged in again.
 */
export function reportSessionRefused(message: string | undefined): () => void {
  lastRefusalAt = Date.now();
  const entry = callErrorPresentation({ status: 401, message });
  if (entry === null) return () => undefined;
  const key = present(entry);
  return () => {
    if (key !== undefined) toastQueue.close(key);
  };
}

/** Shows an entry; returns the toast's key, if it is a toast. */
function present(entry: ErrorEntry): string | undefined {
  if (entry.presentation === 'toast') {
    return showToast(
      { title: entry.title, description: entry.text, tone: 'danger' },
      { timeoutMs: entry.durationMs },
    );
  }
  appStore.set(blockingErrorAtom, entry);
  return undefined;
}
