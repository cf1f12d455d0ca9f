/**
 * The routes of the ordering journey, in data mode, from the features' manifests (routes.ts): this
 * file binds them to their modules, guards, layouts and error pages. /login is part of the first
 * load; every other screen (the access pages beside it included) is a lazy chunk with its own
 * loader. Unknown routes give the 404 page. Error pages keep the site around them: a screen's inside
 * its layout, the others in the chrome of whoever is there (error-chrome.tsx).
 */
import { guardScreen, type LoadRoute, queryClientOf, toRouteObjects } from '@botica/app-shell';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { isAnonymous } from '../features/auth/anonymous-check.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import type { PortalGuard } from '../features/auth/routes.ts';
import { loadClientLayout } from './client-layout.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PolicyLayout } from './layouts/policy-layout.tsx';
import { RootShell } from './root-shell.tsx';
import { LayoutErrorPage, NotFoundPage, RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { PORTAL_ROUTES } from './routes.ts';

// The session module carries the API client: the login and 404 pages render without it (the
// budget of /login), and it loads with the first client route.
const requireClient = async ({ request }: LoaderFunctionArgs) =>
  (await import('../features/auth/session.ts')).guard(request, { requireClient: true });

/**
 * A client screen's lazy module, whose loader fetches its data only once the guard has let the
 * visitor in: react-router runs a route's loaders together, and an anonymous visit would otherwise
 * ask for the screen's data (401s in the console) on its way to /login. The guard asks the server
 * once per page load, so a client waits for nothing more.
 */
function clientScreen(load: LoadRoute): LoadRoute {
  return guardScreen(load, requireClient);
}

/**
 * An access page (registration, password recovery and reset): for anyone without a session. A
 * logged-in pharmacist is sent home (a reset link would only say it has expired). Most visits are
 * anonymous and the page says so (session-hint.ts): they wait for nothing, and load no API client.
 */
function accessScreen(load: LoadRoute): LoadRoute {
  const sendClientHome = async () => {
    if (await isAnonymous()) return;
    const session = await import('../features/auth/session.ts');
    if (session.isClient(await session.currentUser())) throw redirect('/');
  };
  return guardScreen(load, sendClientHome, { isAlwaysChecked: true });
}

/**
 * What a first load shows until the route's code and data are in: nothing, as the page's HTML left
 * it (the screen then appears whole, without placeholders that would shift). Named, so react-router
 * does not warn in the console on every first load.
 */
function FirstLoad() {
  return null;
}

/**
 * The first load's route modules, by path from the root: /login is part of it (its budget is the
 * first load's). A manifest that marks another module as eager fails as the routes are built.
 */
const EAGER_MODULES = { '/src/features/auth/login-page.tsx': { LoginPage } };

/**
 * Every lazy route module a manifest may name, each its own chunk (the visitors' layout rides in the
 * client chunk, with the session it asks).
 */
const LAZY_MODULES = import.meta.glob([
  '/src/features/**/*-route.tsx',
  '/src/features/**/*-routes.tsx',
  '/src/features/**/*-layout.tsx',
  '/src/app/layouts/visitor-layout.tsx',
]);

/** What each guard of the manifests does to a route's module; a public page loads as it is. */
function guarded(guard: PortalGuard, load: LoadRoute): LoadRoute {
  if (guard === 'client') return clientScreen(load);
  if (guard === 'anonymous') return accessScreen(load);
  return load;
}

export const routes: RouteObject[] = toRouteObjects(PORTAL_ROUTES, {
  lazyModules: LAZY_MODULES,
  eagerModules: EAGER_MODULES,
  guard: guarded,
  parts: {
    root: { Component: RootShell, HydrateFallback: FirstLoad, ErrorBoundary: RootErrorPage },
    'auth-layout': { Component: AuthLayout },
    client: {
      // The module the error pages share, kept once loaded (client-layout.ts).
      lazy: async () => ({ Component: (await loadClientLayout()).DefaultLayout }),
      // The header's cart reads the query cache: the logged-in screens' guard makes its client.
      loader: async (args: LoaderFunctionArgs) => {
        const user = await requireClient(args);
        await queryClientOf(args.context);
        return user;
      },
      ErrorBoundary: LayoutErrorPage,
    },
    'client-pages': { ErrorBoundary: RouteErrorPage },
    'account-pages': { ErrorBoundary: RouteErrorPage },
    'policy-layout': { Component: PolicyLayout, ErrorBoundary: RouteErrorPage },
    'visitor-layout': { ErrorBoundary: LayoutErrorPage },
    'formacion-pages': { ErrorBoundary: RouteErrorPage },
    'not-found': { Component: NotFoundPage },
  },
});
