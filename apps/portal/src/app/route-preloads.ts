/**
 * What the first visit of each page needs at once, derived from the routes' manifests (routes.ts),
 * named in its page by the server so the browser fetches it together with the entry instead of
 * after running it (vite.config.ts writes it into the build; apps/api serve-portal adds the links):
 * - `modules`: what the router loads lazily (the layouts, the session and the screen);
 * - `data`: the API GETs its first render waits for or starts at mount, exactly as the API client
 *   requests them (`:id` comes from the page's path).
 * Build-time only: the endpoint definitions stay out of the first load.
 */
import * as endpoints from '@botica/api-client/endpoints';
import { type PagePreload, pagePreloads } from '@botica/app-shell';
import { APP_MODULE, FIRST_SCREEN_PATH } from './first-load.ts';
import { PORTAL_ROUTES } from './routes.ts';

/**
 * By path, in react-router's syntax. Every page but /login's first screen waits for the router's
 * module (first-load.ts) before its own: it comes first.
 */
export const ROUTE_PRELOADS: Readonly<Record<string, PagePreload>> = Object.fromEntries(
  Object.entries(pagePreloads(PORTAL_ROUTES, endpoints)).map(([path, preload]) => [
    path,
    path === FIRST_SCREEN_PATH ? preload : { ...preload, modules: [APP_MODULE, ...preload.modules] },
  ]),
);
