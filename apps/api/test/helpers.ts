/** Shared by the suites: which engines run, and clients logged in as the demo accounts. */
import { type ApiClient, type ApiError, createApiClient, isApiError } from '@botica/api-client';
import type { IntegrationScope } from '@botica/api-client/endpoints';
import { createIntegrationClient, type IntegrationClient } from '@botica/api-client/integration';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import type { CoreContext } from '../src/core-context.ts';
import { selectRows } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo-data/index.ts';
import { createApiKey } from '../src/integration/api-keys-service.ts';
import { testSettings } from '../src/settings/settings.ts';
import type { Engine } from '../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { InjectSession } from './session.ts';

/** The PostgreSQL server of the global setup ('' when there is none). */
export function postgresUrl(): string {
  return inject('postgresUrl');
}

/** Whether a suite on this engine must be skipped (PostgreSQL without a server, outside CI). */
export function isUnavailable(engine: Engine): boolean {
  return engine === 'postgres' && postgresUrl() === '';
}

/** A client of the test server (own cookie jar, so one per session). */
export function client(server: TestServer, options: { timeout?: number } = {}): ApiClient {
  return createApiClient({ baseUrl: server.url, timeout: options.timeout ?? 10_000 });
}

/** A client logged in as a demo account. */
export async function loggedIn(server: TestServer, username: string): Promise<ApiClient> {
  const api = client(server);
  await api.auth.login({ username, password: DEMO_PASSWORD });
  return api;
}

/** The ApiError a call fails with; fails the test if the call succeeds or fails otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('the call was expected to fail');
}

/**
 * A refusal as the API must send it: the status, and a body that is only `{message}` (no data of what
 * was refused); none of `hidden` (texts or patterns of the refused data) may appear in it.
 * @param what Names the call in a failure's message.
 */
export function expectRefusal(
  response: LightMyRequestResponse,
  status: number,
  { what, hidden = [] }: { what?: string; hidden?: readonly (string | RegExp)[] } = {},
): void {
  expect(response.statusCode, `${what ?? ''} ${response.body}`).toBe(status);
  const body = response.json();
  expect(ErrorBodySchema.safeParse(body).success, what).toBe(true);
  expect(Object.keys(body), what).toEqual(['message']);
  for (const text of hidden) {
    if (typeof text === 'string') expect(response.body, what).not.toContain(text);
    else expect(response.body, what).not.toMatch(text);
  }
}

/**
 * Creates an API key on the test server's database (as the command line would) and answers its
 * secret, for calls of the integration area.
 * @example const secret = await integrationKey(server, ['orders']);
 */
export async function integrationKey(
  server: TestServer,
  scopes: readonly IntegrationScope[],
  options: { name?: string; ratePerMinute?: number } = {},
): Promise<string> {
  const { secret } = await createApiKey(
    { db: server.database.db, settings: testSettings(), now: () => new Date() },
    {
      name: options.name ?? `ERP ${scopes.join('+') || 'sin permisos'}`,
      scopes,
      ratePerMinute: options.ratePerMinute,
    },
    null,
  );
  return secret;
}

/** A client of the integration area of the test server, with an API key. */
export function integrationClient(server: TestServer, apiKey: string): IntegrationClient {
  return createIntegrationClient({ baseUrl: server.url, apiKey });
}

/**
 * The suites that count a read's statements: the production maintenance cache (so a request's
 * statements are its own) and no pruning in the background.
 */
export const COUNTED_SETTINGS = { maintenanceCheckMs: 60_000, pruneIntervalSeconds: 0 };

/** A server on 60 products of demo data, a pharmacist of the demo pharmacy logged in, statements counted. */
export interface CountedReadServer {
  server: TestServer;
  /** A context on the server's database, for the references that read the old way. */
  context: CoreContext;
  /** The demo pharmacy's client id (the pharmacist's). */
  clientId: number;
  pharmacist: InjectSession;
  /** The ids a query's rows name (`select … as id`). */
  ids: (query: SQL) => Promise<number[]>;
  /** Active products of the demo data: one with the pharmacy's special price, one with two or more tiers. */
  special: number;
  tiered: number;
}

/**
 * Starts the server of a statement-counting suite (`listen: false`) and finds the products of every
 * kind its reads price. `counter()` starts counting once the suite has written its own data.
 */
export async function startCountedReadServer(engine: Engine): Promise<CountedReadServer> {
  const server = await startTestServer(engine, {
    postgresUrl: postgresUrl(),
    listen: false,
    products: 60,
    settings: COUNTED_SETTINGS,
  });
  const db = server.database.db;
  const ids = (query: SQL) => selectRows<{ id: number }>(db, query).then((rows) => rows.map((row) => row.id));
  const clientId = (await server.demoIds()).demo.clientId;
  const [special] = await ids(
    sql`select sp.product_id as id from special_prices sp join clients c on c.discount_group_id = sp.discount_group_id
          join products p on p.id = sp.product_id
        where c.id = ${clientId} and p.is_active order by sp.product_id limit 1`,
  );
  const [tiered] = await ids(
    sql`select v.product_id as id from volume_rules v join products p on p.id = v.product_id
        where p.is_active and p.id <> ${special ?? 0}
        group by v.product_id having count(*) >= 2 order by count(*) desc, v.product_id limit 1`,
  );
  if (!special || !tiered) throw new Error('the demo data lacks a special price or volume tiers');
  const pharmacist = new InjectSession(server.app);
  expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
  return {
    server,
    context: { db, settings: testSettings(), now: () => new Date() },
    clientId,
    pharmacist,
    ids,
    special,
    tiered,
  };
}
