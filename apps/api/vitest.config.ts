import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './test/interleaved-sequencer.ts';

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
    // Vitest's default on a 2-core machine is one worker, and a PostgreSQL file spends most of its
    // time waiting on the server: three workers, the files dealt out one project at a time, keep
    // both cores busy. Each file has its own database (an in-memory PGlite or a new PostgreSQL one).
    maxWorkers: 3,
    // The summary as it runs, and every file's and test's duration in .vitest/report.json for finding the slow ones.
    reporters: ['default', ['json', { outputFile: '.vitest/report.json' }]],
    sequence: { sequencer: InterleavedSequencer },
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
