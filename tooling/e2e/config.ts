/**
 * The frontends' end-to-end configurations share one shape: Debian's Chromium against the real
 * server (apps/api) on a fresh in-memory PGlite with demo data, one worker (the specs share that
 * server's data), Spanish and Madrid's clock, and the widths people use. Each suite adds its widths
 * and what its server serves.
 */
import { defineConfig, devices, type PlaywrightTestConfig, type Project } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>[number];

/** The widths: a laptop's, a tablet's and a phone's (with touch). */
export const WIDTHS = {
  desktop: { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  tablet: {
    name: 'tablet',
    use: { ...devices['Desktop Chrome'], viewport: { width: 768, height: 1024 }, hasTouch: true },
  },
  // A phone's width and touch, without `isMobile`: Chromium's mobile emulation widens the layout
  // viewport to whatever overflows (a 428 px page at 360 px reads innerWidth 428), which would hide
  // the very overflow a responsive check looks for.
  phone: {
    name: 'phone',
    use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, hasTouch: true },
  },
} as const satisfies Record<string, Project>;

/**
 * The API server of a run: `apiServer` (the repo's server entry, run from its TypeScript) on `port`
 * of 127.0.0.1 with an in-memory database and the demo data, plus `env`; ready once `readyPath`
 * answers.
 */
export function apiServer({
  entry,
  port,
  env,
  readyPath,
}: {
  entry: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
}): WebServer {
  return {
    name: 'api',
    command: `node --conditions=@botica/source ${entry}`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'on',
      ...env,
    },
    url: `http://127.0.0.1:${port}${readyPath}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  };
}

/** A suite's configuration: its port, its widths and its servers (started in order, stopped in reverse). */
export function e2eConfig({
  port,
  projects,
  webServer,
}: {
  port: number;
  projects: Project[];
  webServer: WebServer[];
}): PlaywrightTestConfig {
  return defineConfig({
    testDir: './tests',
    fullyParallel: false,
    workers: 1,
    retries: 0,
    forbidOnly: Boolean(process.env.CI),
    // Correctness, not speed: a loaded 2-core CI machine stretches the longest journeys past a minute.
    timeout: 120_000,
    expect: { timeout: 10_000 },
    // The list as it runs, and every test's duration in test-results/report.json for finding the slow ones.
    reporter: [['list'], ['json', { outputFile: 'test-results/report.json' }]],
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      // Every test records its trace and keeps it only if it fails: without the screencast's frames (a
      // JPEG of the page many times a second, encoded on the shared CPU), a failure's trace still has
      // each action's DOM snapshot, the network and the console.
      trace: { mode: 'retain-on-failure', screenshots: false },
      launchOptions: chromiumLaunchOptions(),
    },
    projects,
    webServer,
  });
}
