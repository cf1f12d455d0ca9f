/**
 * Whether the server certainly sees no session: the page says so (session-hint.ts), or
 * `GET /api/v1/user` answered 401, asked with a plain request as the API client would (same address,
 * cookies, headers), so /login can tell without loading the client's code. Any other outcome (a
 * user, an error, no answer in time) is `false`: the caller then asks through the session module,
 * which reports errors as usual.
 */
import { env } from '../../app/env.ts';
import { type SessionHint, sessionHint } from '../../app/session-hint.ts';

export async function isAnonymous(
  fetchUser: typeof fetch = fetch,
  baseUrl = env.apiBaseUrl || window.location.origin,
  hint: SessionHint | null = sessionHint(),
): Promise<boolean> {
  if (hint === 'none') return true;
  try {
    const response = await fetchUser(`${baseUrl}/api/v1/user`, {
      credentials: 'include',
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      signal: AbortSignal.timeout(env.apiTimeoutMs),
    });
    return response.status === 401;
  } catch {
    return false;
  }
}
