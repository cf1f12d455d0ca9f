/**
 * Every page of the portal, in react-router's syntax, derived from the routes' manifests
 * (routes.ts). The build hands the list to the server (vite-plugins.ts), which answers any other
 * path with the SPA's 404 page and a real 404 status.
 */
import { pagePaths } from '@botica/app-shell';
import { PORTAL_ROUTES } from './routes.ts';

export const PAGE_PATHS: readonly string[] = pagePaths(PORTAL_ROUTES);
