/**
 * The back office's routes, in data mode, from the features' manifests (routes.ts), below
 * /backoffice: the login page in the first load, every staff screen a lazy chunk whose loader runs
 * once the staff guard has let the visitor in.
 */
import { type LoadRoute, onSessionEnd, queryClientOf, toRouteObjects } from '@botica/app-shell';
import {
  createBrowserRouter,
  type DOMRouterOpts,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import type { BackofficeGuard } from '../features/auth/routes.ts';
import { requireStaff } from '../features/auth/session.ts';
import { BASENAME } from '../shared/paths.ts';
import { RootShell } from './root-shell.tsx';
import { LayoutErrorPage, NotFoundPage, RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { BACKOFFICE_ROUTES } from './routes.ts';
import { StaffLayout } from './staff-layout.tsx';

/** A staff screen's module, whose loader asks for its data only once the guard has let the visitor in. */
function staffScreen(load: LoadRoute): LoadRoute {
  return async () => {
    const screen = await load();
    const { loader } = screen;
    if (loader === undefined) return screen;
    return {
      ...screen,
      loader: async (args: LoaderFunctionArgs) => {
        await requireStaff(args.request);
        return loader(args);
      },
    };
  };
}

function FirstLoad() {
  return null;
}

export const routes: RouteObject[] = toRouteObjects(BACKOFFICE_ROUTES, {
  lazyModules: import.meta.glob('/src/features/**/*-route.tsx'),
  eagerModules: { '/src/features/auth/login-page.tsx': { LoginPage } },
  guard: (guard: BackofficeGuard, load) => (guard === 'staff' ? staffScreen(load) : load),
  parts: {
    root: { Component: RootShell, HydrateFallback: FirstLoad, ErrorBoundary: RootErrorPage },
    staff: {
      Component: StaffLayout,
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

/** The back office's router; `getContext` gives its loaders what the composition root provides. */
export function createRouter(options: Pick<DOMRouterOpts, 'getContext'> = {}) {
  const router = createBrowserRouter(routes, { ...options, basename: BASENAME });
  // A session the server ended (a 401) runs the guards again: the screen goes to the login page.
  onSessionEnd((ending) => {
    if (ending.reason === 'expired') void router.revalidate();
  });
  return router;
}
