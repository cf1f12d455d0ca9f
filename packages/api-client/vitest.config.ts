import { defineConfig } from 'vitest/config';

// Workspace packages (the domain) resolve to their TypeScript sources, built or not (docs/decisions/002);
// the tests run in Node, whose resolution has its own conditions (Vite's defaults, and ours first).
// The client's type tests (`*.test-d.ts`) run through the TypeScript compiler: a wrong request or
// answer type fails `npm test`.
export default defineConfig({
  resolve: { conditions: ['@botica/source'] },
  ssr: { resolve: { conditions: ['@botica/source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['src/**/*.test.ts'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
