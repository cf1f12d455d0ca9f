/**
 * `createApiClient`: every endpoint of the /api/v1 contract as one documented function, grouped by
 * area. Built on ky 2: cookies travel with every call (`credentials: 'include'`), every POST, PUT
 * and DELETE first fetches the CSRF cookie and sends it back in `X-XSRF-TOKEN` (as Laravel Sanctum
 * does), every answer is parsed with its zod schema, and every failure is one `ApiError`.
 */
import ky, { type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { CookieJar } from './cookie-jar.ts';
import {
  type Endpoint,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  type PathParamNames,
  pathParamNames,
} from './endpoint.ts';
import { portalEndpoints } from './endpoints/portal.ts';
import { toSearchParams } from './search-params.ts';
import { schemaMismatch, toApiError } from './to-api-error.ts';

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Where the API lives, e.g. `https://api.example.com` or `/` for the page's own origin. */
  baseUrl: string | URL;
  /**
   * Milliseconds to wait for an answer before failing with an `ApiError` of status 'timeout'.
   * @default 10000
   */
  timeout?: number;
  /** A fetch to use instead of the global one (tests, instrumentation). */
  fetch?: typeof fetch;
  /**
   * Where cookies live: the browser's own store, or a jar inside the client (for Node, where there is
   * no `document.cookie`).
   * @default 'browser' when `document` exists, else 'jar'
   */
  cookies?: 'browser' | 'jar';
  /**
   * The jar to keep the cookies in, when `cookies` is 'jar': give two clients (the portal's and the
   * back office's area) one jar to share one session.
   * @default a jar of this client's own
   */
  jar?: CookieJar;
  /**
   * A machine client's API key (the integration area): sent as `Authorization: Bearer`; no cookie is
   * kept or sent and no CSRF token is fetched.
   */
  apiKey?: string;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The page's document, if any (typed here so the client also type-checks without the DOM library). */
function pageDocument(): { cookie: string } | undefined {
  return (globalThis as { document?: { cookie: string } }).document;
}

function browserCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = (pageDocument()?.cookie ?? '').split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/**
 * The transport every client of an area shares: ky with the session's cookies, the CSRF token before
 * every POST, PUT and DELETE, and `send`, which calls one endpoint and parses its answer.
 */
function createTransport(options: ApiClientOptions): { send: Send } {
  if (options.apiKey !== undefined) return keyTransport(options, options.apiKey);
  const useJar = (options.cookies ?? (pageDocument() === undefined ? 'jar' : 'browser')) === 'jar';
  const jar = options.jar ?? new CookieJar();
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookie = (name: string) => {
    if (!useJar) return browserCookie(name);
    const raw = jar.get(name);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  };

  const fetchWithJar: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const cookie = jar.header();
    if (cookie) request.headers.set('cookie', cookie);
    const response = await baseFetch(request);
    jar.store(response.headers.getSetCookie?.() ?? []);
    return response;
  };

  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl,
    timeout: options.timeout ?? 10_000,
    credentials: 'include',
    retry: 0,
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    fetch: useJar ? fetchWithJar : baseFetch,
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!STATE_CHANGING.has(request.method)) return;
          await http.get('sanctum/csrf-cookie');
          const token = readCookie(XSRF_COOKIE);
          if (token) request.headers.set('x-xsrf-token', token);
        },
      ],
    },
  });
  return { send: sender(http) };
}

