/** The laboratory's configuration page: the order rules and the maintenance switch, for the admins. */
import type { BackofficeRoute } from '../auth/routes.ts';

/** The configuration page's address, below /backoffice. */
export const CONFIGURATION_PATH = '/configuration';

export const configurationRoutes: readonly BackofficeRoute[] = [
  {
    path: 'configuration',
    module: 'src/features/configuration/configuration-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.configuration.show }],
    view: 'Configuración',
  },
];
