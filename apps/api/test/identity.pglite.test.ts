/**
 * The laboratory's identity is the installation's configuration (`LAB_*`): a server started with a
 * laboratory other than the demo one issues its invoices, its e-mails, the portal's pages (whose
 * footer and legal pages read the identity the page names) and `GET /api/v1/laboratory` in that
 * laboratory's name, and none of them carries the demo laboratory's CIF or name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoicesResponse } from '@botica/api-client/schemas';
import { DEMO_LABORATORY } from '@botica/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/demo-data/index.ts';
import { DEFAULT_PORTAL_DIST, loadSettings, testSettings } from '../src/settings/settings.ts';
import { OTHER_LABORATORY_ENV } from '../src/testing/other-laboratory.ts';
import { pdfText } from '../src/testing/pdf-text.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';
import { mailFor } from './suites/reset-mail.ts';

const IDENTITY = { ...OTHER_LABORATORY_ENV, PORTAL_URL: 'https://pedidos.herbolab.example' };

const isPortalBuilt = existsSync(join(DEFAULT_PORTAL_DIST, 'index.html'));

describe("a start with the laboratory's own identity", () => {
  let server: TestServer;
  const configured = loadSettings(IDENTITY);

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      listen: false,
      products: 50,
      settings: {
        identity: configured.identity,
        laboratory: configured.laboratory,
        portalUrl: configured.portalUrl,
        mail: { ...testSettings().mail, from: configured.mail.from },
        portalDist: DEFAULT_PORTAL_DIST,
      },
    });
  });
  afterAll(() => server?.close());

  const expectOwnIdentity = (text: string, fields: string[]) => {
    for (const field of fields) expect(text).toContain(field);
    expect(text).not.toContain(DEMO_LABORATORY.taxId);
    expect(text).not.toContain(DEMO_LABORATORY.legalName);
  };

  it('issues its invoices in its name', async () => {
    const session = new InjectSession(server.app);
    expect((await session.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
    const { id: clientId } = JSON.parse((await session.request('GET', '/api/v1/user')).body).client as {
      id: number;
    };
    const invoices = JSON.parse(
      (await session.request('GET', `/api/v1/clients/${clientId}/invoices`)).body,
    ) as InvoicesResponse;
    const url = new URL(invoices.data[0]?.pdf_url ?? '', 'http://x');
    const pdf = await session.request('GET', url.pathname);
    expect(pdf.statusCode).toBe(200);
    expectOwnIdentity(await pdfText(pdf.rawPayload), [
      'Herbolab Farma, S.A.',
      'A28000008',
      'Avenida de la Industria, 4',
    ]);
  });

  it('writes its e-mails in its name, from its sales administration', async () => {
    const session = new InjectSession(server.app);
    await session.csrf();
    const sent = await session.request('POST', '/api/v1/password/send_reset', {
      payload: { username: DEMO_ACCOUNTS.norte },
    });
    expect(sent.statusCode).toBe(202);
    const [user] = await server.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.username, DEMO_ACCOUNTS.norte));
    const mail = await mailFor(server, user?.email ?? '');
    expectOwnIdentity(`${mail.text}\n${mail.html}`, ['Herbolab Farma, S.A.', 'pedidos@herbolab.example']);
    expect(mail.text).toContain('https://pedidos.herbolab.example/login/reset_password?secret=');
  });

  it('serves its identity to the portal: in every page and at GET /api/v1/laboratory', async () => {
    const served = JSON.parse((await server.app.inject({ url: '/api/v1/laboratory' })).body);
    expect(served).toEqual({ ...configured.identity });
    expect(served).toMatchObject({ legalName: 'Herbolab Farma, S.A.', taxId: 'A28000008', isDemo: false });
    if (!isPortalBuilt) return;
    for (const path of ['/login', '/aviso-legal', '/politica-de-privacidad']) {
      const page = await server.app.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      const meta = /<meta name="botica-laboratory" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
      const named = JSON.parse(
        meta.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&'),
      );
      expect(named).toEqual(served);
      expect(page.body).not.toContain(DEMO_LABORATORY.taxId);
    }
  });
});
