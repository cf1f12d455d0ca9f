/** The portal's API client: same origin by default (`npm start` serves the portal and the API together). */
import { createApiClient } from '@botica/api-client';
import { observeUnauthorised } from '@botica/app-shell';
import { env } from './env.ts';

const unauthorised = observeUnauthorised();

/**
 * Runs `listener` with the server's message whenever a call is answered 401 (the session expired or
 * was ended elsewhere), before the caller sees the failure. Returns the unsubscribe.
 */
export const onUnauthorised = unauthorised.onUnauthorised;

export const api = createApiClient({
  baseUrl: env.apiBaseUrl || window.location.origin,
  timeout: env.apiTimeoutMs,
  cookies: 'browser',
  fetch: unauthorised.fetch,
});
