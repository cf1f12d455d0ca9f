/**
 * Property-based fuzzing of every endpoint the API registers: bodies, query strings and path
 * segments derived from the api-client's request schemas (see ../fuzz-arbitraries.ts), sent
 * anonymously and logged in, always with a valid CSRF token so they reach validation. No request
 * may be answered 5xx, and every error must be `{ message, errors? }` in JSON with the security
 * headers. Seeded: FUZZ_SEED and FUZZ_RUNS (runs per endpoint and session) reproduce or widen a run.
 */
import {
  AnswerSurveyRequestSchema,
  ChangePasswordRequestSchema,
  CheckoutRequestSchema,
  CheckResetRequestSchema,
  ConfigurationsQuerySchema,
  DocumentsQuerySchema,
  ErrorBodySchema,
  LoginRequestSchema,
  MaterialsQuerySchema,
  NewslettersQuerySchema,
  OrdersQuerySchema,
  PageQuerySchema,
  PostsQuerySchema,
  ProductSearchRequestSchema,
  RegisterRequestSchema,
  ReorderRequestSchema,
  ResetPasswordRequestSchema,
  SaveCartRequestSchema,
  SearchRequestSchema,
  SendResetRequestSchema,
  SubUserCreateRequestSchema,
  SubUserUpdateRequestSchema,
  WebinarSignupRequestSchema,
  WebinarsQuerySchema,
} from '@botica/api-client/schemas';
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
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_515);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';

/** One endpoint as the API registers it, with the schema of what it reads. */
interface Endpoint {
  method: Method;
  /** Fastify's route path, `:name` for a parameter. */
  path: string;
  body?: SchemaLike;
  query?: SchemaLike;
}

/** Every route under /api and /sanctum, with its request schema from `@botica/api-client`. */
const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/sanctum/csrf-cookie' },
  { method: 'POST', path: '/api/v1/auth/login', body: LoginRequestSchema },
  { method: 'GET', path: '/api/v1/auth/logout' },
  { method: 'GET', path: '/api/v1/user' },
  { method: 'POST', path: '/api/v1/register', body: RegisterRequestSchema },
  { method: 'POST', path: '/api/v1/password/send_reset', body: SendResetRequestSchema },
  { method: 'POST', path: '/api/v1/password/check_reset', body: CheckResetRequestSchema },
  { method: 'POST', path: '/api/v1/password/reset', body: ResetPasswordRequestSchema },
  { method: 'GET', path: '/api/v1/configurations', query: ConfigurationsQuerySchema },
  { method: 'GET', path: '/api/v1/laboratory' },
  { method: 'GET', path: '/api/v1/categories' },
  { method: 'GET', path: '/api/v1/categories/:id' },
  { method: 'GET', path: '/api/v1/tags' },
  { method: 'POST', path: '/api/v1/products/search', body: ProductSearchRequestSchema },
  { method: 'GET', path: '/api/v1/products/maxMinPrices' },
  { method: 'GET', path: '/api/v1/products/:id' },
  { method: 'GET', path: '/api/v1/products/:id/table-cartrules' },
  { method: 'GET', path: '/api/v1/products/images/default/:size' },
  { method: 'GET', path: '/api/v1/products/:id/images/:n/:size' },
  { method: 'POST', path: '/api/v1/search', body: SearchRequestSchema },
  { method: 'GET', path: '/api/v1/cart' },
  { method: 'POST', path: '/api/v1/cart', body: SaveCartRequestSchema },
  { method: 'POST', path: '/api/v1/clients/:clientId/cart/:cartId/checkout', body: CheckoutRequestSchema },
  { method: 'GET', path: '/api/v1/clients/:clientId/orders', query: OrdersQuerySchema },
  { method: 'GET', path: '/api/v1/clients/:clientId/monthly-purchases' },
  { method: 'GET', path: '/api/v1/clients/:clientId/orders/:orderId' },
  { method: 'POST', path: '/api/v1/clients/:clientId/orders/:orderId/reorder', body: ReorderRequestSchema },
  { method: 'GET', path: '/api/v1/clients/:clientId/erp_shipments', query: DocumentsQuerySchema },
  { method: 'GET', path: '/api/v1/clients/:clientId/invoices', query: DocumentsQuerySchema },
  { method: 'GET', path: '/api/v1/driver/customers/clients/:clientId/refunds', query: DocumentsQuerySchema },
  { method: 'GET', path: '/api/v1/documents/:file' },
  { method: 'GET', path: '/api/v1/driver/showcase' },
  { method: 'GET', path: '/api/v1/driver/training/webinars', query: WebinarsQuerySchema },
  { method: 'GET', path: '/api/v1/driver/training/webinars/:id' },
  { method: 'POST', path: '/api/v1/driver/training/webinars/:id/signup', body: WebinarSignupRequestSchema },
  { method: 'DELETE', path: '/api/v1/driver/training/webinars/:id/signup' },
  { method: 'GET', path: '/api/v1/driver/training/materials', query: MaterialsQuerySchema },
  { method: 'GET', path: '/api/v1/driver/training/materials/:id/file' },
  { method: 'GET', path: '/api/v1/driver/training/materials_tags' },
  { method: 'GET', path: '/api/v1/driver/training/newsletters', query: NewslettersQuerySchema },
  { method: 'GET', path: '/api/v1/driver/training/newsletters/:id/file' },
  { method: 'GET', path: '/api/v1/cms/posts', query: PostsQuerySchema },
  { method: 'GET', path: '/api/v1/cms/posts/:id' },
  { method: 'GET', path: '/api/v1/cms/posts/:id/image' },
  { method: 'GET', path: '/api/v1/driver/survey' },
  { method: 'PUT', path: '/api/v1/driver/survey/:id/answer', body: AnswerSurveyRequestSchema },
  { method: 'GET', path: '/api/v1/messages' },
  { method: 'GET', path: '/api/v1/messages/:id' },
  { method: 'POST', path: '/api/v1/messages/:id/read' },
  // The account area (issue 17).
  { method: 'GET', path: '/api/v1/clients/:clientId' },
  { method: 'GET', path: '/api/v1/clients/:clientId/shops' },
  { method: 'GET', path: '/api/v1/driver/customers/clients/discounts' },
  { method: 'PUT', path: '/api/v1/user/change_password', body: ChangePasswordRequestSchema },
  { method: 'GET', path: '/api/v1/driver/customers/clients/:clientId/users' },
  {
    method: 'POST',
    path: '/api/v1/driver/customers/clients/:clientId/users',
    body: SubUserCreateRequestSchema,
  },
  {
    method: 'PUT',
    path: '/api/v1/driver/customers/clients/:clientId/users/:userId',
    body: SubUserUpdateRequestSchema,
  },
  { method: 'DELETE', path: '/api/v1/driver/customers/clients/:clientId/users/:userId' },
];