/** The transport of a machine client: the API key in every call, no cookies, no CSRF token. */
function keyTransport(options: ApiClientOptions, apiKey: string): { send: Send } {
  const http = ky.create({
    baseUrl: options.baseUrl,
    timeout: options.timeout ?? 10_000,
    credentials: 'omit',
    retry: 0,
    headers: { accept: 'application/json', authorization: `Bearer ${apiKey}` },
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  return { send: sender(http) };
}

/** `send` over a ky instance: one endpoint called, its answer parsed. */
function sender(http: KyInstance): Send {
  /** One call of an endpoint: the request, the schema check of the answer, every failure an ApiError. */
  async function send<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput = {},
  ): Promise<EndpointResult<E>> {
    try {
      const hasBody = endpoint.body !== undefined;
      const file = endpoint.upload ? input.file : undefined;
      const key = endpoint.idempotent ? input.idempotencyKey : undefined;
      const headers: Record<string, string> = {
        ...(file ? { 'content-type': file.type || 'application/octet-stream' } : {}),
        ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
      };
      const response = await http(fillPath(endpoint.path, input.params), {
        method: endpoint.method,
        ...(hasBody ? { json: input.body ?? {} } : {}),
        ...(file ? { body: file } : {}),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(input.query === undefined ? {} : { searchParams: toSearchParams(input.query) }),
      });
      const answer = endpoint.response;
      if (answer === null) return undefined as EndpointResult<E>;
      if (endpoint.emptyWhenNone && response.status === 204) return null as EndpointResult<E>;
      if ('file' in answer) return (await response.blob()) as EndpointResult<E>;
      const data: unknown = response.status === 204 ? undefined : await response.json();
      const parsed = answer.safeParse(data);
      if (!parsed.success) throw schemaMismatch(response.status, parsed.error.issues);
      return parsed.data as EndpointResult<E>;
    } catch (error) {
      throw toApiError(error);
    }
  }

  return send;
}

/**
 * A client of any groups of endpoint definitions (an area's, or a team's own selection): each
 * endpoint a function taking the path's ids in order, then its body or query.
 * @example
 * const orders = createEndpointClient({ orders: portalEndpoints.orders }, { baseUrl: '/' });
 * await orders.orders.list(7, { page: 2 });
 */
export function createEndpointClient<G extends Record<string, Record<string, Endpoint>>>(
  groups: G,
  options: ApiClientOptions,
): CallGroups<G> {
  return callGroups(groups, createTransport(options).send);
}

/**
 * Creates a client of Botica's API (the portal's area): `createEndpointClient` of every portal
 * endpoint, two methods adjusted.
 * @example
 * const api = createApiClient({ baseUrl: 'http://localhost:8080' });
 * await api.auth.login({ username: 'farmacia.demo', password: 'Botica2026' });
 * const { hits } = await api.search.query({ query: 'equinácea' });
 */
export function createApiClient(options: ApiClientOptions) {
  const { send } = createTransport(options);
  const client = callGroups(portalEndpoints, send);
  return {
    ...client,
    configurations: {
      ...client.configurations,
      /** `GET /api/v1/configurations?per_page=500`: every key/value pair (minimum order, monthly cap…). */
      list: () => send(portalEndpoints.configurations.list, { query: { per_page: 500 } }),
    },
    orders: {
      ...client.orders,
      /**
       * `GET /api/v1/clients/{clientId}/orders/{orderId}`: one order with its shipments, invoices,
       * refunds and timeline (no invoices nor refunds for a user who may not see invoices).
       */
      get: async (clientId: number, orderId: number) =>
        (await send(portalEndpoints.orders.get, { params: { clientId, orderId } })).data,
    },
  };
}

/** The least time an upload is given: 20 MB at about 2 Mbit/s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** What one call carries: the path's parameters, the query and the JSON body, or the file uploaded. */
export interface EndpointInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean | readonly (string | number)[] | undefined>>;
  body?: unknown;
  file?: Blob;
  /** An idempotent endpoint's `Idempotency-Key` (ignored elsewhere). */
  idempotencyKey?: string;
}

/** The trailing option of an idempotent endpoint's call. */
export interface IdempotentCallOptions {
  /**
   * The key of this change (1 to 255 printable characters, e.g. a UUID per batch): a retry with the
   * same key and body is answered as the first call was, and changes nothing again.
   */
  idempotencyKey?: string;
}

