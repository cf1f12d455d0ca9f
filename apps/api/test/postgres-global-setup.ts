/**
 * Vitest global setup: a throw-away PostgreSQL server (src/testing/postgres-server.ts) for the postgres
 * project's runs of test/suites and the *.postgres.test.ts files. `TEST_DATABASE_URL` points them at an
 * existing server instead. Without PostgreSQL's binaries they are skipped with a message, except in
 * CI, where that fails.
 * (`npm test` installs Debian's postgresql package first when it runs as root.)
 */
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startThrowawayPostgres } from '../src/testing/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL server's maintenance database, or '' when there is none. */
    postgresUrl: string;
  }
}

let stopServer: (() => void) | undefined;

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const bin = findPostgresBinaries();
  if (!bin) {
    const message =
      'PostgreSQL server binaries not found (Debian: apt-get install postgresql): the PostgreSQL runs of the API suites are skipped.';
    if (process.env.CI) throw new Error(`${message} In CI they are required.`);
    console.warn(`\n[botica-api] ${message}\n`);
    project.provide('postgresUrl', '');
    return;
  }
  const server = await startThrowawayPostgres({ bin });
  stopServer = server.stop;
  project.provide('postgresUrl', server.url);
}

export function teardown(): void {
  stopServer?.();
}
