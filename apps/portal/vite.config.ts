import { routePreloads } from '@botica/app-shell/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress, trustPageLocale } from './scripts/vite-plugins.ts';
import { PAGE_PATHS } from './src/app/page-paths.ts';
import { ROUTE_PRELOADS } from './src/app/route-preloads.ts';

const apiTarget = process.env.BOTICA_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  // react-aria ships its strings in ~34 languages; the portal is Spanish only.
  plugins: [
    optimizeLocales.vite({ locales: ['es-ES'] }),
    react(),
    trustPageLocale(),
    // The header's first paint (AppHeader's default lab name, the client layout's).
    routePreloads(ROUTE_PRELOADS, PAGE_PATHS, { headerLabName: 'Botica' }),
    precompress(),
  ],
  // Workspace packages resolve to their TypeScript sources (docs/decisions/002).
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    // The dev server talks to the API on the same origin, as production does.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sanctum': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2023',
    manifest: true,
    sourcemap: true,
    // One stylesheet for every screen (about 11 KB compressed), cached for a year: a route's own
    // styles were under 600 bytes each, and over HTTP/1.1 a render-blocking request of its own
    // cost the first paint a connection and a round trip (docs/decisions/006).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger files: over HTTP/1.1 a page waits a round trip per file its connection
        // serves, and a screen needed a dozen small shared chunks.
        codeSplitting: {
          groups: [
            // Everything /login's first screen loads besides the entry, in one file.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The router and what it renders with (src/app/app.tsx and its static imports: react-router,
            // jotai, the route table, the root shell, the first pages' layouts, the login page, the error
            // pages): loaded after /login's first screen, and by every other page with the entry, whose
            // page names it (route-preloads.ts). One file, as the first load was (docs/decisions/028).
            { name: 'router', test: /[\\/]src[\\/]app[\\/]app\.tsx$/, priority: 2.9 },
            // react-aria's core, which every screen with its controls shares (the client layout, the
            // dialogs, the search, the toasts): out of the entry, whose first load it would slow
            // (docs/decisions/006), and out of the client chunk, which the light dialogs do not need.
            // With it what the access pages share with the client layout (the react-aria scope, links,
            // buttons, field labels, the access answers' sentences): left to the client group, which
            // takes its modules' dependencies too, they made those pages load and run the API client
            // and the layout to show a form. And the domain's date formats, which the legal pages show
            // (a document's date) and, left to the client group, made them load the API client too.
            {
              name: 'aria',
              test: /[\\/](node_modules[\\/]\.pnpm[\\/](react-aria|react-aria-components|react-stately|@internationalized[+][a-z]+)@|packages[\\/](app-shell[\\/]src[\\/]navigation[\\/]aria-scope|ui[\\/]src[\\/](link[\\/]|button[\\/]|internal[\\/]field-parts)|api-client[\\/]src[\\/]schemas[\\/]access-messages|domain[\\/]src[\\/]dates))/,
              minShareCount: 4,
              priority: 2.5,
            },
            // What every logged-in screen loads: the layout, the session, the API client, the cart; and
            // the layout of the pages open to anyone, which asks the session (no file of its own).
            {
              name: 'client',
              test: /[\\/](src[\\/](app[\\/]layouts[\\/](default|visitor)-layout|shared[\\/]api|features[\\/](auth[\\/]session|cart[\\/]cart[.-](atoms|loading|environment)))|packages[\\/]app-shell[\\/]src[\\/]session[\\/](session|unauthorised)|packages[\\/]api-client[\\/]|node_modules[\\/]\.pnpm[\\/](ky|zod)@)/,
              priority: 2,
            },
            // TanStack Query and the query layer, which every screen that reads the server shares: one
            // file, not one per hook.
            {
              name: 'query',
              test: /[\\/](node_modules[\\/]\.pnpm[\\/]@tanstack[+]|packages[\\/]app-shell[\\/]src[\\/]query[\\/])/,
              priority: 2,
            },
            // The forms' shared pieces: react-aria's form wrapper and the access rules (passwords, the
            // username, a registration's fields, tax ids), which every form that checks them loads with
            // it. In a file of their own they were one more request for those pages; in the first
            // load, where the footer's phone format once pulled them, 2 KB more for every page.
            {
              name: 'form',
              test: /packages[\\/](ui[\\/]src[\\/]form[\\/]form\.tsx|domain[\\/]src[\\/](access|tax-id)\.ts)/,
              priority: 1,
            },
            // The product and quantity pieces the screens share (cards, the grid and its cart wiring, stepper,
            // placeholders) and the lists' pagination and select.
            {
              name: 'screens',
              test: /[\\/](packages[\\/]ui[\\/]src[\\/](product-grid|product-card|empty-state|skeleton|quantity-input|icon-button|price|stock-badge|internal|pagination|native-select)[\\/]|src[\\/]features[\\/](search[\\/]product-search|cart[\\/]cart-product-grid))/,
              priority: 1,
            },
            // What the training pages share (their layout, formats, cards and queries): one file
            // instead of four to six small ones, each a round trip before the page could show. A
            // page's own route module stays apart.
            {
              name: 'training',
              test: /[\\/]src[\\/]features[\\/]training[\\/](?!.*-route\.tsx$)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
