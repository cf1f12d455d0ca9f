/**
 * The back office's API clients, on the page's own origin (the API serves the back office at
 * /backoffice/): the session's calls (the portal's `/api/v1/auth/…`) and the staff's area
 * (`/api/v1/admin/…`), both through the fetch that tells the session of every 401.
 */
import { createApiClient } from '@botica/api-client';
import { createAdminClient } from '@botica/api-client/admin';
import { observeUnauthorised } from '@botica/app-shell';

const unauthorised = observeUnauthorised();

/** Runs `listener` with the server's message whenever a call is answered 401. Returns the unsubscribe. */
export const onUnauthorised = unauthorised.onUnauthorised;

const options = {
  baseUrl: window.location.origin,
  timeout: 15_000,
  cookies: 'browser',
  fetch: unauthorised.fetch,
} as const;

/** The session's calls: login, logout and who is logged in. */
export const authApi = createApiClient(options).auth;

/** The staff's area of the API. */
export const adminApi = createAdminClient(options);
