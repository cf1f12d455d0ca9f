/** The portal's API client: same origin by default (`npm start` serves the portal and the API together). */
import { createApiClient } from '@botica/api-client';
import { env } from './env.ts';

type UnauthorisedListener = (message: string | undefined) => void;

const unauthorisedListeners = new Set<UnauthorisedListener>();

/** Logging in and out answer for themselves: their 401s say nothing about a session that was there. */
const SESSION_CALLS = /\/api\/v1\/auth\/(login|logout)$/;

/**
 * Runs `listener` with the server's message whenever a call is answered 401 (the session expired or
 * was ended elsewhere), before the caller sees the failure. Returns the unsubscribe.
 */
export function onUnauthorised(listener: UnauthorisedListener): () => void {
  unauthorisedListeners.add(listener);
  return () => void unauthorisedListeners.delete(listener);
}

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

async function observedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await globalThis.fetch(input, init);
  if (response.status === 401 && unauthorisedListeners.size > 0) {
    const url = input instanceof Request ? input.url : String(input);
    if (!SESSION_CALLS.test(new URL(url, window.location.origin).pathname)) {
      const message = await serverMessage(response);
      for (const listener of unauthorisedListeners) listener(message);
    }
  }
  return response;
}

export const api = createApiClient({
  baseUrl: env.apiBaseUrl || window.location.origin,
  timeout: env.apiTimeoutMs,
  cookies: 'browser',
  fetch: observedFetch,
});
