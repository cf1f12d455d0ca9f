/** The legal pages: anyone may read them, and they ask the server nothing. */
import type { PortalRoute } from '../auth/routes.ts';

const LEGAL_MODULE = 'src/features/legal/legal-routes.tsx';

export const legalRoutes: readonly PortalRoute[] = [
  {
    path: 'aviso-legal',
    module: LEGAL_MODULE,
    component: 'LegalNoticeRoute',
    guard: 'public',
    view: 'Aviso legal',
  },
  {
    path: 'politica-de-cookies',
    module: LEGAL_MODULE,
    component: 'CookiePolicyRoute',
    guard: 'public',
    view: 'Política de cookies',
  },
  {
    path: 'politica-de-privacidad',
    module: LEGAL_MODULE,
    component: 'PrivacyPolicyRoute',
    guard: 'public',
    view: 'Política de privacidad',
  },
];
