import { defineConfig } from 'vitest/config';

// Workspace packages (the domain) resolve to their TypeScript sources, built or not (docs/decisions/002);
// the tests run in Node, whose resolution has its own conditions (Vite's defaults, and ours first).
export default defineConfig({
  resolve: { conditions: ['@botica/source'] },
  ssr: { resolve: { conditions: ['@botica/source', 'module', 'node', 'development|production'] } },
  test: { include: ['src/**/*.test.ts'] },
});
