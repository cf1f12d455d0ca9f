import { chromiumLaunchOptions } from '@botica/e2e-support/chromium';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Debian's Chromium, as every test browser of the repository starts (@botica/e2e-support/chromium).
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunchOptions({ headless: true }),
  }),
  instances: [{ browser: 'chromium' as const }],
});

// Workspace packages resolve to their TypeScript sources (docs/decisions/002). The rules run in Node;
// the components (`*.test.tsx`) in a real browser.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@botica/source', ...defaultServerConditions] } },
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'jotai',
      '@tanstack/react-query',
      'react-router',
    ],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test-setup.ts'],
          browser: browser(),
        },
      },
    ],
  },
});
