import { apiServer, e2eConfig, WIDTHS } from '@botica/e2e-support/config';
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
export default e2eConfig({
  port,
  projects: [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.phone],
  // The mail server first, so the API's sender finds it.
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
    apiServer({
      entry: API_SERVER,
      port,
      env: {
        PORTAL_DIST,
        // Real SMTP to the test mail server; links in the messages lead to this run's portal.
        SMTP_URL: `smtp://127.0.0.1:${mail.smtp}`,
        PORTAL_URL: `http://127.0.0.1:${port}`,
        // The route that commits a message nudges the sender at once; the poll is only the fallback.
        MAIL_POLL_MS: '200',
      },
      readyPath: '/',
    }),
  ],
});
