/**
 * A real API server for tests: a fresh database (PGlite or PostgreSQL) with freshly generated demo
 * data (or the small hand-written fixture), and the app listening on an ephemeral 127.0.0.1 port so
 * the api-client talks HTTP to it.
 */
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type OpenDatabase, openDatabase } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../demo-data/index.ts';
import type { MailSenderOptions } from '../mail/sender.ts';
import { type MailTransport, MemoryTransport } from '../mail/transports.ts';
import { type Settings, testSettings } from '../settings/settings.ts';
import type { WebhookSenderOptions } from '../webhooks/sender.ts';
import { type Fixture, insertFixture } from './fixtures.ts';
import { type Engine, openTestDatabase, type TestDatabase } from './test-database.ts';

/** The demo accounts' user and client ids. */
export interface DemoIds {
  demo: { userId: number; clientId: number };
  norte: { userId: number; clientId: number };
  limite: { userId: number; clientId: number };
  comercial: { userId: number };
}

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  /** The fixture's ids, when started with `data: 'fixture'`. */
  fixture: Fixture | undefined;
  /** `http://127.0.0.1:{port}` ('' when not listening). */
  url: string;
  /** The e-mail delivered so far (unless started with another `mailTransport`). */
  mail: MemoryTransport;
  /** Every log line written so far (JSON, pino). */
  logs: string[];
  /** Moves the server's clock (null: the real one). */
  setNow(now: Date | null): void;
  demoIds(): Promise<DemoIds>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  postgresUrl?: string;
  settings?: Partial<Settings>;
  /** Listen on a port (for the api-client over HTTP) or only `ready()` for `app.inject`. */
  listen?: boolean;
  /** Demo data (generated) or the fixture. @default 'demo' */
  data?: 'demo' | 'fixture';
  /** Products of the generated demo data. @default 60 */
  products?: number;
  /**
   * Another instance on the database of `server` (PostgreSQL): its own connection pool and app, no
   * seeding; closing it leaves the database to `server`.
   */
  sameDatabaseAs?: TestServer;
  /** How e-mail leaves. @default a `MemoryTransport` (`server.mail`) */
  mailTransport?: MailTransport;
  mailSender?: MailSenderOptions;
  /** The webhooks' sender's timings. */
  webhookSender?: WebhookSenderOptions;
  /** Adds routes before the app is ready (e.g. one that fails, for the error tests). */
  extend?: (app: FastifyInstance) => void;
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const shared = options.sameDatabaseAs?.database.url;
  if (options.sameDatabaseAs && !shared)
    throw new Error('a second instance needs a PostgreSQL test database');
  const database: TestDatabase = shared
    ? { ...(await openDatabase({ url: shared }, { poolSize: 12 })), url: shared }
    : await openTestDatabase(
        engine,
        options.postgresUrl,
        options.settings?.dbStatementTimeoutMs === undefined
          ? {}
          : { statementTimeoutMs: options.settings.dbStatementTimeoutMs },
      );
  let fixture: Fixture | undefined = options.sameDatabaseAs?.fixture;
  // A second instance finds the database filled by the first.
  if (!shared) {
    if (options.data === 'fixture') fixture = await insertFixture(database.db);
    else await seedIfEmpty(database.db, { products: options.products ?? 60, seed: 2026 });
  }
  let fixedNow: Date | null = null;
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const mail = new MemoryTransport();
  const app = await buildApp({
    db: database.db,
    settings: testSettings({ logLevel: 'warn', ...options.settings }),
    now: () => fixedNow ?? new Date(),
    logStream,
    mailTransport: options.mailTransport ?? mail,
    ...(options.mailSender ? { mailSender: options.mailSender } : {}),
    ...(options.webhookSender ? { webhookSender: options.webhookSender } : {}),
  });
  options.extend?.(app);
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
    mail,
    logs,
    setNow: (now) => {
      fixedNow = now;
    },
    demoIds: async () => {
      const rows = await database.db
        .select({ id: users.id, username: users.username, clientId: users.clientId })
        .from(users)
        .where(inArray(users.username, Object.values(DEMO_ACCOUNTS)));
      const find = (username: string) => {
        const row = rows.find((candidate) => candidate.username === username);
        if (!row) throw new Error(`demo account ${username} missing`);
        return { userId: row.id, clientId: row.clientId ?? 0 };
      };
      return {
        demo: find(DEMO_ACCOUNTS.demo),
        norte: find(DEMO_ACCOUNTS.norte),
        limite: find(DEMO_ACCOUNTS.limite),
        comercial: { userId: find(DEMO_ACCOUNTS.comercial).userId },
      };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Sets or clears the maintenance switch. */
export async function setMaintenance(database: OpenDatabase, on: boolean): Promise<void> {
  const { settings } = await import('../db/schema.ts');
  await database.db.delete(settings).where(eq(settings.key, 'maintenance_mode'));
  if (on) await database.db.insert(settings).values({ key: 'maintenance_mode', value: 'on' });
}
