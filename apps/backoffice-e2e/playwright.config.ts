import { apiServer, e2eConfig, WIDTHS } from '@botica/e2e-support/config';
import { API_SERVER, BACKOFFICE_DIST, PORTAL_DIST } from './tests/backoffice-build.ts';

const port = Number(process.env.E2E_PORT ?? 4330);

/**
 * End-to-end: Debian's Chromium against the real server (apps/api) on a fresh in-memory PGlite with
 * demo data, serving the built back office at /backoffice/ and the built portal at /, at desktop
 * (1280 px) and tablet (768 px) widths, the screens the laboratory's staff use.
 */
export default e2eConfig({
  port,
  projects: [WIDTHS.desktop, WIDTHS.tablet],
  webServer: [
    apiServer({
      entry: API_SERVER,
      port,
      env: { BACKOFFICE_DIST, PORTAL_DIST },
      readyPath: '/backoffice/login',
    }),
  ],
});
