/**
 * A throw-away PostgreSQL server, for the PostgreSQL test runs and the benchmark:
 * Debian's server binaries, a cluster in a temporary folder (created as the `postgres` user when
 * running as root, since initdb refuses root), a free 127.0.0.1 port, durability off (it is thrown
 * away), removed on stop.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory of `initdb` and `pg_ctl`, or undefined when PostgreSQL's server is not installed. */
export function findPostgresBinaries(): string | undefined {
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

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres` */
  url: string;
  /** Stops the server process and keeps its data (a PostgreSQL outage); `resume()` starts it again. */
  pause(): void;
  /** Starts a paused server again, on the same port with the same data. */
  resume(): void;
  /** `pg_ctl restart -m fast`: every connection ends, and the server accepts new ones once it is up. */
  restart(): void;
  /** Stops the server and removes its folder. */
  stop(): void;
}

/** Starts a throw-away server. @throws when the binaries are missing or the server does not start. */
export async function startThrowawayPostgres(
  options: { bin?: string; settings?: Record<string, string> } = {},
): Promise<ThrowawayPostgres> {
  const bin = options.bin ?? findPostgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found (Debian: apt-get install postgresql).');
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
  const initdb = [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ];
  asOwner('initdb', initdb);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    max_connections: '300',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...options.settings,
  };
  const serverOptions = [
    `-p ${port}`,
    `-k ${folder}`,
    ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`),
  ].join(' ');
  const start = () =>
    asOwner('pg_ctl', [
      '-D',
      data,
      '-l',
      join(folder, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    restart: () =>
      asOwner('pg_ctl', [
        '-D',
        data,
        '-l',
        join(folder, 'server.log'),
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      ]),
    stop: () => {
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
