/**
 * The integration area, for the laboratory's admins: the machine clients' API keys (their list, a new
 * key, a revocation, a key's calls). Its index opens the keys; the webhooks are a section of their own.
 */
import type { BackofficeRoute } from '../auth/routes.ts';

/** The API keys' page, below /backoffice. */
export const KEYS_PATH = '/integration/keys';

export const integrationRoutes: readonly BackofficeRoute[] = [
  {
    path: 'integration',
    module: 'src/features/integration/integration-route.tsx',
    guard: 'admin',
    view: 'Integración',
  },
  {
    path: 'integration/keys',
    module: 'src/features/integration/keys-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.apiKeys.list }],
    view: 'Claves de API',
  },
  {
    path: 'integration/keys/:id',
    module: 'src/features/integration/key-calls-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.apiKeys.list }, { endpoint: api.apiKeys.calls }],
    view: 'Llamadas de una clave de API',
  },
];
