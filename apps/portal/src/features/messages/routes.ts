/** One of the laboratory's messages. */
import type { PortalRoute } from '../auth/routes.ts';

export const messageRoutes: readonly PortalRoute[] = [
  {
    path: 'mensajes/:id',
    module: 'src/features/messages/message-route.tsx',
    guard: 'client',
    data: (api) => [{ endpoint: api.messages.get }],
    view: 'Mensaje',
  },
];
