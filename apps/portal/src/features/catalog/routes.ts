/** The catalogue and its filters. */
import type { PortalRoute } from '../auth/routes.ts';

export const catalogRoutes: readonly PortalRoute[] = [
  {
    path: 'catalog',
    module: 'src/features/catalog/catalog-route.tsx',
    guard: 'client',
    // The results are a POST, which cannot be preloaded; the GET of the CSRF cookie that precedes
    // every POST can, and the filters' data.
    data: (api) => [
      { endpoint: api.catalogue.categories },
      { endpoint: api.catalogue.priceRange },
      { endpoint: api.auth.csrfCookie },
    ],
    view: 'Catálogo de Productos',
  },
];
