import { redirectTarget as shellRedirectTarget } from '@botica/app-shell';
import { BASENAME, LOGIN_PATH } from '../../shared/paths.ts';

/**
 * Where to go after login, inside the back office: the page that asked for it (the guard names it
 * with the back office's path in front), never another site, another app of the origin or the login
 * page itself.
 */
export function redirectTarget(search: string): string {
  return shellRedirectTarget(search, { basename: BASENAME, loginPath: LOGIN_PATH });
}
