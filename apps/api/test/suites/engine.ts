/**
 * The database a suite runs on: each of the two vitest projects (vitest.config.ts) runs every
 * `suites/*.test.ts` file once, providing its engine, so a suite is written once for PGlite and PostgreSQL.
 */
import { inject } from 'vitest';
import type { Engine } from '../../src/testing/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database engine of the project running the file. */
    engine: Engine;
  }
}

/** The engine of the vitest project running this file ('pglite' or 'postgres'). */
export function projectEngine(): Engine {
  const engine = inject('engine');
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`a suite runs in the pglite or postgres project, not with engine ${String(engine)}`);
  }
  return engine;
}
