/** The pharmacies' pages: the search, and one pharmacy whole (a sales rep: his own, read-only). */
import type { BackofficeRoute } from '../auth/routes.ts';

export const pharmacyRoutes: readonly BackofficeRoute[] = [
  {
    path: 'pharmacies',
    module: 'src/features/pharmacies/pharmacies-route.tsx',
    guard: 'staff',
    data: (api) => [
      { endpoint: api.pharmacies.list },
      { endpoint: api.lookups.salesReps },
      { endpoint: api.lookups.discountGroups },
    ],
    view: 'Farmacias',
  },
  {
    path: 'pharmacies/:id',
    module: 'src/features/pharmacies/pharmacy-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.pharmacies.get }],
    view: 'Ficha de farmacia',
  },
];
