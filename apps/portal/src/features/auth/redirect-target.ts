import { redirectTarget as shellRedirectTarget } from '@botica/app-shell';

/** Where to go after login: the page that asked for it, if it is one of ours (never another site). */
export function redirectTarget(search: string): string {
  return shellRedirectTarget(search, { loginPath: '/login' });
}
