/** The back office's home: the dashboard of the staff member's figures. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const dashboardRoutes: readonly BackofficeRoute[] = [
  {
    id: 'home',
    index: true,
    module: 'src/features/dashboard/dashboard-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.dashboard.show }],
    view: 'Panel',
  },
];
