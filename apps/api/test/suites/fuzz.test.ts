/**
 * Property-based fuzzing of every endpoint the API registers: bodies, query strings and path
 * segments derived from the api-client's request schemas (see ../fuzz-arbitraries.ts), sent
 * anonymously and logged in, always with a valid CSRF token so they reach validation, and the
 * integration area's with an API key of every scope. No request
 * may be answered 5xx, and every error must be `{ message, errors? }` in JSON with the security
 * headers. Seeded: FUZZ_SEED and FUZZ_RUNS (runs per endpoint and session) reproduce or widen a run.
 * An endpoint the session may not call is refused (401/403) before its path, query or body is read, so
 * it gets a fifth of the runs there: enough to walk the refusal and the body parser in front of it.
 */
import { adminEndpoints } from '@botica/api-client/admin';
import {
  type Access,
  type Endpoint as Definition,
  operations,
  portalEndpoints,
  routerPath,
} from '@botica/api-client/endpoints';
import { integrationEndpoints } from '@botica/api-client/integration';
import { ErrorBodySchema, PageQuerySchema } from '@botica/api-client/schemas';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import {
  hostileJson,
  hostileString,
  queryArbitrary,
  requestArbitrary,
  type SchemaLike,
  segmentArbitrary,
} from '../fuzz-arbitraries.ts';
import { integrationKey, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_515);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Runs per endpoint whose access the session does not pass. */
const REFUSED_RUNS = Math.ceil(RUNS / 5);
/**
 * The API's documents (hundreds of kilobytes, the same whatever is sent): a few runs try their inputs,
 * a hundred only time the machine (a loaded one took past 30 s).
 */
const BULKY = new Set(['/api/openapi.json', '/api/docs/redoc.standalone.js']);

type Mode = 'anonymous' | 'logged in' | 'API key';

/**
 * Whether a session of the mode passes an access's session check (the logged-in session is a
 * pharmacy's main user, farmacia.demo): when it does not, the route answers 401/403 first. Every
 * access is listed, so a new one has to be placed here.
 */
