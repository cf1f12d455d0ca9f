/** Where to go after login: the page that asked for it, if it is one of ours (never another site). */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}
