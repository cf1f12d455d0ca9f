/** The news, public, under the training layout (its sub-menu names them beside the training pages). */
import type { PortalRoute } from '../auth/routes.ts';

export const newsRoutes: readonly PortalRoute[] = [
  { path: 'noticias/:id?', module: 'src/features/news/news-route.tsx', guard: 'public', view: 'Noticias' },
];