/** What a call of an endpoint resolves to: its answer parsed, nothing, a file, or null for a 204. */
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodMiniType
  ? NonNullable<E['emptyWhenNone']> extends true
    ? z.infer<E['response']> | null
    : z.infer<E['response']>
  : E['response'] extends { file: string | readonly string[] }
    ? Blob
    : undefined;

type BodyOf<E extends Endpoint> = NonNullable<E['body']>;
type QueryOf<E extends Endpoint> = NonNullable<E['query']>;

/** The payload a call takes after the path's ids: the file and its query, the body, else the query. */
type Payload<E extends Endpoint> = [NonNullable<E['upload']>] extends [never]
  ? BodyPayload<E>
  : [QueryOf<E>] extends [never]
    ? [file: Blob]
    : [file: Blob, query: z.infer<QueryOf<E>>];

type BodyPayload<E extends Endpoint> = [BodyOf<E>] extends [never]
  ? [QueryOf<E>] extends [never]
    ? []
    : [query?: z.infer<QueryOf<E>>]
  : // biome-ignore lint/complexity/noBannedTypes: an empty object literal is what an all-optional body accepts
    {} extends z.infer<BodyOf<E>>
    ? [payload?: z.infer<BodyOf<E>>]
    : [payload: z.infer<BodyOf<E>>];

/** The path's parameters as positional arguments, in their order in the path. */
type PathArgs<Names extends readonly string[]> = { [I in keyof Names]: number | string };

/** An idempotent endpoint's call ends with its options (the `Idempotency-Key`). */
type Trailing<E extends Endpoint> =
  NonNullable<E['idempotent']> extends true ? [options?: IdempotentCallOptions] : [];

/** An endpoint as a function: its path's ids in order, then its body or query (then its options). */
export type EndpointCall<E extends Endpoint> = (
  ...args: [...PathArgs<PathParamNames<E['path']>>, ...Payload<E>, ...Trailing<E>]
) => Promise<EndpointResult<E>>;

/** Groups of endpoints as groups of functions. */
export type CallGroups<G extends Record<string, Record<string, Endpoint>>> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: EndpointCall<G[Group][Name]> };
};

type Send = <E extends Endpoint>(endpoint: E, input?: EndpointInput) => Promise<EndpointResult<E>>;

/** Every endpoint of the groups as a function calling it through `send`. */
function callGroups<G extends Record<string, Record<string, Endpoint>>>(
  groups: G,
  send: Send,
): CallGroups<G> {
  const calls = Object.entries(groups).map(([group, endpoints]) => [
    group,
    Object.fromEntries(
      Object.entries(endpoints).map(([name, endpoint]) => [name, endpointCall(endpoint, send)]),
    ),
  ]);
  return Object.fromEntries(calls) as unknown as CallGroups<G>;
}

/** One endpoint as a function: the path's ids, then the body (or the query). */
function endpointCall(endpoint: Endpoint, send: Send) {
  const names = pathParamNames(endpoint.path);
  return (...args: unknown[]) => {
    const params = Object.fromEntries(names.map((name, index) => [name, args[index] as string | number]));
    const payload = args[names.length];
    if (endpoint.idempotent && endpoint.body !== undefined) {
      const options = args[names.length + 1] as IdempotentCallOptions | undefined;
      return send(endpoint, {
        params,
        body: payload,
        ...(options?.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
      });
    }
    if (endpoint.upload !== undefined)
      return send(endpoint, {
        params,
        file: payload as Blob,
        query: args[names.length + 1] as EndpointInput['query'],
      });
    if (endpoint.body !== undefined) return send(endpoint, { params, body: payload });
    if (endpoint.query !== undefined && payload !== undefined)
      return send(endpoint, { params, query: payload as EndpointInput['query'] });
    return send(endpoint, { params });
  };
}

/** A client of Botica's API. */
export type ApiClient = ReturnType<typeof createApiClient>;
