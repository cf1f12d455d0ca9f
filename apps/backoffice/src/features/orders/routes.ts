/** The orders' pages: the list with its filters, and one order with its history and moves. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const orderRoutes: readonly BackofficeRoute[] = [
  {
    path: 'orders',
    module: 'src/features/orders/orders-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.adminOrders.list }],
    view: 'Pedidos',
  },
  {
    path: 'orders/:id',
    module: 'src/features/orders/order-route.tsx',
    guard: 'staff',
    view: 'Pedido',
  },
];
