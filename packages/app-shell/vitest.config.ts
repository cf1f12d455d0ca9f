import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Debian's Chromium (docs/decisions/001-toolchain.md): never Playwright's own download.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  }),
  instances: [{ browser: 'chromium' as const }],
});

// Workspace packages resolve to their TypeScript sources (docs/decisions/002). The rules and state
// transitions run in Node; the hooks and components (`*.test.tsx`) in a real browser.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@botica/source', ...defaultServerConditions] } },
  optimizeDeps: {
    include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-router', 'jotai'],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
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
