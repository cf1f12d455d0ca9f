import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@botica/source'] },
  // Vite applies top-level `resolve.conditions` to the browser environment only; tests run in SSR.
  ssr: { resolve: { conditions: ['@botica/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A throw-away PostgreSQL server for the *.postgres.test.ts files (skipped without one, outside CI).
    globalSetup: ['test/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
