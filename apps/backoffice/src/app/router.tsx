/**
 * The back office's routes, in data mode, from the features' manifests (routes.ts), below
 * /backoffice: the login page in the first load, every staff screen a lazy chunk whose loader runs
 * once the staff guard has let the visitor in; a section of another role, an unknown address and a
 * failed layout give their error page in the staff's chrome. The staff's layout and the session
 * module (with the admin API client and its schemas) are lazy too: the login page shows without
 * them, and the build preloads them for every staff page (routes.ts).
 */

import type { User } from '@botica/api-client/schemas';
import { guardScreen, type LoadRoute, queryClientOf, toRouteObjects } from '@botica/app-shell';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import type { BackofficeGuard } from '../features/auth/routes.ts';
import { RootShell } from './root-shell.tsx';
import { LayoutErrorPage, NotFoundPage, RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { BACKOFFICE_ROUTES } from './routes.ts';

/** The staff guard (session.ts), loaded with the first staff page. */
const requireStaff = async (request: Request, roles?: readonly User['role'][]) =>
  (await import('../features/auth/session.ts')).requireStaff(request, roles);

/** What each guard of the manifests does to a route's module; a public page loads as it is. */
function guarded(guard: BackofficeGuard, load: LoadRoute): LoadRoute {
  if (guard === 'staff') return guardScreen(load, ({ request }) => requireStaff(request));
  if (guard === 'admin') {
    // Checked even for a screen that asks the server nothing: a sales rep gets the 403 page.
    return guardScreen(load, ({ request }) => requireStaff(request, ['admin']), { isAlwaysChecked: true });
  }
  return load;
}

function FirstLoad() {
  return null;
}

export const routes: RouteObject[] = toRouteObjects(BACKOFFICE_ROUTES, {
  lazyModules: import.meta.glob('/src/features/**/*-route.tsx'),
  eagerModules: { '/src/features/auth/login-page.tsx': { LoginPage } },
  guard: guarded,
  parts: {
    root: { Component: RootShell, HydrateFallback: FirstLoad, ErrorBoundary: RootErrorPage },
    staff: {
      lazy: async () => ({ Component: (await import('./staff-layout.tsx')).StaffLayout }),
      loader: async (args: LoaderFunctionArgs) => {
        const user = await requireStaff(args.request);
        await queryClientOf(args.context);
        return user;
      },
      ErrorBoundary: LayoutErrorPage,
    },
    'staff-pages': { ErrorBoundary: RouteErrorPage },
    'not-found': { Component: NotFoundPage },
  },
});
