/** The quick order: many products at once, by their codes. */
import type { PortalRoute } from '../auth/routes.ts';

export const quickOrderRoutes: readonly PortalRoute[] = [
  {
    path: 'pedido-rapido',
    module: 'src/features/quick-order/quick-order-route.tsx',
    guard: 'client',
    view: 'Pedido rápido',
  },
];
