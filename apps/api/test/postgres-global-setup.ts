/**
 * Vitest global setup: a throw-away PostgreSQL server for the PostgreSQL runs of the suites
 * (TOOLCHAIN.md). It uses Debian's server binaries (`postgresql` package; `npm test` installs it as
 * root when missing), creates a cluster in a temporary folder as the `postgres` user when running as
 * root (initdb refuses root), listens on a free 127.0.0.1 port, and is removed at the end.
 * `TEST_DATABASE_URL` points the suites at an existing server instead. Without binaries the
 * PostgreSQL runs are skipped with a message, except in CI, where that is a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL server's maintenance database, or '' when there is none. */
    postgresUrl: string;
  }
}

function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(root, version, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
    }
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const bin = found.status === 0 ? found.stdout.trim() : '';
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let stopServer: (() => void) | undefined;

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const bin = findBinaries();
  if (!bin) {
    const message =
      'PostgreSQL server binaries not found (Debian: apt-get install postgresql): the PostgreSQL runs of the API suites are skipped.';
    if (process.env.CI) throw new Error(`${message} In CI they are required.`);
    console.warn(`\n[botica-api] ${message}\n`);
    project.provide('postgresUrl', '');
    return;
  }
  const isRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'botica-pg-'));
  const data = join(folder, 'data');
  const asOwner = (command: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  if (isRoot) {
    chmodSync(folder, 0o777);
    execFileSync('install', ['-d', '-o', 'postgres', '-g', 'postgres', '-m', '700', data]);
  }
  asOwner('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  asOwner('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  stopServer = () => {
    try {
      asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
}

export function teardown(): void {
  stopServer?.();
}
