/** The portal's API client: same origin by default (`npm start` serves the portal and the API together). */
import { createApiClient } from '@botica/api-client';
import { env } from './env.ts';

export const api = createApiClient({
  baseUrl: env.apiBaseUrl || window.location.origin,
  timeout: env.apiTimeoutMs,
  cookies: 'browser',
});
