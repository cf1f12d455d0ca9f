import { routePreloads } from '@botica/app-shell/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { PAGE_PATHS } from './src/app/page-paths.ts';
import { ROUTE_PRELOADS } from './src/app/route-preloads.ts';
import { STAFF_LAB_NAME } from './src/shared/paths.ts';

const apiTarget = process.env.BOTICA_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  // Served by the API beside the portal, on the same origin, under its own path.
  base: '/backoffice/',
  // react-aria ships its strings in ~34 languages; the back office is Spanish only.
  plugins: [
    optimizeLocales.vite({ locales: ['es-ES'] }),
    react(),
    routePreloads(ROUTE_PRELOADS, PAGE_PATHS, { headerLabName: STAFF_LAB_NAME }),
  ],
  // Workspace packages resolve to their TypeScript sources (docs/decisions/002).
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  server: {
    port: 5174,
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
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger files (over HTTP/1.1 a page waits a round trip per file a connection serves).
        codeSplitting: {
          groups: [
            // Everything the login page loads besides the entry, in one file.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // What every staff page loads: the staff's layout, the session and the admin API client
            // (with its schemas), the query layer; the login page shows without it (router.tsx).
            {
              name: 'staff',
              test: /[\\/](src[\\/](app[\\/]staff-layout|features[\\/]auth[\\/]session|shared[\\/]api)|packages[\\/](api-client|app-shell[\\/]src[\\/](session|query))[\\/]|node_modules[\\/]\.pnpm[\\/](ky|zod|@tanstack[+]query-core|@tanstack[+]react-query)@)/,
              priority: 2,
            },
            // react-aria's core and the shared pieces of `@botica/ui` that most staff screens render
            // (the table, the buttons, the fields, the dialogs' base): one file instead of a dozen
            // small ones, each a round trip over HTTP/1.1 before the screen could show.
            {
              name: 'screens',
              test: /[\\/](node_modules[\\/]\.pnpm[\\/](react-aria|react-aria-components|react-stately|@internationalized[+][a-z]+|@react-aria[+][a-z-]+|@react-stately[+][a-z-]+)@|packages[\\/]ui[\\/]src[\\/])/,
              minShareCount: 4,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
