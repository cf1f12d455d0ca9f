/**
 * The routes of the ordering journey (spec §2), in data mode. /login is part of the first load; every
 * other screen is a lazy chunk with its own loader. Unknown routes give the 404 page.
 */
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { guard } from '../features/auth/session.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { NotFoundPage, RouteErrorPage } from './route-error.tsx';
import { RootShell } from './root-shell.tsx';

const requireClient = ({ request }: LoaderFunctionArgs) => guard(request, { requireClient: true });
const anyone = ({ request }: LoaderFunctionArgs) => guard(request, { requireClient: false });

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        Component: AuthLayout,
        loader: anyone,
        children: [{ path: 'login', Component: LoginPage }],
      },
      {
        id: 'client',
        Component: DefaultLayout,
        loader: requireClient,
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, lazy: () => import('../features/home/home-route.tsx') },
          { path: 'catalog', lazy: () => import('../features/catalog/catalog-route.tsx') },
          { path: 'products/:id?', lazy: () => import('../features/product/product-route.tsx') },
          { path: 'cart', lazy: () => import('../features/cart/cart-route.tsx') },
          { path: 'pedido-enviado', lazy: () => import('../features/cart/order-sent-route.tsx') },
        ],
      },
      { path: '*', loader: anyone, Component: NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
