/**
 * The account pages under their layout (the account sub-header, named in the layout's handle).
 * Their data is the client's, whose id comes from the session, not the path.
 */
import type { PortalRoute } from '../auth/routes.ts';

export const accountRoutes: readonly PortalRoute[] = [
  {
    path: 'account',
    module: 'src/features/account/account-layout.tsx',
    children: [
      {
        // A page's error shows under the sub-header (the router's parts for this id).
        id: 'account-pages',
        children: [
          {
            index: true,
            module: 'src/features/account/sales-team/sales-team-route.tsx',
            guard: 'client',
            view: 'Equipo comercial',
          },
          {
            path: 'orders',
            module: 'src/features/account/orders/orders-route.tsx',
            guard: 'client',
            view: 'Pedidos web',
          },
          {
            path: 'erp-shipments',
            module: 'src/features/account/shipments/shipments-route.tsx',
            guard: 'client',
            view: 'Envíos',
          },
          {
            path: 'invoices',
            module: 'src/features/account/invoices/invoices-route.tsx',
            guard: 'client',
            view: 'Mis facturas',
          },
          {
            path: 'myaccount',
            module: 'src/features/account/my-account/my-account-route.tsx',
            guard: 'client',
            view: 'Mis datos',
          },
          {
            path: 'users',
            module: 'src/features/account/users/users-route.tsx',
            guard: 'client',
            view: 'Mis usuarios',
          },
        ],
      },
    ],
  },
];
