import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@botica/e2e-support/chromium';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Debian's Chromium, as every test browser of the repository starts (@botica/e2e-support/chromium).
// A function: Vitest writes into the browser options, so each project needs its own object.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunchOptions({ headless: true }),
  }),
  instances: [{ browser: 'chromium' as const }],
});

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@botica/source', ...defaultClientConditions] },
  optimizeDeps: {
    include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-aria-components'],
  },
  test: {
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        test: { name: 'stories', browser: browser() },
      },
      {
        extends: true,
        test: {
          name: 'interaction',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test-setup.ts'],
          browser: browser(),
        },
      },
    ],
  },
});
