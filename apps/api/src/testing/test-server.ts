/**
 * A real API server for tests: a fresh database (PGlite or PostgreSQL), the fixture or the demo data,
 * and the app listening on an ephemeral 127.0.0.1 port, so the api-client talks HTTP to it.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { OpenDatabase } from '../db/database.ts';
import { type Settings, testSettings } from '../settings/settings.ts';
import { type Fixture, insertFixture } from './fixtures.ts';
import { type Engine, openTestDatabase } from './test-database.ts';

export interface TestServer {
  app: FastifyInstance;
  database: OpenDatabase;
  fixture: Fixture;
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** Moves the server's clock (null: the real one). */
  setNow(now: Date | null): void;
  close(): Promise<void>;
}

export async function startTestServer(
  engine: Engine,
  options: { postgresUrl?: string; settings?: Partial<Settings>; listen?: boolean } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(engine, options.postgresUrl);
  const fixture = await insertFixture(database.db);
  let fixedNow: Date | null = null;
  const app = await buildApp({
    db: database.db,
    settings: testSettings(options.settings),
    now: () => fixedNow ?? new Date(),
  });
  let url = '';
  if (options.listen !== false) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else {
    await app.ready();
  }
  return {
    app,
    database,
    fixture,
    url,
    setNow: (now) => {
      fixedNow = now;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
