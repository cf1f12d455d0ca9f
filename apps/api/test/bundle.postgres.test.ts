/**
 * The production bundle (scripts/bundle.ts), as a laboratory's operations team runs it, built once
 * into a temporary folder: an empty PostgreSQL database migrated with its own `node migrate.js`, the
 * sample CSV files imported with `node import-csv.js`, the server started with plain `node server.js`
 * (no export condition, no demo data, NODE_ENV=production) with a real SMTP server, a pharmacy that
 * registers on the web, approved with `node registrations.js`, sets its password from the e-mail's
 * link and sends an order; the order rules changed with `node configurations.js` while it runs. No
 * SQL by hand anywhere. Then what production refuses: each silent fallback, and a database it cannot
 * use, told in one line. Needs the builds of the workspace packages and the portal (turbo's `test` of
 * this package depends on them); without them it is skipped, except in CI.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { cifFor } from '../src/demo-data/tax-ids.ts';
import { OTHER_LABORATORY_ENV } from '../src/testing/other-laboratory.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import { exited } from '../src/testing/server-process.ts';
import { startSmtpTestServer, type TestSmtpServer } from '../src/testing/smtp-test-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(apiRoot, '..', '..');
const isBuilt = ['packages/domain/dist', 'packages/api-client/dist', 'apps/portal/dist/index.html'].every(
  (path) => existsSync(join(repoRoot, path)),
);
if (!isBuilt) {
  const message =
    'the bundle test needs the builds (turbo run build --filter=@botica/api... --filter=@botica/portal)';
  if (process.env.CI) throw new Error(message);
  console.warn(`\n[botica-api] Skipped: ${message}.\n`);
}

const PORTAL_URL = 'https://portal.farmacia-ejemplo.example';
const USERNAME = 'farmacia.produccion';
const PASSWORD = 'Produccion-2026-segura';
const TAX_ID = cifFor('B', 8_765_432);
/** The laboratory's own identity: production refuses to start in the demo laboratory's name. */
const IDENTITY = OTHER_LABORATORY_ENV;

/** The environment of a production start: this process's, minus anything that would change it. */
function productionEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(NODE_ENV|NODE_OPTIONS|VITEST.*|DEMO_DATA|PORTAL_DIST|DATA_DIR|LOG_FORMAT|LOG_LEVEL|SEED.*|DATABASE_URL|SMTP_URL|PORTAL_URL|MAIL_.*|ALLOW_.*|LAB_.*)$/.test(
        name,
      )
    )
      delete env[name];
  }
  return { ...env, ...extra };
}

/** Cookies kept across requests, as a browser keeps them. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}

/** A browser's session against the running bundle: cookies, and the CSRF token on every POST. */
function browser(base: string) {
  const jar = new CookieJar();
  return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', cookie: jar.header() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = jar.get('XSRF-TOKEN');
    if (method === 'POST' && token) headers['x-xsrf-token'] = decodeURIComponent(token);
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.take(response);
    return response;
  };
}

