/**
 * The access pages beside /login: registration, password recovery and reset for anyone without a
 * session, each its own lazy chunk with no data; and the notifications those journeys end on. None
 * evaluates the API client to show its form (requests.ts).
 */
import type { PortalRoute } from '../auth/routes.ts';

export const accessRoutes: readonly PortalRoute[] = [
  {
    path: 'login/register',
    module: 'src/features/access/register-route.tsx',
    guard: 'anonymous',
    view: 'Solicitar alta',
  },
  {
    path: 'login/recovery',
    module: 'src/features/access/recovery-route.tsx',
    guard: 'anonymous',
    view: 'Recuperar la contraseña',
  },
  {
    path: 'login/reset_password',
    module: 'src/features/access/reset-password-route.tsx',
    guard: 'anonymous',
    view: 'Nueva contraseña',
  },
  {
    // A notification reads its message from the link, for anyone.
    path: 'login/notification',
    module: 'src/features/access/notification-route.tsx',
    guard: 'public',
    view: 'Notificación',
  },
];
