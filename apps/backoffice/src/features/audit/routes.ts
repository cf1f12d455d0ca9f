/** The audit log's page: what the laboratory's staff changed, for the admins. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const auditRoutes: readonly BackofficeRoute[] = [
  {
    path: 'audit',
    module: 'src/features/audit/audit-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.audit.list, query: {} }],
    view: 'Registro de cambios',
  },
];