describe.skipIf(isUnavailable('postgres') || !isBuilt)('the production bundle', () => {
  let folder = '';
  let bundle = '';
  const name = `botica_bundle_${process.pid}_${Date.now()}`;
  let databaseUrl = '';
  let smtp: TestSmtpServer | undefined;
  let server: ChildProcess | undefined;
  let output = '';

  const adminQuery = async (text: string) => {
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };

  /** The settings of this laboratory's production: its database, its mail server, its portal. */
  const production = (extra: Record<string, string> = {}) =>
    productionEnvironment({
      ...IDENTITY,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp?.url ?? '',
      PORTAL_URL,
      MAIL_POLL_MS: '200',
      ...extra,
    });

  /**
   * Runs one of the bundle's commands, as an operator would: `node <file> …` in its folder. Not
   * `spawnSync`: the test's SMTP server answers from this process's event loop.
   */
  const run = (file: string, args: string[], env = production()) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [file, ...args], {
        cwd: bundle,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  type Run = Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'botica-bundle-'));
    bundle = join(folder, 'botica');
    const built = spawnSync(process.execPath, ['scripts/bundle.ts', '--out', bundle], {
      cwd: apiRoot,
      encoding: 'utf8',
    });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);

    await adminQuery(`create database ${name}`);
    const url = new URL(postgresUrl());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    smtp = await startSmtpTestServer();
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await smtp?.close();
    if (databaseUrl) await adminQuery(`drop database if exists ${name} with (force)`);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('holds the server, every operations command, the migrations, the built portal and production dependencies only', () => {
    for (const file of [
      'server.js',
      'migrate.js',
      'import-csv.js',
      'registrations.js',
      'configurations.js',
      'staff.js',
      'import-samples/productos.csv',
      'package.json',
      'src/server.ts',
      'drizzle/meta/_journal.json',
    ])
      expect(existsSync(join(bundle, file)), file).toBe(true);
    expect(existsSync(join(bundle, 'portal', 'index.html'))).toBe(true);
    expect(existsSync(join(bundle, 'src', 'testing'))).toBe(false);
    expect(existsSync(join(bundle, 'test'))).toBe(false);
    const installed = readdirSync(join(bundle, 'node_modules', '.pnpm'));
    for (const tool of ['vitest', 'typescript', 'drizzle-kit', 'autocannon', 'fast-check', 'vite', 'react'])
      expect(
        installed.filter((entry) => entry.startsWith(`${tool}@`)),
        tool,
      ).toEqual([]);
    // Nothing production never loads: the embedded database (PostgreSQL runs it), type declarations.
    expect(installed.filter((entry) => /^(@electric-sql\+pglite|@types\+)/.test(entry))).toEqual([]);
    expect(existsSync(join(bundle, 'node_modules', '@electric-sql'))).toBe(false);
    expect(JSON.parse(readFileSync(join(bundle, 'package.json'), 'utf8')).dependencies).not.toHaveProperty(
      '@electric-sql/pglite',
    );
    // The workspace packages arrive as their built output, not their sources.
    expect(existsSync(join(bundle, 'node_modules', '@botica', 'domain', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(bundle, 'node_modules', '@botica', 'domain', 'src'))).toBe(false);
    // Of DejaVu's fonts, the two the PDFs use.
    expect(readdirSync(join(bundle, 'node_modules', 'dejavu-fonts-ttf', 'ttf')).sort()).toEqual([
      'DejaVuSans-Bold.ttf',
      'DejaVuSans.ttf',
    ]);
    const scripts = (JSON.parse(readFileSync(join(bundle, 'package.json'), 'utf8')) as { scripts: object })
      .scripts;
    expect(scripts).toMatchObject({
      registrations: 'node registrations.js',
      configurations: 'node configurations.js',
      staff: 'node staff.js',
    });
  });

  it('takes an order from a pharmacy registered on the web, on an empty database, with its own commands only', async () => {
    const migrate = await run('migrate.js', []);
    expect(migrate.status, `${migrate.stdout}\n${migrate.stderr}`).toBe(0);
    expect(migrate.stdout).toContain('is up to date');

    // The order rules have their first values from the migrations.
    const rules = await run('configurations.js', ['list']);
    expect(rules.status, rules.stderr).toBe(0);
    expect(rules.stdout).toMatch(/^maximum_purchase_per_month = 10000 .*\norder_minimum_amount = 0 /m);

    // The laboratory's real catalogue and clients arrive through the bundle's own import command.
    for (const [kind, file] of [
      ['categories', 'categorias.csv'],
      ['products', 'productos.csv'],
      ['discount-groups', 'grupos-descuento.csv'],
      ['special-prices', 'precios-especiales.csv'],
      ['sales-reps', 'comerciales.csv'],
      ['clients', 'clientes.csv'],
      ['users', 'usuarios.csv'],
    ] as const) {
      const imported = await run('import-csv.js', [kind, `import-samples/${file}`]);
      expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['server.js'], {
      cwd: bundle,
      env: production({ PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let ready = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      if (server.exitCode !== null) break;
      ready = await fetch(`${base}/readyz`)
        .then((response) => response.status)
        .catch(() => 0);
      if (ready === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready, output).toBe(200);
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('&quot;taxId&quot;:&quot;A28000008&quot;');

    // A pharmacy asks to join on the web.
    const visitor = browser(base);
    expect((await visitor('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    // No demo data: the demo accounts do not exist.
    expect(
      (await visitor('POST', '/api/v1/auth/login', { username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD }))
        .status,
    ).toBe(422);
    const registered = await visitor('POST', '/api/v1/register', {
      username: USERNAME,
      cif: TAX_ID,
      pharmacy_name: 'Farmacia Producción',
      email: 'compras@farmacia-produccion.example',
      phone: '912 345 679',
      postal_code: '28013',
      privacy_accepted: true,
    });
    expect(registered.status, await registered.clone().text()).toBe(202);

    // The sales administration decides with the bundle's command; the notice tells it which one.
    const listed = await run('registrations.js', ['list']);
    expect(listed.status, listed.stderr).toBe(0);
    const id = /^#(\d+) pending .*Farmacia Producción/m.exec(listed.stdout)?.[1];
    expect(id, listed.stdout).toBeDefined();
    const approved = await run('registrations.js', ['approve', id as string]);
    expect(approved.status, `${approved.stdout}\n${approved.stderr}`).toBe(0);
    const find = async (subject: string) => {
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
        const found = smtp?.messages.find((message) => message.subject === subject);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail "${subject}"`);
    };
    const notice = await find('Nueva solicitud de alta: Farmacia Producción');
    expect(notice.text).toContain(`${PORTAL_URL}/backoffice/registrations?request=${id}`);

    // The first admin, without touching the database: mailed and shown the link to his password.
    const staff = await run('staff.js', [
      'add',
      'primera.admin',
      'admin@herbolab.example',
      'Primera',
      'Admin',
    ]);
    expect(staff.status, `${staff.stdout}\n${staff.stderr}`).toBe(0);
    expect(staff.stdout).toContain(`${PORTAL_URL}/login/reset_password?secret=`);
    expect(staff.stdout).toContain(`${PORTAL_URL}/backoffice/`);
    const invitation = await find('Tu acceso al back office del portal de pedidos');
    const invited = /https:\/\/\S+reset_password\?secret=\S+/.exec(invitation.text ?? '')?.[0] ?? '';
    expect(invited).toMatch(/^https:\/\/portal\./);
    expect(staff.stdout).toContain(invited);
    expect((await run('staff.js', ['list'])).stdout).toMatch(/^primera\.admin {2}admin {2}Primera Admin/m);
    const welcome = await find('Tu farmacia ya tiene acceso al portal de pedidos');
    const link = new URL(/https:\/\/\S+reset_password\?secret=\S+/.exec(welcome.text ?? '')?.[0] ?? 'x:');
    expect(link.origin).toBe(PORTAL_URL);
    expect(welcome.text).toContain('Herbolab Farma, S.A.');
    expect(welcome.from?.text).toContain('pedidos@herbolab.example');

    // It chooses its password through the e-mail's link, logs in and sends an order.
    const pharmacy = browser(base);
    expect((await pharmacy('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    const reset = await pharmacy('POST', '/api/v1/password/reset', {
      secret: link.searchParams.get('secret'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const login = await pharmacy('POST', '/api/v1/auth/login', { username: USERNAME, password: PASSWORD });
    expect(login.status, await login.clone().text()).toBe(200);
    const user = (await (await pharmacy('GET', '/api/v1/user')).json()) as { client: { id: number } };
    const search = await pharmacy('POST', '/api/v1/search', { query: 'BT-20001', page: 0 });
    const [hit] = ((await search.json()) as { hits: { id: number; name: string }[] }).hits;
    expect(hit?.name).toBe('Equinácea Forte');
    const saved = await pharmacy('POST', '/api/v1/cart', { products: [{ id: hit?.id, quantity: 10 }] });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const cart = (await saved.json()) as { id: number; price: number };
    // Ten at 12,50 € less the sample's volume discount: between the two minimums below.
    expect(cart.price).toBeGreaterThan(100);
    expect(cart.price).toBeLessThan(150);
    const checkout = `/api/v1/clients/${user.client.id}/cart/${cart.id}/checkout`;

    // The order rules, changed with the bundle's command, hold at once on the running server.
    expect((await run('configurations.js', ['set', 'order_minimum_amount', '150'])).status).toBe(0);
    expect((await pharmacy('POST', checkout, {})).status).toBe(422);
    const lowered = await run('configurations.js', ['set', 'order_minimum_amount', '100']);
    expect(lowered.stdout.trim()).toBe('order_minimum_amount = 100 €');
    const sent = await pharmacy('POST', checkout, {});
    expect(sent.status, await sent.clone().text()).toBe(201);

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    // Production logs: JSON lines only, one per request, no password.
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(output).toContain('"url":"/api/v1/user","status":200');
    expect(output).not.toContain(PASSWORD);
  }, 300_000);

  it('refuses each silent fallback in production, and says in one line why a database cannot be used', async () => {
    const { DATABASE_URL: _database, ...withoutDatabase } = production() as Record<string, string>;
    const { SMTP_URL: _mail, ...withoutMail } = production() as Record<string, string>;
    const refused = (result: Run) => {
      expect(result.status).toBe(1);
      const text = `${result.stdout}${result.stderr}`;
      expect(text).not.toMatch(/^\s+at /m);
      return text;
    };
    // Independent processes: run side by side.
    const withoutIdentity = Object.fromEntries(
      Object.entries(production()).filter(([key]) => !(key in IDENTITY)),
    );
    const [server, migrate, registrations, misspelt, noMail, noIdentity, embedded] = await Promise.all([
      run('server.js', [], withoutDatabase),
      run('migrate.js', [], withoutDatabase),
      run('registrations.js', ['list'], withoutDatabase),
      run('server.js', [], { ...withoutDatabase, DATABSE_URL: databaseUrl }),
      run('server.js', [], withoutMail),
      run('server.js', [], withoutIdentity),
      run('server.js', [], {
        ...withoutDatabase,
        ALLOW_EMBEDDED_DATABASE: 'on',
        DATA_DIR: join(folder, 'pglite'),
        LOG_FORMAT: 'pretty',
      }),
    ]);
    for (const result of [server, migrate, registrations])
      expect(refused(result)).toContain(
        'DATABASE_URL: not set. With NODE_ENV=production Botica does not fall back to the embedded database',
      );
    expect(refused(misspelt)).toContain('DATABASE_URL: not set (DATABSE_URL is set: a misspelling?)');
    expect(refused(noMail)).toContain(
      'SMTP_URL: not set. With NODE_ENV=production Botica does not write its e-mails',
    );
    expect(refused(noIdentity)).toContain("LAB_*: the laboratory's identity is not set");
    // ALLOW_EMBEDDED_DATABASE=on and ALLOW_FILE_MAIL=on let them through: src/settings/settings.test.ts.
    // The embedded database, asked for, is not in the bundle: one line saying how to get it.
    const embeddedText = refused(embedded);
    expect(embeddedText.trim().split('\n'), embeddedText).toHaveLength(1);
    expect(embeddedText).toContain(
      '[botica-api] could not start: cannot use the embedded database (PGlite) in ',
    );
    expect(embeddedText).toContain('PGlite is not installed');
    expect(embeddedText).toContain('`pnpm bundle --embedded-database`');

    // A database that does not exist, or nobody listening: one line, no stack trace.
    const missing = new URL(databaseUrl);
    missing.pathname = '/botica_no_existe';
    const closed = new URL(databaseUrl);
    closed.port = String(await freePort());
    const cases = [
      [missing, 'database "botica_no_existe" does not exist'],
      [closed, 'the connection was refused'],
    ] as const;
    const results = await Promise.all(
      cases.flatMap(([url]) => [
        run('server.js', [], production({ DATABASE_URL: url.toString(), LOG_FORMAT: 'pretty' })),
        run('migrate.js', [], production({ DATABASE_URL: url.toString() })),
      ]),
    );
    cases.forEach(([url, reason], index) => {
      const [started, migrated] = [results[index * 2] as Run, results[index * 2 + 1] as Run];
      const text = refused(started);
      expect(text.trim().split('\n'), text).toHaveLength(1);
      expect(text).toContain(
        `[botica-api] could not start: cannot use PostgreSQL at ${url.hostname}:${url.port}`,
      );
      expect(text).toContain(reason);
      const migrateText = refused(migrated);
      expect(migrateText.trim().split('\n'), migrateText).toHaveLength(1);
      expect(migrateText).toContain(reason);
    });
  }, 240_000);

  it('keeps the embedded database when built with --embedded-database, for a trial without PostgreSQL', () => {
    const trial = join(folder, 'trial');
    const built = spawnSync(process.execPath, ['scripts/bundle.ts', '--out', trial, '--embedded-database'], {
      cwd: apiRoot,
      encoding: 'utf8',
    });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    const migrated = spawnSync(process.execPath, ['migrate.js'], {
      cwd: trial,
      env: productionEnvironment({
        ALLOW_EMBEDDED_DATABASE: 'on',
        ALLOW_FILE_MAIL: 'on',
        DEMO_DATA: 'on',
        DATA_DIR: join(folder, 'trial-pglite'),
      }),
      encoding: 'utf8',
    });
    expect(migrated.status, `${migrated.stdout}\n${migrated.stderr}`).toBe(0);
    expect(migrated.stdout).toContain('migrate: PGlite at');
  }, 120_000);
});
