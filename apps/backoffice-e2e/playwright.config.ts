import { CHROMIUM_LAUNCH_OPTIONS } from '@botica/e2e-support';
import { defineConfig, devices } from '@playwright/test';
import { API_SERVER, BACKOFFICE_DIST, PORTAL_DIST } from './tests/backoffice-build.ts';

const port = Number(process.env.E2E_PORT ?? 4330);

/**
 * End-to-end: Debian's Chromium against the real server (apps/api) on a fresh in-memory PGlite with
 * demo data, serving the built back office at /backoffice/ and the built portal at /, at desktop (1280 px) and tablet (768 px)
 * widths, the screens the laboratory's staff use.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'tablet',
      use: { ...devices['Desktop Chrome'], viewport: { width: 768, height: 1024 }, hasTouch: true },
    },
  ],
  webServer: {
    command: `node --conditions=@botica/source ${API_SERVER}`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      BACKOFFICE_DIST,
      PORTAL_DIST,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'on',
    },
    url: `http://127.0.0.1:${port}/backoffice/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
