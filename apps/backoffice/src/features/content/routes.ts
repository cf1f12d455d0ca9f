/** The laboratory's content: its messages to the pharmacies and the portal home's showcase. */
import type { BackofficeRoute } from '../auth/routes.ts';

export const contentRoutes: readonly BackofficeRoute[] = [
  {
    path: 'messages',
    module: 'src/features/content/messages-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.adminMessages.list }],
    view: 'Mensajes',
  },
  {
    path: 'messages/new',
    module: 'src/features/content/message-route.tsx',
    guard: 'admin',
    view: 'Nuevo mensaje',
  },
  {
    path: 'messages/:id',
    module: 'src/features/content/message-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.adminMessages.get }],
    view: 'Mensaje',
  },
  {
    path: 'showcase',
    module: 'src/features/content/showcase-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.adminShowcase.banners }, { endpoint: api.adminShowcase.featured }],
    view: 'Escaparate',
  },
];
