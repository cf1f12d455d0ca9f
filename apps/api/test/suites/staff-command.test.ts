/**
 * The `staff` command (scripts/staff.ts) on a real database: a production start's first admin without
 * touching the database. `add` creates the staff user with an unusable password, mails (and prints) the
 * link to choose it, through which he logs in to the back office's calls; `list` shows the staff;
 * `deactivate` ends his logins and sessions. Each change audited without a staff member.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStaffCommand, runStaffCommand, type StaffCommand } from '../../src/access/staff-command.ts';
import type { CoreContext } from '../../src/context.ts';
import { auditLog, salesReps, users } from '../../src/db/schema.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';
import { mailFor, secretIn } from './reset-mail.ts';

const PORTAL = 'https://pedidos.laboratorio.example';
const PASSWORD = 'Una-clave-larga-2026';

function staffSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the staff command on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalUrl: PORTAL },
      });
      context = {
        db: server.database.db,
        settings: testSettings({ portalUrl: PORTAL }),
        now: () => new Date(),
      };
    });
    afterAll(() => server?.close());

    async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
      const command = parseStaffCommand(argv);
      if (!command) throw new Error(`not a command: ${argv.join(' ')}`);
      const out: string[] = [];
      const err: string[] = [];
      const code = await runStaffCommand(context, command as StaffCommand, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out, err };
    }

    it('reads its command line, and refuses a wrong one', () => {
      expect(parseStaffCommand(['add', 'ana.admin', 'ana@lab.example', 'Ana', 'Ruiz'])).toEqual({
        kind: 'add',
        staff: {
          username: 'ana.admin',
          email: 'ana@lab.example',
          name: 'Ana Ruiz',
          role: 'admin',
          salesRepId: undefined,
        },
      });
      expect(
        parseStaffCommand([
          'add',
          'rep',
          'r@lab.example',
          'Rep',
          '--role',
          'sales_rep',
          '--sales-rep-id',
          '3',
        ]),
      ).toMatchObject({ staff: { role: 'sales_rep', salesRepId: 3 } });
      expect(parseStaffCommand(['list'])).toEqual({ kind: 'list' });
      expect(parseStaffCommand(['deactivate', 'ana.admin'])).toEqual({
        kind: 'deactivate',
        username: 'ana.admin',
      });
      for (const wrong of [
        [],
        ['add', 'ana.admin', 'ana@lab.example'],
        ['add', 'a', 'b', 'c', '--role', 'client'],
        ['add', 'a', 'b', 'c', '--sales-rep-id', 'x'],
        ['add', 'a', 'b', 'c', '--other'],
        ['list', 'extra'],
        ['deactivate'],
        ['remove', 'x'],
      ])
        expect(parseStaffCommand(wrong), wrong.join(' ')).toBeNull();
    });

    it('adds the first admin: an unusable password, the link mailed and printed, audited; he sets his password and uses the back office', async () => {
      const added = await run(['add', 'Primera.Admin', 'primera@laboratorio.example', 'Primera', 'Admin']);
      expect(added.err).toEqual([]);
      expect(added.code).toBe(0);
      const printed = added.out.join('\n');
      expect(printed).toContain(`${PORTAL}/login/reset_password?secret=`);
      expect(printed).toContain(`${PORTAL}/backoffice/`);
      const [row] = await server.database.db.select().from(users).where(eq(users.username, 'primera.admin'));
      expect(row).toMatchObject({ role: 'admin', name: 'Primera Admin', isActive: true, clientId: null });

      // No password works until he chooses one.
      const before = await new InjectSession(server.app).login('primera.admin', PASSWORD);
      expect(before.statusCode).toBe(422);

      const mail = await mailFor(server, 'primera@laboratorio.example');
      expect(mail.subject).toBe('Tu acceso al back office del portal de pedidos');
      expect(mail.text).toContain('«primera.admin»');
      expect(mail.text).toContain(`${PORTAL}/backoffice/`);
      const secret = secretIn(mail.text ?? '');
      expect(printed).toContain(secret);

      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(row?.id))));
      expect(audit).toMatchObject({
        userId: null,
        username: null,
        action: 'staff.created',
        before: null,
        after: {
          username: 'primera.admin',
          role: 'admin',
          email: 'primera@laboratorio.example',
          is_active: true,
        },
      });

      // The portal's reset page's calls take his link, and he logs in to the back office's calls.
      const browser = new InjectSession(server.app);
      await browser.csrf();
      const checked = await browser.request('POST', '/api/v1/password/check_reset', { payload: { secret } });
      // The page learns he logs in to the back office, not to the portal (which refuses staff).
      expect(checked.json()).toEqual({
        valid: true,
        purpose: expect.any(String),
        username: 'primera.admin',
        login_path: '/backoffice/login',
      });
      const reset = await browser.request('POST', '/api/v1/password/reset', {
        payload: { secret, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const admin = new InjectSession(server.app);
      expect((await admin.login('primera.admin', PASSWORD)).statusCode).toBe(200);
      expect((await admin.request('GET', '/api/v1/admin/configuration')).statusCode).toBe(200);
    });

    it('adds a sales rep linked to his rep’s row, and refuses what is wrong', async () => {
      const [rep] = await server.database.db.select().from(salesReps).limit(1);
      const added = await run([
        'add',
        'rep.nuevo',
        'rep.nuevo@laboratorio.example',
        'Rep Nuevo',
        '--role',
        'sales_rep',
        '--sales-rep-id',
        String(rep?.id),
      ]);
      expect(added.code, added.err.join('\n')).toBe(0);
      const [row] = await server.database.db.select().from(users).where(eq(users.username, 'rep.nuevo'));
      expect(row).toMatchObject({ role: 'sales_rep', salesRepId: rep?.id });

      const refusals: [string[], string][] = [
        [['add', 'primera.admin', 'otra@laboratorio.example', 'Otra'], 'a user already has that username'],
        [['add', 'x', 'x@laboratorio.example', 'Equis'], 'the username must be 3 to 50 characters'],
        [['add', 'sin.correo', 'no-es-un-correo', 'Sin'], 'the e-mail address is not valid'],
        [
          [
            'add',
            'rep.perdido',
            'p@laboratorio.example',
            'P',
            '--role',
            'sales_rep',
            '--sales-rep-id',
            '999999',
          ],
          'no sales rep with that id',
        ],
        [
          ['add', 'admin.rep', 'a@laboratorio.example', 'A', '--sales-rep-id', String(rep?.id)],
          'for the role sales_rep only',
        ],
      ];
      for (const [argv, reason] of refusals) {
        const refused = await run(argv);
        expect(refused.code, argv.join(' ')).toBe(1);
        expect(refused.err.join('\n')).toContain(reason);
      }
      const names = (await server.database.db.select({ username: users.username }).from(users)).map(
        (each) => each.username,
      );
      for (const never of ['x', 'sin.correo', 'rep.perdido', 'admin.rep']) expect(names).not.toContain(never);
    });

    it('lists the staff, and deactivates one: no login, his session ended, audited', async () => {
      const listed = await run(['list']);
      expect(listed.code).toBe(0);
      expect(
        listed.out.some((line) => line.startsWith('primera.admin  admin') && line.endsWith('active')),
      ).toBe(true);
      expect(listed.out.some((line) => line.startsWith('rep.nuevo  sales_rep (sales rep'))).toBe(true);
      expect(listed.out.join('\n')).not.toContain('farmacia.demo');

      const rep = new InjectSession(server.app);
      // Without his password yet: give him one through his link.
      const mail = await mailFor(server, 'rep.nuevo@laboratorio.example');
      await rep.csrf();
      await rep.request('POST', '/api/v1/password/reset', {
        payload: { secret: secretIn(mail.text ?? ''), password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect((await rep.login('rep.nuevo', PASSWORD)).statusCode).toBe(200);
      expect((await rep.request('GET', '/api/v1/user')).statusCode).toBe(200);

      const done = await run(['deactivate', 'rep.nuevo']);
      expect(done).toMatchObject({ code: 0 });
      expect((await rep.request('GET', '/api/v1/user')).statusCode).toBe(401);
      expect((await new InjectSession(server.app).login('rep.nuevo', PASSWORD)).statusCode).toBe(422);
      expect((await run(['deactivate', 'rep.nuevo'])).out).toEqual(['rep.nuevo was already inactive.']);
      const unknown = await run(['deactivate', 'farmacia.demo']);
      expect(unknown.code).toBe(1);
      expect(unknown.err.join('\n')).toContain('no staff user');

      const [row] = await server.database.db.select().from(users).where(eq(users.username, 'rep.nuevo'));
      const rows = await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.objectType, 'user'),
            eq(auditLog.objectId, String(row?.id)),
            eq(auditLog.action, 'staff.deactivated'),
          ),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: null,
        before: { is_active: true },
        after: { is_active: false },
      });
    });
  });
}

staffSuite(projectEngine());
