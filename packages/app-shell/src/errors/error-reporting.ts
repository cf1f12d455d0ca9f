/**
 * Handling of failed calls, in one place per app: toasts of 7 s, the 'Datos Restringidos' dialog for
 * 403, the maintenance warning for 503, and no 401 toast on the login pages or for the user check.
 * Screens call `reportCallError` for failures they do not handle themselves.
 */
import { isApiError } from '@botica/api-client';
import { callErrorPresentation, type ErrorEntry } from '@botica/domain';
import { showToast, toastQueue } from '@botica/ui';
import { atom, type createStore } from 'jotai';

/** The dialog or warning currently shown, if any (toasts go to the toast queue); `BlockingError` shows it. */
export const blockingErrorAtom = atom<ErrorEntry | null>(null);

/** Closes the dialog or warning. */
export const dismissBlockingErrorAtom = atom(null, (_get, set) => set(blockingErrorAtom, null));

/** How a screen reports a failed call: {@link createErrorReporting}. */
export interface ErrorReporting {
  /**
   * Shows a failed call as the catalogue says. Returns whether it was shown (statuses the catalogue
   * does not name are left to the calling screen).
   */
  reportCallError: (error: unknown, options?: { isAuthCheck?: boolean }) => boolean;
  /**
   * A session the server no longer knows (a 401 to a logged-in page): 'Autentificación denegada'
   * with the server's message, wherever the page is. Returns its dismissal, for when the user has
   * logged in again.
   */
  reportSessionRefused: (message: string | undefined) => () => void;
}

/** How long, after a 401 was said, other screens' reports of it stay silent. */
const REFUSAL_SAID_MS = 5_000;

/**
 * The error presentation of an app: toasts through `@botica/ui`'s queue, the dialog or warning
 * through `blockingErrorAtom` in the app's store.
 *
 * @example
 * export const { reportCallError, reportSessionRefused } = createErrorReporting({
 *   store: appStore,
 *   isOnLoginPages: () => window.location.pathname.startsWith('/login'),
 * });
 */
export function createErrorReporting({
  store,
  isOnLoginPages,
}: {
  store: ReturnType<typeof createStore>;
  /** Whether the page is one of the login pages, where a 401 is expected and says nothing. */
  isOnLoginPages: () => boolean;
}): ErrorReporting {
  /** When the last 401 was shown. */
  let lastRefusalAt = Number.NEGATIVE_INFINITY;

  /** Shows an entry; returns the toast's key, if it is a toast. */
  function present(entry: ErrorEntry): string | undefined {
    if (entry.presentation === 'toast') {
      return showToast(
        { title: entry.title, description: entry.text, tone: 'danger' },
        { timeoutMs: entry.durationMs },
      );
    }
    store.set(blockingErrorAtom, entry);
    return undefined;
  }

  return {
    reportCallError(error, options = {}) {
      const status = isApiError(error) ? error.status : 'network';
      // The session's end has just said it (reportSessionRefused): once is enough.
      if (status === 401 && Date.now() - lastRefusalAt < REFUSAL_SAID_MS) return true;
      // The API client's messages are the server's or its own Spanish; anything else (a chunk that
      // did not load, say) is the browser's English, which the toast leaves out.
      const message = isApiError(error) ? error.message : undefined;
      const entry = callErrorPresentation({
        status,
        message,
        isAuthCheck: options.isAuthCheck === true || isOnLoginPages(),
      });
      if (entry === null) return false;
      present(entry);
      return true;
    },
    reportSessionRefused(message) {
      lastRefusalAt = Date.now();
      const entry = callErrorPresentation({ status: 401, message });
      if (entry === null) return () => undefined;
      const key = present(entry);
      return () => {
        if (key !== undefined) toastQueue.close(key);
      };
    },
  };
}
