/**
 * The back office's route vocabulary and the login page.
 * - `public`: anyone (the login page sends staff already logged in on itself);
 * - `staff`: the laboratory's staff, admins and sales reps (anyone else goes to the login page and
 *   comes back after it);
 * - `admin`: the laboratory's admins; a sales rep who opens it gets the 403 page in the staff's chrome.
 */
import type { adminEndpoints } from '@botica/api-client/admin';
import type { RouteManifest } from '@botica/app-shell';

export type BackofficeGuard = 'public' | 'staff' | 'admin';

/** A route of the back office; its `data` picks from the back office's endpoint definitions. */
export type BackofficeRoute = RouteManifest<BackofficeGuard, typeof adminEndpoints>;

export const authRoutes: readonly BackofficeRoute[] = [
  {
    path: 'login',
    module: 'src/features/auth/login-page.tsx',
    component: 'LoginPage',
    isEager: true,
    view: 'Acceso',
  },
];