/** The routes Fastify registered (`printRoutes` tree → `GET /api/v1/cart`), HEAD left out. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    // A segment may continue its parent's without a slash (`materials` → `_tags`).
    const match = /^([\s│├└─]*)(\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const path = `${prefixes[depth - 1] ?? ''}${match[2]}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD' && /^\/(api|sanctum)\//.test(path)) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
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

export function fuzzSuite(engine: Engine): void {
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
        `fuzz on ${engine}: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} runs per endpoint and session): ${statuses.join(' ')}`,
      );
      await server?.close();
    });

    it('covers every route the API registers', () => {
      const table = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
      expect(registeredRoutes(server.app.printRoutes({ commonPrefix: false }))).toEqual(table);
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

    for (const mode of ['anonymous', 'logged in'] as const) {
      describe(mode, () => {
        let session: InjectSession;
        const start = async () => {
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
          if (request.url.startsWith('/api/v1/auth/logout') || !session.csrfToken) await start();
        };

        for (const endpoint of ENDPOINTS) {
          // Each logout of the logged-in session costs a login (a password hash) to recover from.
          const relogs = mode === 'logged in' && endpoint.path === '/api/v1/auth/logout';
          it(`${endpoint.method} ${endpoint.path}: never 5xx, errors are { message, errors? }`, async () => {
            await fc.assert(fc.asyncProperty(requestArbitraryOf(endpoint), send), {
              seed: SEED,
              numRuns: relogs ? Math.ceil(RUNS / 6) : RUNS,
            });
          });
        }

        it('any method on any path: never 5xx, errors are { message, errors? }', async () => {
          await fc.assert(fc.asyncProperty(strayRequest, send), { seed: SEED, numRuns: RUNS });
        });
      });
    }
  });
}
