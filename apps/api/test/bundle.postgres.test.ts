/**
 * The production bundle (issue 15 item 7, scripts/bundle.ts), as a deployment runs it: built into a
 * temporary folder, migrated with its own `node migrate.js`, started with plain `node server.js`
 * (no export condition, no demo data, the environment of a production start) against the throw-away
 * PostgreSQL, and asked what a load balancer and a pharmacist ask: `/readyz`, the portal's page, and
 * a login through the real HTTP flow with a user created the way a laboratory's would be (no demo
 * account exists). Needs the builds of the workspace packages and the portal (turbo's `test` of this
 * package depends on them); without them it is skipped, except in CI.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { type OpenDatabase, openDatabase } from '../src/db/database.ts';
import { clients, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import { exited } from '../src/testing/server-process.ts';
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

const USERNAME = 'farmacia.produccion';
const PASSWORD = 'Produccion-2026-segura';

/** The environment of a production start: this process's, minus anything that would change it. */
function productionEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(NODE_ENV|NODE_OPTIONS|VITEST.*|DEMO_DATA|PORTAL_DIST|DATA_DIR|LOG_FORMAT|LOG_LEVEL|SEED.*)$/.test(
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

describe.skipIf(isUnavailable('postgres') || !isBuilt)('the production bundle', () => {
  let folder = '';
  let bundle = '';
  const name = `botica_bundle_${process.pid}_${Date.now()}`;
  let databaseUrl = '';
  let database: OpenDatabase | undefined;
  let server: ChildProcess | undefined;
  let output = '';
  let base = '';

  const adminQuery = async (text: string) => {
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };

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
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await database?.close();
    if (databaseUrl) await adminQuery(`drop database if exists ${name} with (force)`);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('holds the server, the migrations, the built portal and production dependencies only', () => {
    for (const file of [
      'server.js',
      'migrate.js',
      'import-csv.js',
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
    // The workspace packages arrive as their built output, not their sources.
    expect(existsSync(join(bundle, 'node_modules', '@botica', 'domain', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(bundle, 'node_modules', '@botica', 'domain', 'src'))).toBe(false);
  });

  it('migrates with its own command, starts with plain node, and serves /readyz, the portal and a login', async () => {
    const migrate = spawnSync(process.execPath, ['migrate.js'], {
      cwd: bundle,
      env: productionEnvironment({ DATABASE_URL: databaseUrl }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(migrate.status, `${migrate.stdout}\n${migrate.stderr}`).toBe(0);
    expect(migrate.stdout).toContain('is up to date');

    // A laboratory's pharmacy and user, as an import would make them: the password hashed by the server's helper.
    database = await openDatabase({ url: databaseUrl }, { poolSize: 1 });
    const [client] = await database.db
      .insert(clients)
      .values({
        name: 'Farmacia Producción',
        taxId: 'B00000009',
        erpCode: 'P0001',
        email: 'produccion@example.com',
        address: 'Calle Mayor 9',
        postalCode: '28013',
        city: 'Madrid',
        province: 'Madrid',
        phone: '910000009',
      })
      .returning();
    await database.db.insert(users).values({
      username: USERNAME,
      passwordHash: await hashPassword(PASSWORD),
      name: 'Farmacéutica de Producción',
      role: 'client',
      clientId: client?.id,
    });

    // The laboratory's real catalogue arrives through the bundle's own import command.
    for (const [kind, file] of [
      ['categories', 'import-samples/categorias.csv'],
      ['products', 'import-samples/productos.csv'],
    ]) {
      const imported = spawnSync(process.execPath, ['import-csv.js', kind as string, file as string], {
        cwd: bundle,
        env: productionEnvironment({ DATABASE_URL: databaseUrl }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0);
    }

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['server.js'], {
      cwd: bundle,
      env: productionEnvironment({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1' }),
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

    // No demo data: none of the demo accounts, and their public password opens nothing.
    const demo = await database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, Object.values(DEMO_ACCOUNTS)));
    expect(demo).toEqual([]);

    // The portal, from the bundle's own folder.
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const jar = new CookieJar();
    const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
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
    expect((await send('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    const refused = await send('POST', '/api/v1/auth/login', {
      username: DEMO_ACCOUNTS.demo,
      password: DEMO_PASSWORD,
    });
    expect(refused.status).toBe(422);
    const login = await send('POST', '/api/v1/auth/login', { username: USERNAME, password: PASSWORD });
    expect(login.status, await login.clone().text()).toBe(200);
    const user = await send('GET', '/api/v1/user');
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username: USERNAME, client: { name: 'Farmacia Producción' } });
    const search = await send('POST', '/api/v1/search', { query: 'BT-20001', page: 0 });
    expect(search.status).toBe(200);
    expect(((await search.json()) as { hits: { name: string }[] }).hits.map((hit) => hit.name)).toContain(
      'Equinácea Forte',
    );

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    // Production logs: JSON lines only, one per request.
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(output).toContain('"url":"/api/v1/user","status":200');
    expect(output).not.toContain(PASSWORD);
  }, 120_000);
});
