import { defineConfig } from 'vitest/config';

/** The suites written once for both databases (test/suites/engine.ts); each project below runs them all. */
const SUITES = 'test/suites/*.test.ts';

export default defineConfig({
  resolve: { conditions: ['@botica/source'] },
  // Vite applies top-level `resolve.conditions` to the browser environment only; tests run in SSR.
  ssr: { resolve: { conditions: ['@botica/source'] } },
  test: {
    // A throw-away PostgreSQL server, started once for every project (skipped without one, outside CI).
    globalSetup: ['test/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/*.test.ts'],
        },
      },
      { test: { name: 'pglite', include: [SUITES], provide: { engine: 'pglite' } } },
      { test: { name: 'postgres', include: [SUITES], provide: { engine: 'postgres' } } },
    ],
  },
});
