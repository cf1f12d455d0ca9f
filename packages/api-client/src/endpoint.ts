/**
 * One endpoint of Botica's API, defined once (docs/decisions/015-endpoint-definitions.md): its method,
 * path, the schemas of its path parameters, query, body and answer, its success status and who may
 * call it. The server registers its route from the definition, the ky client calls it, the portal
 * preloads it and the OpenAPI document describes it.
 */
import type * as z from 'zod/mini';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server's route adapter applies it before the handler runs.
 * - `public`: anyone, with or without a session.
 * - `user`: any logged-in user (401 without a session).
 * - `client`: a pharmacy's user (401, then 403 for laboratory staff).
 * - `own-client`: a pharmacy's user whose pharmacy is the path's `{clientId}` (403 for another).
 * - `main-user`: as `own-client`, and the pharmacy's main user (a sub-user gets 403).
 * - `can-view-invoices`, `can-send-orders`: as `own-client` when the path has a `{clientId}` (else
 *   `client`), and a sub-user needs the permission.
 * - `admin`: the laboratory's staff (401 without a session, 403 for a pharmacy's user or a sales rep).
 * - `staff`: the laboratory's staff or a sales rep (401 without a session, 403 for a pharmacy's user);
 *   a sales rep sees only his own pharmacies and what is theirs (403 for another's).
 * - `integration`: a machine client (the laboratory's ERP) with an API key in `Authorization: Bearer`,
 *   never a session: no cookies are read and no CSRF token is asked (401 without a valid key, 403
 *   when the key lacks the endpoint's `scope`, 429 past the key's rate).
 */
export type Access =
  | 'integration'
  | 'admin'
  | 'staff'
  | 'public'
  | 'user'
  | 'client'
  | 'own-client'
  | 'main-user'
  | 'can-view-invoices'
  | 'can-send-orders';

/**
 * What a machine client's key may reach (`integration` endpoints): the catalogue (products, prices,
 * categories), stock, pharmacies (and sales reps, discount groups), orders (the feed) and documents
 * (shipments, invoices, refunds and status changes sent by the ERP).
 */
export const INTEGRATION_SCOPES = ['catalogue', 'stock', 'pharmacies', 'orders', 'documents'] as const;
/** One of `INTEGRATION_SCOPES`. */
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** A file body's accepted media types (for the OpenAPI document and the browser's file picker). */
export interface Upload {
  readonly accept: readonly string[];
}

/**
 * What a successful answer carries: JSON of a schema, nothing, or a file of a media type (or of one
 * of several, when what is served depends on what is stored).
 */
export type Answer = z.ZodMiniType | { file: string | readonly string[] } | null;

/** The definition of an endpoint, as `defineEndpoint` takes it. */
export interface EndpointDefinition<
  Path extends string = string,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends Answer = Answer,
  EmptyWhenNone extends boolean = boolean,
  FileUpload extends Upload | undefined = Upload | undefined,
  Who extends Access = Access,
  Idempotent extends boolean = boolean,
> {
  method: HttpMethod;
  /** The path, OpenAPI style: `/api/v1/clients/{clientId}/orders`. */
  path: Path;
  access: Who;
  /** For `integration` endpoints: the scope the key needs (none: any valid key). */
  scope?: IntegrationScope;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The body may be left out (or be JSON null): the server reads it as `{}`. */
  optionalBody?: boolean;
  /**
   * The body is one file sent as it is, not JSON: its bytes with their media type in `Content-Type`
   * (one of `accept`, else `application/octet-stream`). The server reads at most the limit it sets
   * (413 'Fichero demasiado grande' past it, nothing stored) and checks what the bytes are by their
   * content, never by their name or declared type. A `query` may travel beside it (the file's name).
   */
  upload?: FileUpload;
  response: Response;
  /**
   * The success status.
   * @default 200 (204 when `response` is null)
   */
  status?: number;
  /** Another success status the same endpoint may answer (201 beside 200 for an idempotent create). */
  alsoStatus?: number;
  /** A 204 without a body also answers success (the cart when there is none). */
  emptyWhenNone?: EmptyWhenNone;
  /**
   * A change a machine client may retry safely: the call may carry an `Idempotency-Key` header (1 to
   * 255 printable characters). The first call with a key is applied and its answer kept; a retry with
   * the same key and body gets that answer again (`Idempotent-Replayed: true`) and changes nothing; the
   * same key with another body is a 422. The client takes the key as a trailing option:
   * `erp.products.upsert(batch, { idempotencyKey })`.
   */
  idempotent?: Idempotent;
}

/** An endpoint; `defineEndpoint` returns its definition unchanged, typed. */
export type Endpoint<
  Path extends string = string,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends Answer = Answer,
  EmptyWhenNone extends boolean = boolean,
  FileUpload extends Upload | undefined = Upload | undefined,
  Who extends Access = Access,
  Idempotent extends boolean = boolean,
> = Readonly<
  EndpointDefinition<Path, Params, Query, Body, Response, EmptyWhenNone, FileUpload, Who, Idempotent>
>;

/**
 * Defines an endpoint (returns it as given, with its types kept for the client and the server).
 * @example
 * export const getClient = defineEndpoint({
 *   method: 'GET', path: '/api/v1/clients/{clientId}', access: 'own-client',
 *   params: idParams('clientId'), response: ClientResponseSchema,
 * });
 */
export function defineEndpoint<
  const Path extends string,
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
  Response extends Answer = null,
  EmptyWhenNone extends boolean = false,
  FileUpload extends Upload | undefined = undefined,
  const Who extends Access = Access,
  const Idempotent extends boolean = false,
>(
  definition: EndpointDefinition<
    Path,
    Params,
    Query,
    Body,
    Response,
    EmptyWhenNone,
    FileUpload,
    Who,
    Idempotent
  >,
): Endpoint<Path, Params, Query, Body, Response, EmptyWhenNone, FileUpload, Who, Idempotent> {
  return definition;
}

/** An endpoint described for other teams (its OpenAPI operation's text). */
export interface EndpointDoc {
  /** The reference page's section. */
  tag: string;
  /** Short, for the reference page's menu. */
  summary: string;
  /** What it does, its rules and its failures (Markdown). */
  description?: string;
  /**
   * The failures particular to it, beyond those its access, path, query and body imply (401, 403,
   * 404, 419, 422): e.g. 406 over the monthly cap, 409 for a stale version, 429 past a limit.
   */
  failures?: readonly number[];
}

/**
 * The descriptions of groups of endpoints, one per endpoint: kept beside the definitions, not in
 * them, so that a frontend's bundle carries the contract and not its documentation.
 */
export type EndpointDocs<G extends Readonly<Record<string, Readonly<Record<string, Endpoint>>>>> = {
  readonly [Group in keyof G]: { readonly [Name in keyof G[Group]]: EndpointDoc };
};

/** The names of a path's parameters, in order: `'/a/{x}/b/{y}'` → `['x', 'y']`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? [Name, ...PathParamNames<Rest>]
  : [];

/** The request header of an idempotent call's key. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer header of a replayed idempotent call. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** What an `Idempotency-Key` may be: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The success status of an endpoint. */
export function successStatus(endpoint: Endpoint): number {
  return endpoint.status ?? (endpoint.response === null ? 204 : 200);
}

/** The names of an endpoint's path parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * The path with its parameters filled in, without the leading slash (ky resolves it against the
 * client's base URL).
 * @example fillPath('/api/v1/clients/{clientId}', { clientId: 7 }) // 'api/v1/clients/7'
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  const parts = pathParts(path);
  let filled = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index] as string;
    const value = params[name];
    if (value === undefined) throw new TypeError(`the path ${path} needs {${name}}`);
    filled += encodeURIComponent(String(value)) + (parts[index + 1] as string);
  }
  return filled;
}

/** Each path's pieces, split once: text, a parameter's name, text, … (a server fills thousands a second). */
const splitPaths = new Map<string, readonly string[]>();

function pathParts(path: string): readonly string[] {
  let parts = splitPaths.get(path);
  if (!parts) {
    parts = path.slice(1).split(/\{(\w+)\}/);
    // The endpoints' paths are few; a caller's own paths are not kept beyond a bound.
    if (splitPaths.size < 1_000) splitPaths.set(path, parts);
  }
  return parts;
}

/** The path in the router's notation: `{clientId}` → `:clientId`. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
