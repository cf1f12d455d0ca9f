/**
 * Whether the server certainly sees no session: the page says so (session-hint.ts), or
 * `GET /api/v1/user` answered 401, asked with a plain request as the API client would (same address,
 * cookies, headers), so /login can tell without loading the client's code. Any other outcome (a
 * user, an error, no answer in time) is `false`: the caller then asks through the session module,
 * which reports errors as usual.
 */

import { type SessionHint, sessionHint } from '@botica/app-shell';
import { env } from '../../shared/env.ts';

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
    const isUnauthorised = response.status === 401;
    // Read the (short) answer: left unread, the request stays open until the timeout aborts it, 15 s
    // on to a connection of HTTP/1.1's six and the page's network never idle.
    await response.arrayBuffer();
    return isUnauthorised;
  } catch {
    return false;
  }
}
