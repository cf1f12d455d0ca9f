import type { User } from '@botica/api-client/schemas';
import { describe, expect, it, vi } from 'vitest';
import type { BackofficeGuard, BackofficeRoute } from '../features/auth/routes.ts';
import { BACKOFFICE_ROUTES } from './routes.ts';
import * as menu from './staff-layout.tsx';

/** Each page's path and its nearest guard, from the manifests. */
function guards(
  routes: readonly BackofficeRoute[],
  parent = '',
  above?: BackofficeGuard,
): Map<string, BackofficeGuard | undefined> {
  const found = new Map<string, BackofficeGuard | undefined>();
  for (const route of routes) {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`;
    const guard = route.guard ?? above;
    if (route.path !== undefined && route.path !== '*') found.set(path, guard);
    for (const [child, childGuard] of guards(route.children ?? [], path, guard)) found.set(child, childGuard);
  }
  return found;
}

// The API clients are made for the page's origin as their module loads; the menu calls none of them.
vi.mock('../shared/api.ts', () => ({
  authApi: {},
  // A group of calls for each area a screen's queries name as their module loads.
  adminApi: new Proxy({}, { get: () => ({}) }),
  onUnauthorised: () => () => undefined,
}));

const userOf = (role: User['role']) => ({ id: 1, role }) as User;

describe("the staff's menu", () => {
  it('links to pages of the back office only, each shown to the roles its route lets in', () => {
    const pages = guards(BACKOFFICE_ROUTES);
    for (const item of menu.STAFF_MENU) {
      expect(pages.has(item.href), `${item.href} is a page`).toBe(true);
      const guard = pages.get(item.href);
      expect(item.roles, `${item.label}: the roles of its guard '${guard}'`).toEqual(
        guard === 'admin' ? ['admin'] : undefined,
      );
    }
  });

  it('shows an admin every section, a sales rep those open to him, anyone else none', () => {
    const labels = (user: User | null) => menu.staffMenuOf(user).map((item) => item.label);
    expect(labels(userOf('admin'))).toEqual(menu.STAFF_MENU.map((item) => item.label));
    expect(labels(userOf('sales_rep'))).not.toContain('Solicitudes de alta');
    expect(labels(userOf('client'))).toEqual([]);
    expect(labels(null)).toEqual([]);
  });
});
