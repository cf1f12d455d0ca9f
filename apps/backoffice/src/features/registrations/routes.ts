/** The registration requests' pages: the pending ones, for the laboratory's admins. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const registrationRoutes: readonly BackofficeRoute[] = [
  {
    path: 'registrations',
    module: 'src/features/registrations/registrations-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.registrations.list, query: { status: 'pending' } }],
    view: 'Solicitudes de alta',
  },
];
