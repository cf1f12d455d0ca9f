/** The client's home: the showcase and the laboratory's messages. */
import type { PortalRoute } from '../auth/routes.ts';

export const homeRoutes: readonly PortalRoute[] = [
  {
    index: true,
    module: 'src/features/home/home-route.tsx',
    guard: 'client',
    data: (api) => [{ endpoint: api.showcase.get }, { endpoint: api.messages.list }],
    view: 'Inicio',
  },
];
