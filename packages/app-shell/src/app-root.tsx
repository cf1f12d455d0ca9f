/**
 * The start of an app and the route at its root: what every page of every frontend has around it,
 * whatever its screens and chrome.
 */

import { NavigationProvider, Toasts } from '@botica/ui';
import { type createStore, Provider as JotaiProvider } from 'jotai';
import { type ReactElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  type DOMRouterOpts,
  Outlet,
  type RouteObject,
  RouterProvider,
  ScrollRestoration,
  type ScrollRestorationProps,
} from 'react-router';
import { SiteNameProvider } from './document-title.ts';
import { BlockingError, useErrorPresentationLoaded } from './errors/blocking-error.tsx';
import { setAriaLocale } from './navigation/aria-locale.ts';
import { useFocusAfterNavigation } from './navigation/focus-after-navigation.ts';
import { renderWhenInitialized } from './navigation/render-when-initialized.ts';
import { useRouterLinks } from './navigation/router-links.ts';
import {
  type DeferredQueryClient,
  QueryClientHost,
  queryRouterContext,
} from './query/deferred-query-client.ts';
import { onSessionEnd } from './session/session-events.ts';

/** What {@link AppRootShell} needs of its app. */
export interface AppRootShellProps {
  /** The app's one jotai store (UI state), which its loaders also read. */
  store: ReturnType<typeof createStore>;
  /** The site's name in every page's title. @default 'Botica' */
  siteName?: string | undefined;
  /** How the page's scroll is kept between visits (react-router's `ScrollRestoration`). */
  scrollRestoration?: ScrollRestorationProps | undefined;
}

/**
 * The root route's component: the app's store, its name in the titles, the components' links
 * through the router, the focus after a navigation, the toasts and the blocking error (loaded once
 * the first screen is idle), the scroll kept between visits. Without react-aria: the screens that
 * render its controls bring its providers with them (`AriaScope`).
 */
export function AppRootShell({ store, siteName, scrollRestoration }: AppRootShellProps) {
  const { navigate, useHref } = useRouterLinks();
  useFocusAfterNavigation();
  useErrorPresentationLoaded();
  const page = (
    <JotaiProvider store={store}>
      <NavigationProvider navigate={navigate} useHref={useHref}>
        <Outlet />
        <Toasts />
        <BlockingError />
        <ScrollRestoration {...scrollRestoration} />
      </NavigationProvider>
    </JotaiProvider>
  );
  return siteName === undefined ? page : <SiteNameProvider name={siteName}>{page}</SiteNameProvider>;
}

/**
 * An app's router: its routes below `basename`, its loaders given what `getContext` provides. A
 * session the server ended (a 401) runs the guards of the page on screen again: a logged-in screen
 * goes to the login page and comes back after it, a public one stays. (Logging out goes to the login
 * page itself.)
 */
export function createAppRouter(
  routes: RouteObject[],
  options: Pick<DOMRouterOpts, 'basename' | 'getContext'> = {},
): ReturnType<typeof createBrowserRouter> {
  const router = createBrowserRouter(routes, options);
  onSessionEnd((ending) => {
    if (ending.reason === 'expired') void router.revalidate();
  });
  return router;
}

/** What {@link appTree} needs of its app. */
export interface AppTreeOptions {
  /** The app's routes (its manifests bound by `toRouteObjects`). */
  routes: RouteObject[];
  /** Where the app lives on its origin ('/backoffice'). @default '/' */
  basename?: string | undefined;
  /** The app's one query client, given to the loaders through the router's context and to React. */
  queryClient: DeferredQueryClient;
}

/** An app's router and the tree that renders it. */
export interface AppTree {
  router: ReturnType<typeof createBrowserRouter>;
  /** React's strict mode, the query client's provider and the router. */
  element: ReactElement;
}

/**
 * An app's router (created, so its first loaders start) and the tree to render it in: what
 * {@link startApp} mounts, and what a page painted before its router (`startAppAfterFirstScreen`)
 * is handed over to.
 */
export function appTree({ routes, basename, queryClient }: AppTreeOptions): AppTree {
  const router = createAppRouter(routes, {
    ...(basename === undefined ? {} : { basename }),
    getContext: queryRouterContext(queryClient),
  });
  const element = (
    <StrictMode>
      <QueryClientHost client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientHost>
    </StrictMode>
  );
  return { router, element };
}

/** What {@link startApp} needs of its app. */
export interface StartAppOptions extends AppTreeOptions {
  /** The element the app renders into. @default document.getElementById('root') */
  container?: Element | null | undefined;
}

/**
 * Starts an app in the page: react-aria's locale (es-ES) for a control rendered outside
 * `AriaScope`, the router, its query client, React's strict mode. Returns the router.
 * @example startApp({ routes, basename: '/backoffice', queryClient });
 */
export function startApp({
  container = document.getElementById('root'),
  ...app
}: StartAppOptions): ReturnType<typeof createBrowserRouter> {
  setAriaLocale();
  if (container === null) throw new Error('the page has no element for the app (#root)');
  const tree = appTree(app);
  renderWhenInitialized(createRoot(container), tree);
  return tree.router;
}
