import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (docs/decisions/002).
export default defineConfig({
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@botica/source', ...defaultServerConditions] } },
  test: { include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] },
});
