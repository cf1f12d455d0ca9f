/**
 * Vitest global setup: a throw-away PostgreSQL server (src/testing/postgres-server.ts) for the postgres
 * project's runs of test/suites and the *.postgres.test.ts files. `TEST_DATABASE_URL` points them at an
 * existing server instead. Without PostgreSQL's binaries they are skipped with a message, except in
 * CI, where that fails.
 * (`npm test` installs Debian's postgresql package first when it runs as root.)
 *
 * Then the migrated databases every test database copies (src/testing/test-database.ts): a PGlite's
 * data folder in a temporary file, and a database on the PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { findPostgresBinaries, startThrowawayPostgres } from '../src/testing/postgres-server.ts';
import { adminQuery, withDatabase } from '../src/testing/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL server's maintenance database, or '' when there is none. */
    postgresUrl: string;
  }
}

const cleanUps: (() => Promise<void> | void)[] = [];

export async function setup(project: TestProject): Promise<void> {
  const postgresUrl = await startPostgres();
  project.provide('postgresUrl', postgresUrl);
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('postgresTemplate', postgresUrl ? await postgresTemplate(postgresUrl) : '');
}

export async function teardown(): Promise<void> {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
}

async function startPostgres(): Promise<string> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return given;
  const bin = findPostgresBinaries();
  if (!bin) {
    const message =
      'PostgreSQL server binaries not found (Debian: apt-get install postgresql): the PostgreSQL runs of the API suites are skipped.';
    if (process.env.CI) throw new Error(`${message} In CI they are required.`);
    console.warn(`\n[botica-api] ${message}\n`);
    return '';
  }
  const server = await startThrowawayPostgres({ bin });
  cleanUps.push(server.stop);
  return server.url;
}

/** A migrated in-memory PGlite's data folder, as the file of its tarball. */
async function pgliteTemplate(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'botica-pglite-template-'));
  cleanUps.push(() => rm(folder, { recursive: true, force: true }));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite did not dump its data folder');
    const file = join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

/** A migrated database on the PostgreSQL server, with no connection left open (so it can be copied). */
async function postgresTemplate(postgresUrl: string): Promise<string> {
  const name = `botica_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  cleanUps.push(() => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`));
  const database = await openDatabase({ url: withDatabase(postgresUrl, name) }, { poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}
