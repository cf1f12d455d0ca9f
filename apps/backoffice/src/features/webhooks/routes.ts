/**
 * The ERP's webhooks page, for the laboratory's admins: the endpoints and the last deliveries. A
 * section of the menu's 'Integración', beside the API keys (its tabs: `integration/integration-nav.tsx`).
 */
import type { BackofficeRoute } from '../auth/routes.ts';

export const webhookRoutes: readonly BackofficeRoute[] = [
  {
    path: 'integration/webhooks',
    module: 'src/features/webhooks/webhooks-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.webhooks.list }, { endpoint: api.webhooks.deliveries }],
    view: 'Webhooks',
  },
];
