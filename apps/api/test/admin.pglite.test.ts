/**
 * The back office's area (`/api/v1/admin/…`) on its own client entry: only the laboratory's staff
 * may call it (401 without a session, 403 for a pharmacy or a sales rep), and its first endpoint lists
 * the registration requests made on the web.
 */
import { CookieJar, createApiClient } from '@botica/api-client';
import { createAdminClient } from '@botica/api-client/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { failure } from './helpers.ts';

describe('the back office area', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  /** The portal's client and the back office's, sharing one session. */
  async function clients(username?: string) {
    const jar = new CookieJar();
    const api = createApiClient({ baseUrl: server.url, cookies: 'jar', jar });
    if (username) await api.auth.login({ username, password: DEMO_PASSWORD });
    return { api, admin: createAdminClient({ baseUrl: server.url, cookies: 'jar', jar }) };
  }

  it('refuses anyone but the laboratory’s staff', async () => {
    expect((await failure((await clients()).admin.registrations.list())).status).toBe(401);
    for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.comercial]) {
      const refused = await failure((await clients(username)).admin.registrations.list());
      expect([refused.status, refused.message]).toEqual([
        403,
        'Este acceso no está disponible para tu usuario.',
      ]);
    }
  });

  it('lists the registration requests: the pending ones, or all', async () => {
    const { api } = await clients();
    await api.access.register({
      username: 'farmacia.nueva',
      cif: 'B12345674',
      pharmacy_name: 'Farmacia Nueva',
      email: 'nueva@farmacia.example',
      phone: '912 345 678',
      postal_code: '28001',
      privacy_accepted: true,
    });
    const { admin } = await clients('admin.demo');
    const pending = await admin.registrations.list();
    expect(pending.data).toEqual([
      expect.objectContaining({
        status: 'pending',
        pharmacy_name: 'Farmacia Nueva',
        username: 'farmacia.nueva',
        decided_at: null,
        client_id: null,
      }),
    ]);
    expect((await admin.registrations.list({ status: 'all' })).data.length).toBeGreaterThanOrEqual(1);
  });
});
