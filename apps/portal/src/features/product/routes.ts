/** A product's page (its id in the path; without one, the page says it is missing). */
import type { PortalRoute } from '../auth/routes.ts';

export const productRoutes: readonly PortalRoute[] = [
  {
    path: 'products/:id?',
    module: 'src/features/product/product-route.tsx',
    guard: 'client',
    data: (api) => [{ endpoint: api.catalogue.product }, { endpoint: api.catalogue.volumeRules }],
    view: 'Producto',
  },
];
