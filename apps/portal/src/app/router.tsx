/**
 * The routes of the ordering journey, in data mode. /login is part of the first load; every
 * other screen (the access pages beside it included) is a lazy chunk with its own loader. Unknown routes give the 404 page. Error pages keep
 * the site around them: a screen's inside its layout, the others in the chrome of whoever is there
 * (error-chrome.tsx).
 */
import { queryClientOf } from '@botica/app-shell';
import {
  createBrowserRouter,
  type DOMRouterOpts,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { isAnonymous } from '../features/auth/anonymous-check.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { loadClientLayout } from './client-layout.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PolicyLayout } from './layouts/policy-layout.tsx';
import { RootShell } from './root-shell.tsx';
import { LayoutErrorPage, NotFoundPage, RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { onSessionEnd } from './session-events.ts';

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
function clientScreen<Screen extends { loader?: (args: LoaderFunctionArgs) => unknown }>(
  load: () => Promise<Screen>,
): () => Promise<Screen> {
  return async () => {
    const screen = await load();
    const { loader } = screen;
    if (loader === undefined) return screen;
    return {
      ...screen,
      loader: async (args: LoaderFunctionArgs) => {
        await requireClient(args);
        return loader(args);
      },
    };
  };
}

/**
 * An access page (registration, password recovery and reset): for anyone without a session. A
 * logged-in pharmacist is sent home (a reset link would only say it has expired). Most visits are
 * anonymous and the page says so (session-hint.ts): they wait for nothing, and load no API client.
 */
function accessScreen<Screen extends object>(load: () => Promise<Screen>): () => Promise<Screen> {
  const sendClientHome = async () => {
    if (await isAnonymous()) return;
    const session = await import('../features/auth/session.ts');
    if (session.isClient(await session.currentUser())) throw redirect('/');
  };
  return async () => {
    const screen = await load();
    const { loader } = screen as { loader?: (args: LoaderFunctionArgs) => unknown };
    return {
      ...screen,
      loader: async (args: LoaderFunctionArgs) => {
        await sendClientHome();
        return loader === undefined ? null : loader(args);
      },
    };
  };
}

/**
 * What a first load shows until the route's code and data are in: nothing, as the page's HTML left
 * it (the screen then appears whole, without placeholders that would shift). Named, so react-router
 * does not warn in the console on every first load.
 */
function FirstLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: FirstLoad,
    ErrorBoundary: RootErrorPage,
    children: [
      {
        Component: AuthLayout,
        children: [
          { path: 'login', Component: LoginPage },
          // The access pages: anonymous (a pharmacist is sent home), each its own lazy chunk.
          {
            path: 'login/register',
            lazy: accessScreen(() => import('../features/access/register-route.tsx')),
          },
          {
            path: 'login/recovery',
            lazy: accessScreen(() => import('../features/access/recovery-route.tsx')),
          },
          {
            path: 'login/reset_password',
            lazy: accessScreen(() => import('../features/access/reset-password-route.tsx')),
          },
          {
            path: 'login/notification',
            lazy: () => import('../features/access/notification-route.tsx'),
          },
        ],
      },
      {
        // The legal pages, for anonymous visitors and pharmacists alike: no guard.
        Component: PolicyLayout,
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            path: 'aviso-legal',
            lazy: async () => ({
              Component: (await import('../features/legal/legal-routes.tsx')).LegalNoticeRoute,
            }),
          },
          {
            path: 'politica-de-cookies',
            lazy: async () => ({
              Component: (await import('../features/legal/legal-routes.tsx')).CookiePolicyRoute,
            }),
          },
          {
            path: 'politica-de-privacidad',
            lazy: async () => ({
              Component: (await import('../features/legal/legal-routes.tsx')).PrivacyPolicyRoute,
            }),
          },
        ],
      },
      {
        id: 'client',
        lazy: async () => ({ Component: (await loadClientLayout()).DefaultLayout }),
        // The header's cart reads the query cache: the logged-in screens' guard makes its client.
        loader: async (args: LoaderFunctionArgs) => {
          const user = await requireClient(args);
          await queryClientOf(args.context);
          return user;
        },
        ErrorBoundary: LayoutErrorPage,
        children: [
          {
            // A screen's error (a 403 or 404 of its data, say) shows inside the layout, header and all.
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, lazy: clientScreen(() => import('../features/home/home-route.tsx')) },
              { path: 'catalog', lazy: clientScreen(() => import('../features/catalog/catalog-route.tsx')) },
              {
                path: 'products/:id?',
                lazy: clientScreen(() => import('../features/product/product-route.tsx')),
              },
              { path: 'cart', lazy: clientScreen(() => import('../features/cart/cart-route.tsx')) },
              {
                path: 'pedido-enviado',
                lazy: clientScreen(() => import('../features/cart/order-sent-route.tsx')),
              },
              { path: 'encuestas', lazy: clientScreen(() => import('../features/survey/survey-route.tsx')) },
              {
                path: 'mensajes/:id',
                lazy: clientScreen(() => import('../features/messages/message-route.tsx')),
              },
              {
                // The account layout: its handle puts the account sub-header under the header.
                path: 'account',
                lazy: () => import('../features/account/account-layout.tsx'),
                children: [
                  {
                    // A page's error shows under the sub-header.
                    ErrorBoundary: RouteErrorPage,
                    children: [
                      {
                        index: true,
                        lazy: clientScreen(
                          () => import('../features/account/sales-team/sales-team-route.tsx'),
                        ),
                      },
                      {
                        path: 'orders',
                        lazy: clientScreen(() => import('../features/account/orders/orders-route.tsx')),
                      },
                      {
                        path: 'erp-shipments',
                        lazy: clientScreen(() => import('../features/account/shipments/shipments-route.tsx')),
                      },
                      {
                        path: 'invoices',
                        lazy: clientScreen(() => import('../features/account/invoices/invoices-route.tsx')),
                      },
                      {
                        path: 'myaccount',
                        lazy: clientScreen(
                          () => import('../features/account/my-account/my-account-route.tsx'),
                        ),
                      },
                      {
                        path: 'users',
                        lazy: clientScreen(() => import('../features/account/users/users-route.tsx')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // Training and news: public pages for anyone, the rest behind the client guard.
        path: 'formacion',
        id: 'formacion',
        lazy: () => import('../features/training/training-layout.tsx'),
        ErrorBoundary: LayoutErrorPage,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, lazy: () => import('../features/training/training-home-route.tsx') },
              {
                path: 'agenda-webinars/:id?',
                lazy: () => import('../features/training/webinars-route.tsx'),
              },
              {
                path: 'historico-webinars',
                lazy: clientScreen(() => import('../features/training/webinar-history-route.tsx')),
              },
              {
                path: 'materiales',
                lazy: clientScreen(() => import('../features/training/materials-route.tsx')),
              },
              {
                path: 'newsletters',
                lazy: clientScreen(() => import('../features/training/newsletters-route.tsx')),
              },
              { path: 'noticias/:id?', lazy: () => import('../features/news/news-route.tsx') },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The portal's router; `getContext` gives its loaders what the composition root provides. */
export function createRouter(options: Pick<DOMRouterOpts, 'getContext'> = {}) {
  const router = createBrowserRouter(routes, options);
  // A session the server ended (a 401) runs the guards of the page on screen again: a logged-in
  // screen goes to /login and comes back after it, a public one stays, anonymous. (Logging out goes
  // to /login itself.)
  onSessionEnd((ending) => {
    if (ending.reason === 'expired') void router.revalidate();
  });
  return router;
}
