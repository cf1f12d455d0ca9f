/**
 * The portal's route vocabulary, which every feature's manifest uses, and the login page.
 * - `public`: anyone, with or without a session;
 * - `anonymous`: anyone without a session (a logged-in pharmacist is sent home);
 * - `client`: a pharmacy's user (anyone else goes to /login and comes back after it).
 */

import type * as endpoints from '@botica/api-client/endpoints';
import type { DataPreload, RouteManifest } from '@botica/app-shell';

export type PortalGuard = 'public' | 'anonymous' | 'client';

/** A route of the portal; its `data` picks from the portal's endpoint definitions. */
export type PortalRoute = RouteManifest<PortalGuard, typeof endpoints>;

/** The session module: the guard's, with the API client it carries. */
export const SESSION_MODULE = 'src/features/auth/session.ts';

/** What the session asks on a client's first visit: the guard's user, and the cart the chrome shows. */
export const sessionData = (api: typeof endpoints): readonly DataPreload[] => [
  { endpoint: api.auth.user },
  { endpoint: api.configurations.list, query: { per_page: 500 } },
  { endpoint: api.cart.get },
];

export const authRoutes: readonly PortalRoute[] = [
  // Part of the first load, without the session module: the page sends a logged-in pharmacist on itself.
  {
    path: 'login',
    module: 'src/features/auth/login-page.tsx',
    component: 'LoginPage',
    isEager: true,
    view: 'Acceso',
  },
];
