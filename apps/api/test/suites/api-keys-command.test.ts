/**
 * The `api-keys` command (scripts/api-keys.ts) on a real database: `add` answers the secret alone on
 * its standard output (the rest on the error output), and the key calls the integration area with
 * it; `list` shows every key without its secret; `revoke` by id or by prefix refuses the key's next
 * call. Each change audited without a staff member; a wrong command line or input is refused.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../src/context.ts';
import { apiKeys, auditLog } from '../../src/db/schema.ts';
import {
  type ApiKeysCommand,
  parseApiKeysCommand,
  runApiKeysCommand,
} from '../../src/integration/api-keys-command.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

function apiKeysCommandSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the api-keys command on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
    });
    afterAll(() => server?.close());

    async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
      const command = parseApiKeysCommand(argv);
      if (!command) throw new Error(`not a command: ${argv.join(' ')}`);
      const out: string[] = [];
      const err: string[] = [];
      const code = await runApiKeysCommand(context, command as ApiKeysCommand, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out, err };
    }

    const me = (secret: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/v1/integration/me',
        headers: { authorization: `Bearer ${secret}` },
      });

    const auditOf = (id: number) =>
      server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'api_key'), eq(auditLog.objectId, String(id))))
        .orderBy(asc(auditLog.id));

    it('reads its command line, and refuses a wrong one', () => {
      expect(parseApiKeysCommand(['add', 'SAP B1', 'orders,documents'])).toEqual({
        kind: 'add',
        name: 'SAP B1',
        scopes: ['orders', 'documents'],
      });
      expect(parseApiKeysCommand(['--', 'add', 'ERP', 'stock, catalogue,', '--rate', '120'])).toEqual({
        kind: 'add',
        name: 'ERP',
        scopes: ['stock', 'catalogue'],
        ratePerMinute: 120,
      });
      expect(parseApiKeysCommand(['list'])).toEqual({ kind: 'list' });
      expect(parseApiKeysCommand(['revoke', 'bk_3f9a1c'])).toEqual({ kind: 'revoke', key: 'bk_3f9a1c' });
      for (const wrong of [
        [],
        ['add', 'ERP'],
        ['add', 'ERP', 'orders', 'extra'],
        ['add', 'ERP', 'orders', '--rate'],
        ['add', 'ERP', 'orders', '--rate', 'x'],
        ['add', 'ERP', 'orders', '--other'],
        ['list', 'extra'],
        ['revoke'],
        ['remove', '1'],
      ])
        expect(parseApiKeysCommand(wrong), wrong.join(' ')).toBeNull();
    });

    it('adds a key: the secret alone on stdout, the key calls with it; audited without a staff member', async () => {
      const added = await run(['add', 'SAP Business One', 'documents,orders', '--rate', '120']);
      expect(added.code, added.err.join('\n')).toBe(0);
      expect(added.out).toHaveLength(1);
      const secret = added.out[0] ?? '';
      expect(secret).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
      expect(added.err.join('\n')).toContain('"SAP Business One"');
      expect(added.err.join('\n')).not.toContain(secret);

      const called = await me(secret);
      expect(called.statusCode, called.body).toBe(200);
      expect(called.json().data.key).toMatchObject({
        name: 'SAP Business One',
        scopes: ['orders', 'documents'],
        rate_per_minute: 120,
      });
      const [row] = await server.database.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.name, 'SAP Business One'));
      expect(row?.createdBy).toBeNull();
      const [audit] = await auditOf(row?.id ?? 0);
      expect(audit).toMatchObject({ userId: null, username: null, action: 'api_key.created', before: null });
    });

    it('refuses a wrong name, scope or rate in one line, and stores nothing', async () => {
      const before = (await server.database.db.select().from(apiKeys)).length;
      const refusals: [string[], string][] = [
        [['add', 'ERP', 'orders,admin'], 'Permiso desconocido: admin'],
        [['add', 'ERP', ','], 'Elige al menos un permiso'],
        [['add', '  ', 'orders'], 'Escribe un nombre'],
        [['add', 'ERP', 'orders', '--rate', '0'], 'Entre 1 y 100.000'],
      ];
      for (const [argv, reason] of refusals) {
        const refused = await run(argv);
        expect(refused.code, argv.join(' ')).toBe(1);
        expect(refused.out, argv.join(' ')).toEqual([]);
        expect(refused.err.join('\n')).toContain(reason);
      }
      expect((await server.database.db.select().from(apiKeys)).length).toBe(before);
    });

    it('lists the keys without their secrets, and revokes one by prefix or id: its next call is a 401', async () => {
      const byPrefix = (await run(['add', 'ERP prefijo', 'stock'])).out[0] ?? '';
      const byId = (await run(['add', 'ERP id', 'catalogue'])).out[0] ?? '';
      expect((await me(byPrefix)).statusCode).toBe(200);

      const listed = await run(['list']);
      expect(listed.code).toBe(0);
      const text = listed.out.join('\n');
      expect(text).not.toContain(byPrefix);
      const line = listed.out.find((each) => each.includes('ERP prefijo')) ?? '';
      expect(line).toContain(`${byPrefix.slice(0, 10)}…`);
      expect(line).toContain('stock');
      expect(line).toMatch(/active$/);
      // Newest first.
      expect(listed.out.findIndex((each) => each.includes('ERP id'))).toBeLessThan(
        listed.out.findIndex((each) => each.includes('ERP prefijo')),
      );

      const revoked = await run(['revoke', `${byPrefix.slice(0, 10)}…`]);
      expect(revoked).toMatchObject({ code: 0, err: [] });
      expect(revoked.out[0]).toContain('Revoked');
      const refused = await me(byPrefix);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toMatch(/revocado/);
      expect((await run(['revoke', byPrefix.slice(0, 10)])).out[0]).toContain('already revoked');

      const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'ERP id'));
      expect((await run(['revoke', String(row?.id)])).code).toBe(0);
      expect((await me(byId)).statusCode).toBe(401);
      expect((await run(['list'])).out.find((each) => each.includes('ERP id'))).toMatch(/revoked \d{4}-/);
      const rows = await auditOf(row?.id ?? 0);
      expect(rows.map((each) => each.action)).toEqual(['api_key.created', 'api_key.revoked']);
      expect(rows[1]).toMatchObject({ userId: null, username: null, before: { revoked_at: null } });

      const unknown = await run(['revoke', 'bk_nadanada']);
      expect(unknown.code).toBe(1);
      expect(unknown.err.join('\n')).toContain('no single API key');
    });
  });
}

apiKeysCommandSuite(projectEngine());
