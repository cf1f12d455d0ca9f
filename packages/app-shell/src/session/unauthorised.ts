/**
 * A `fetch` for the API client that notices the server's 401s: the session expired or was ended
 * elsewhere, whatever screen asked. The session listens (session.ts) before the caller sees the
 * failure.
 */

/** Told the server's message whenever a call is answered 401. */
export type UnauthorisedListener = (message: string | undefined) => void;

/** What {@link observeUnauthorised} gives the app: the fetch for its API client and the subscription. */
export interface UnauthorisedObserver {
  /** The API client's fetch: the browser's, watching for 401s. */
  fetch: typeof globalThis.fetch;
  /** Runs `listener` with the server's message at every 401 observed. Returns the unsubscribe. */
  onUnauthorised: (listener: UnauthorisedListener) => () => void;
}

/** Logging in and out answer for themselves: their 401s say nothing about a session that was there. */
const SESSION_CALLS = /\/auth\/(login|logout)$/;

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fetch that tells its listeners of every 401 but those of logging in and out (paths ending in
 * `/auth/login` or `/auth/logout`), with the server's message.
 *
 * @example
 * const unauthorised = observeUnauthorised();
 * export const api = createApiClient({ baseUrl, fetch: unauthorised.fetch });
 */
export function observeUnauthorised(
  base: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): UnauthorisedObserver {
  const listeners = new Set<UnauthorisedListener>();
  const observedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await base(input, init);
    if (response.status === 401 && listeners.size > 0) {
      const url = input instanceof Request ? input.url : String(input);
      if (!SESSION_CALLS.test(new URL(url, window.location.origin).pathname)) {
        const message = await serverMessage(response);
        for (const listener of listeners) listener(message);
      }
    }
    return response;
  };
  return {
    fetch: observedFetch as typeof globalThis.fetch,
    onUnauthorised: (listener: UnauthorisedListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
