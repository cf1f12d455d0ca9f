/**
 * The portal's router and everything it renders with (the route table, the root shell, the layouts
 * of the first pages, the login page, the error pages): loaded by main.tsx after /login's first
 * screen has painted, and at once on any other page, whose page names it for preloading
 * (route-preloads.ts; first-load.ts names this module).
 */
import { type AppTree, appTree } from '@botica/app-shell';
import { queryClient } from '../shared/query-client.ts';
import { routes } from './router.tsx';

export function portalApp(): AppTree {
  return appTree({ routes, queryClient });
}
