/** Each page's lazy modules and API data, for the server to name in the page (vite.config.ts). */
import { adminEndpoints } from '@botica/api-client/admin';
import { type PagePreload, pagePreloads } from '@botica/app-shell';
import { BACKOFFICE_ROUTES } from './routes.ts';

export const ROUTE_PRELOADS: Readonly<Record<string, PagePreload>> = pagePreloads(
  BACKOFFICE_ROUTES,
  adminEndpoints,
);
