/**
 * How the portal's pages start (main.tsx, docs/decisions/028), as the build and the budgets need to
 * know it: /login paints before the router, whose module every other page waits for.
 */

/** The page painted before the router: its first load carries no router. */
export const FIRST_SCREEN_PATH = '/login';

/**
 * The module that holds the router and what it renders with (app.tsx), loaded after /login's first
 * screen, and which every other page preloads with its route's modules (route-preloads.ts).
 */
export const APP_MODULE = 'src/app/app.tsx';
