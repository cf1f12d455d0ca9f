import { BASENAME, LOGIN_PATH } from '../../shared/paths.ts';

/**
 * Where to go after login, inside the back office: the page that asked for it (the guard names it
 * with the back office's path in front), never another site, another app of the origin or the login
 * page itself.
 */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith(`${BASENAME}/`) || target.startsWith('//')) return '/';
  const inApp = target.slice(BASENAME.length);
  return inApp === LOGIN_PATH || inApp.startsWith(`${LOGIN_PATH}/`) || inApp.startsWith(`${LOGIN_PATH}?`)
    ? '/'
    : inApp;
}
