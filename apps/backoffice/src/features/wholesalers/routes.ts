/** The laboratory's wholesalers, through which pharmacies send transfer orders (reached from a pharmacy's page). */
import type { BackofficeRoute } from '../auth/routes.ts';

/** The wholesalers page's address, below /backoffice. */
export const WHOLESALERS_PATH = '/wholesalers';

export const wholesalerRoutes: readonly BackofficeRoute[] = [
  {
    path: 'wholesalers',
    module: 'src/features/wholesalers/wholesalers-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.wholesalers.list }],
    view: 'Mayoristas',
  },
];