const PASSES: Record<Access, Record<Mode, boolean>> = {
  public: { anonymous: true, 'logged in': true, 'API key': true },
  user: { anonymous: false, 'logged in': true, 'API key': false },
  client: { anonymous: false, 'logged in': true, 'API key': false },
  'own-client': { anonymous: false, 'logged in': true, 'API key': false },
  'main-user': { anonymous: false, 'logged in': true, 'API key': false },
  'can-view-invoices': { anonymous: false, 'logged in': true, 'API key': false },
  'can-send-orders': { anonymous: false, 'logged in': true, 'API key': false },
  admin: { anonymous: false, 'logged in': false, 'API key': false },
  staff: { anonymous: false, 'logged in': false, 'API key': false },
  // A cookie session never opens the integration area; the key (of every scope) does.
  integration: { anonymous: false, 'logged in': false, 'API key': true },
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';

/** One endpoint as the API registers it, with the schema of what it reads. */
interface Endpoint {
  method: Method;
  /** Fastify's route path, `:name` for a parameter. */
  path: string;
  access: Access;
  body?: SchemaLike;
  query?: SchemaLike;
}

/** Every route under /api and /sanctum, from the endpoint definitions of `@botica/api-client`. */
const DEFINITIONS: readonly Record<string, Record<string, Definition>>[] = [
  portalEndpoints,
  adminEndpoints,
  integrationEndpoints,
  { operations },
];
const ENDPOINTS: readonly Endpoint[] = DEFINITIONS.flatMap((groups) =>
  Object.values(groups).flatMap((group) => Object.values(group)),
)
  .filter((definition) => /^\/(api|sanctum)\//.test(definition.path))
  .map((definition) => ({
    method: definition.method,
    path: routerPath(definition.path),
    access: definition.access,
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.query ? { query: definition.query } : {}),
  }));

/** The routes the server registered under /api and /sanctum (`GET /api/v1/cart`), HEAD left out. */
function registeredRoutes(routes: readonly string[]): string[] {
  return routes.filter((route) => /^(?!HEAD )\S+ \/(api|sanctum)\//.test(route)).sort();
}

interface FuzzRequest {
  method: Method;
  url: string;
  payload?: string;
  contentType?: string;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** A body for a schema: mostly its JSON, sometimes text that is not JSON, odd content types or none. */
function bodyArbitrary(
  schema: SchemaLike | undefined,
): fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'contentType'>> {
  const json = (schema ? requestArbitrary(schema) : hostileJson).map((value) => JSON.stringify(value));
  return fc.oneof(
    { arbitrary: json.map((payload) => ({ payload, contentType: 'application/json' })), weight: 12 },
    {
      arbitrary: fc.record({
        payload: fc.oneof(json, hostileString),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
      weight: 2,
    },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

function fuzzSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`fuzz of every endpoint on ${engine}`, () => {
    let server: TestServer;
    const histogram = new Map<number, number>();
    const started = Date.now();

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        data: 'fixture',
        // The fuzz's random logins from one address must not use up the logged-in session's own:
        // the attempt limits have their own tests (rate-limits suites).
        settings: {
          attemptLimits: {
            perUsername: 1_000_000,
            perAddress: 1_000_000,
            perAddressPerDay: 1_000_000,
            windowMinutes: 15,
          },
        },
      });
    });
    afterAll(async () => {
      const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
      const statuses = [...histogram]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`);
      console.info(
        `fuzz on ${engine}: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} runs per endpoint and session, ${REFUSED_RUNS} where the session is refused): ${statuses.join(' ')}`,
      );
      await server?.close();
    });

    it('covers every route the API registers', () => {
      const table = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
      expect(registeredRoutes(server.app.routeList)).toEqual(table);
    });

    /** Plausible values of a path parameter: the fixture's ids and the image sizes. */
    function plausible(name: string): string[] {
      const fixture = server.fixture;
      if (!fixture) return ['1'];
      if (name === 'clientId') return [fixture.clients.demo, fixture.clients.norte].map(String);
      if (name === 'size') return ['thumbnail', 'miniproduct', 'full'];
      if (name === 'n') return ['1', '2'];
      if (name === 'cartId' || name === 'orderId') return ['1', '2', '3'];
      if (name === 'file') return [`${'0'.repeat(32)}2026.pdf`, 'x.pdf'];
      return [...Object.values(fixture.products), ...Object.values(fixture.categories)].map(String);
    }

    function requestArbitraryOf(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const segments = fc.tuple(...names.map((name) => segmentArbitrary(plausible(name))));
      const query = endpoint.query
        ? queryArbitrary(endpoint.query)
        : fc.oneof(
            { arbitrary: fc.constant(''), weight: 3 },
            { arbitrary: queryArbitrary(PageQuerySchema), weight: 1 },
          );
      const body = endpoint.method === 'GET' ? fc.constant({}) : bodyArbitrary(endpoint.body);
      return fc.record({ segments, query, body }).map(({ segments: values, query: search, body: sent }) => {
        let index = 0;
        const path = endpoint.path.replace(/:\w+/g, () => values[index++] ?? '');
        return { method: endpoint.method, url: `${path}${search}`, ...sent };
      });
    }

    /** Any method on any path under the API, the registered ones included. */
    const strayRequest: fc.Arbitrary<FuzzRequest> = fc
      .record({
        method: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        segments: fc.array(segmentArbitrary(['v1', 'cart', 'products', 'user', '1', 'search']), {
          maxLength: 5,
        }),
        body: bodyArbitrary(undefined),
      })
      .map(({ method, segments, body }) => ({
        method,
        url: `/api/${segments.join('/')}`,
        ...(method === 'GET' || method === 'HEAD' ? {} : body),
      }));

    function check(request: FuzzRequest, response: LightMyRequestResponse): void {
      histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
      const what = `${request.method} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 200) ?? ''}`;
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      if (request.method === 'HEAD' || response.statusCode < 400) {
        if (String(response.headers['content-type']).startsWith('application/json') && response.body)
          JSON.parse(response.body);
        return;
      }
      expect(String(response.headers['content-type']), what).toMatch(/^application\/json/);
      const parsed: unknown = JSON.parse(response.body);
      expect(ErrorBodySchema.safeParse(parsed).success, `${what} → ${response.body.slice(0, 300)}`).toBe(
        true,
      );
      expect(
        Object.keys(parsed as object).filter((key) => key !== 'message' && key !== 'errors'),
        what,
      ).toEqual([]);
      expect(response.body, what).not.toMatch(/stack|node_modules|\.ts:\d|FST_ERR|select |insert /i);
    }

    for (const mode of ['anonymous', 'logged in', 'API key'] as const satisfies readonly Mode[]) {
      describe(mode, () => {
        let session: InjectSession;
        const start = async () => {
          if (mode === 'API key') {
            const secret = await integrationKey(
              server,
              ['catalogue', 'stock', 'pharmacies', 'orders', 'documents'],
              { ratePerMinute: 100_000 },
            );
            session = new InjectSession(server.app, { authorization: `Bearer ${secret}` });
            return;
          }
          session = new InjectSession(server.app);
          // A refused login would quietly fuzz the logged-in routes as anonymous.
          if (mode === 'logged in') expect((await session.login('farmacia.demo')).statusCode).toBe(200);
          else await session.csrf();
        };
        beforeAll(start);

        const send = async (request: FuzzRequest) => {
          const response = await session.request(request.method as 'GET', request.url, {
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
          });
          check(request, response);
          // A logout (or anything that dropped the session) would leave the rest of the run at 401/419.
          if (mode !== 'API key' && (request.url.startsWith('/api/v1/auth/logout') || !session.csrfToken))
            await start();
        };

        // A key opens the integration area only: elsewhere it is anonymous, fuzzed above.
        const fuzzed =
          mode === 'API key'
            ? ENDPOINTS.filter(({ path }) => path.startsWith('/api/v1/integration/'))
            : ENDPOINTS;
        for (const endpoint of fuzzed) {
          // Each logout of the logged-in session costs a login (a password hash) to recover from.
          const relogs = mode === 'logged in' && endpoint.path === '/api/v1/auth/logout';
          const numRuns =
            relogs || BULKY.has(endpoint.path)
              ? Math.ceil(RUNS / 6)
              : PASSES[endpoint.access][mode]
                ? RUNS
                : REFUSED_RUNS;
          it(`${endpoint.method} ${endpoint.path}: never 5xx, errors are { message, errors? }`, async () => {
            await fc.assert(fc.asyncProperty(requestArbitraryOf(endpoint), send), { seed: SEED, numRuns });
          });
        }

        if (mode !== 'API key')
          it('any method on any path: never 5xx, errors are { message, errors? }', async () => {
            await fc.assert(fc.asyncProperty(strayRequest, send), { seed: SEED, numRuns: RUNS });
          });
      });
    }
  });
}

fuzzSuite(projectEngine());
