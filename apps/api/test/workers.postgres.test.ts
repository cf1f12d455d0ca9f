/**
 * `API_WORKERS`: the server as several processes sharing the port on PostgreSQL. The primary prepares
 * the database, the workers serve, a worker that dies is replaced, and SIGTERM stops them all.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@botica/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { freePort } from '../src/testing/postgres-server.ts';
import { isUnavailable, postgresUrl } from './helpers.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--conditions=@botica/source', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORTAL_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

function workerPids(primary: ChildProcess): number[] {
  try {
    return execFileSync('ps', ['--ppid', String(primary.pid), '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

describe('API_WORKERS', () => {
  it('refuses more than one worker on the embedded database, naming the setting', async () => {
    const { child, output } = start({ API_WORKERS: '2', DATA_DIR: 'memory://', PORT: '0' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('API_WORKERS="2": more than one worker needs DATABASE_URL');
  });

  describe.skipIf(isUnavailable('postgres'))('on PostgreSQL', () => {
    const name = `botica_workers_${randomBytes(6).toString('hex')}`;
    let server: ReturnType<typeof start>;
    let base: string;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(postgresUrl());
      url.pathname = `/${name}`;
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = start({
        DATABASE_URL: url.toString(),
        API_WORKERS: '2',
        DB_POOL_SIZE: '2',
        PORT: String(port),
        SEED_PRODUCTS: '50',
      });
      for (let waited = 0; !server.output().includes('serving on'); waited += 200) {
        if (server.child.exitCode !== null || waited > 60_000)
          throw new Error(`the server did not start:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }, 90_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await exited(server.child);
      }
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
      expect(server.output()).toContain('2 workers');
      const first = workerPids(server.child);
      expect(first).toHaveLength(2);

      // Sessions live in the database, so a pharmacist's requests may go to either worker.
      const pharmacy = createApiClient({ baseUrl: base, timeout: 10_000 });
      await pharmacy.auth.login({ username: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD });
      const { hits } = await pharmacy.search.query({ query: 'a' });
      const cart = await pharmacy.cart.save({ products: [{ id: hits[0]?.id ?? 0, quantity: 2 }] });
      expect(cart.items).toHaveLength(1);

      process.kill(first[0] as number, 'SIGKILL');
      await expect
        .poll(() => workerPids(server.child).filter((pid) => !first.includes(pid)).length, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(1);
      await expect.poll(() => workerPids(server.child).length, { timeout: 30_000 }).toBe(2);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expect((await pharmacy.cart.get())?.version).toBe(cart.version);
      }

      const workers = workerPids(server.child);
      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    }, 90_000);
  });
});
