import { CHROMIUM_LAUNCH_OPTIONS } from '@botica/e2e-support';
import { defineConfig, devices } from '@playwright/test';
import { e2eMailPorts } from './tests/mail.ts';
import { API_SERVER, PORTAL_DIST } from './tests/portal-build.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const mail = e2eMailPorts(port);

/**
 * End-to-end: Debian's Chromium against the real server (apps/api) on a fresh in-memory PGlite with
 * demo data, serving the built portal on one origin, at desktop (1280 px), tablet (768 px) and phone
 * (360 px) widths. The server sends its e-mail over SMTP to a test mail server (tests/smtp-sink.ts) on
 * the two ports after `E2E_PORT`, which the specs read back (tests/mail.ts).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Correctness, not speed: a loaded 2-core CI machine stretches the longest journeys past a minute.
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
    // A phone's width and touch, without `isMobile`: Chromium's mobile emulation widens the layout
    // viewport to whatever overflows (a 428 px page at 360 px reads innerWidth 428), which would hide
    // the very overflow responsive.spec.ts looks for.
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, hasTouch: true },
    },
  ],
  // Started in this order (the mail server first, so the API's sender finds it) and stopped in reverse.
  webServer: [
    {
      name: 'smtp',
      command: `node tests/smtp-sink.ts --smtp-port ${mail.smtp} --http-port ${mail.http}`,
      url: `http://127.0.0.1:${mail.http}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'api',
      command: `node --conditions=@botica/source ${API_SERVER}`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        PORTAL_DIST,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'on',
        // Real SMTP to the test mail server; links in the messages lead to this run's portal.
        SMTP_URL: `smtp://127.0.0.1:${mail.smtp}`,
        PORTAL_URL: `http://127.0.0.1:${port}`,
        // The route that commits a message nudges the sender at once; the poll is only the fallback.
        MAIL_POLL_MS: '200',
      },
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
