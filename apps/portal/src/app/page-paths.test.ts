import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_PATHS } from './page-paths.ts';

// The route tree alone: its screens need a browser to load.
vi.mock('../features/auth/login-page.tsx', () => ({ LoginPage: () => null }));
vi.mock('./layouts/auth-layout.tsx', () => ({ AuthLayout: () => null }));
vi.mock('./layouts/policy-layout.tsx', () => ({ PolicyLayout: () => null }));
vi.mock('./root-shell.tsx', () => ({ RootShell: () => null }));
vi.mock('./route-error.tsx', () => ({
  LayoutErrorPage: () => null,
  NotFoundPage: () => null,
  RootErrorPage: () => null,
  RouteErrorPage: () => null,
}));
vi.mock('./client-layout.ts', () => ({ loadClientLayout: async () => ({}) }));
const { routes } = await import('./router.tsx');

/** The full paths of the routes that render a page (the catch-all aside). */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path === '*') return [];
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('the page list the server is given', () => {
  it('is exactly the pages the router renders', () => {
    expect(pagePaths(routes).sort()).toEqual([...PAGE_PATHS].sort());
  });
});
