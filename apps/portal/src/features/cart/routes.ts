/** The cart and the page an order sent leads to; their data is the session's cart. */
import type { PortalRoute } from '../auth/routes.ts';

export const cartRoutes: readonly PortalRoute[] = [
  { path: 'cart', module: 'src/features/cart/cart-route.tsx', guard: 'client', view: 'Mi pedido' },
  {
    path: 'pedido-enviado',
    module: 'src/features/cart/order-sent-route.tsx',
    guard: 'client',
    view: 'Pedido enviado',
  },
];
