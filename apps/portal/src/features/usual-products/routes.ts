/** 'Mis habituales': the products the pharmacy orders most, each addable with its last quantity. */
import type { PortalRoute } from '../auth/routes.ts';

export const usualProductsRoutes: readonly PortalRoute[] = [
  {
    path: 'mis-habituales',
    module: 'src/features/usual-products/usual-products-route.tsx',
    guard: 'client',
    view: 'Mis habituales',
  },
];
