/**
 * Registers a route from its endpoint definition (`@botica/api-client/endpoints`, decision 015): the
 * one adapter between Fastify and a module's handler. It checks who may call it (401/403), the path's
 * ids (404 when one cannot exist), the query and the body (422 with the Spanish messages per field);
 * then the handler's answer is checked against the response schema before it leaves, with the
 * definition's success status. Handlers no longer parse, guard or check by hand.
 */
import type { Access, Endpoint } from '@botica/api-client/endpoints';
import { IDEMPOTENT_REPLAYED_HEADER, routerPath, successStatus } from '@botica/api-client/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { SessionUser } from '../auth/session-user.ts';
import { INTEGRATION_PATH } from '../auth/sessions.ts';
import type { CoreContext } from '../core-context.ts';
import { type IdempotentAnswer, idempotencyKeyOf, requestHash } from '../integration/idempotency.ts';
import { HttpError } from './errors.ts';
import {
  type IntegrationKey,
  requireAdmin,
  requireClient,
  requireIntegrationKey,
  requireMainUser,
  requireOwnClient,
  requirePermission,
  requireStaff,
  requireUser,
} from './guards.ts';
import { output, parse } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body is a file (its 413 says 'Fichero demasiado grande'). */
    upload?: boolean;
  }
}

/** The parsed type of an optional schema, undefined when there is none. */
type Infer<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodMiniType
    ? z.infer<NonNullable<S>>
    : undefined;

/** What a handler receives: the parsed input, the session's user (null when public) and the raw pair. */
export interface EndpointCall<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** The JSON body parsed, or for an upload the file's bytes (at most the route's `bodyLimit`). */
  body: [NonNullable<E['upload']>] extends [never] ? Infer<E['body']> : Buffer;
  /**
   * The session's user, checked against the endpoint's access; null for a public endpoint without one,
   * and always null in the integration area (no session is read there).
   */
  user: E['access'] extends 'integration'
    ? null
    : E['access'] extends 'public'
      ? SessionUser | null
      : E['access'] extends 'user' | 'admin' | 'staff'
        ? SessionUser
        : SessionUser & { clientId: number };
  /** The API key of an integration endpoint's call, with the endpoint's scope (null elsewhere). */
  integration: E['access'] extends 'integration' ? IntegrationKey : null;
  /**
   * The context to make the call's changes with: for an idempotent endpoint's call with an
   * `Idempotency-Key`, the given one on the transaction that also keeps the answer (so the change and
   * its answer commit together); otherwise the given one unchanged.
   */
  within: <C extends CoreContext>(context: C) => C;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An answer with another success status than the definition's first (201 beside 200). */
export interface WithStatus<T> {
  readonly status: number;
  readonly body: T;
  readonly [WITH_STATUS]: true;
}
const WITH_STATUS = Symbol('with status');
/** A file's handler sends its reply itself. */
const SENT_BY_HANDLER = Symbol('sent by the handler');

/** The answer `body` with the success status `status` (one the definition allows). */
export function withStatus<T>(status: number, body: T): WithStatus<T> {
  return { status, body, [WITH_STATUS]: true };
}

type Answer<E extends Endpoint> = E['response'] extends z.ZodMiniType
  ?
      | z.input<E['response']>
      | (NonNullable<E['emptyWhenNone']> extends true ? null : never)
      | WithStatus<z.input<E['response']>>
  : E['response'] extends { file: string | readonly string[] }
    ? FastifyReply
    : undefined;

/**
 * What a handler does: the answer (checked before it leaves), or the reply it sent itself (files).
 * `prepared` is what the route's `before` step found (undefined without one).
 */
export type EndpointHandler<E extends Endpoint, Prepared = undefined> = (
  call: EndpointCall<E> & { prepared: Prepared },
) => Promise<Answer<E>>;

/**
 * The ids of the path (404 when one cannot exist: it names nothing). A valid `{clientId}` beside a
 * malformed id is checked first: another pharmacy's id is a 403 whatever follows it.
 */
function parseParams(endpoint: Endpoint, raw: unknown, request: FastifyRequest): unknown {
  if (!endpoint.params) return undefined;
  const result = endpoint.params.safeParse(raw);
  if (result.success) return result.data;
  const clientIdSchema = (endpoint.params as { shape?: Record<string, z.ZodMiniType> }).shape?.clientId;
  const clientId = clientIdSchema?.safeParse((raw as { clientId?: unknown } | undefined)?.clientId);
  if (clientId?.success) pathAllowed(endpoint.access, request, { clientId: clientId.data });
  throw new HttpError(404, 'El recurso solicitado no existe.');
}

/**
 * The body to check: where the definition lets it be left out, none (or JSON null) is `{}`; elsewhere
 * it is checked as it came (the 422 says the body is missing).
 */
function bodyOf(endpoint: Endpoint, raw: unknown): unknown {
  return (raw === undefined || raw === null) && endpoint.optionalBody ? {} : raw;
}

/**
 * Reads the bodies of uploads (endpoints with `upload`): the file's bytes as they came, up to the
 * route's limit. A cross-site form cannot send these types, and every change needs the CSRF header.
 */
export function installUploads(app: FastifyInstance): void {
  app.addContentTypeParser(
    /^(application\/octet-stream|application\/pdf|image\/[\w.+-]+)$/,
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
}

/** An upload's bytes: a file sent as it is (any other body, JSON included, is a 422). */
function uploaded(raw: unknown): Buffer {
  if (Buffer.isBuffer(raw) && raw.length > 0) return raw;
  throw new HttpError(422, 'Falta el fichero.', { file: ['Elige un fichero.'] });
}

/** `tags[]=1&tags[]=2` (bracket notation, how the portal writes arrays) as `tags: ['1', '2']`. */
function bracketArrays(query: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (!key.endsWith('[]')) {
      result[key] = value;
      continue;
    }
    const name = key.slice(0, -2);
    const previous = result[name];
    const items = Array.isArray(value) ? value : [value];
    result[name] = Array.isArray(previous) ? [...previous, ...items] : items;
  }
  return result;
}

/** The session's part of the access rule (401 without a session, 403 for the wrong kind of user). */
function sessionAllowed(access: Access, request: FastifyRequest): SessionUser | null {
  if (access === 'integration') return null;
  if (access === 'public') return request.session?.user ?? null;
  if (access === 'user') return requireUser(request);
  if (access === 'admin') return requireAdmin(request);
  if (access === 'staff') return requireStaff(request);
  return requireClient(request);
}

/** The path's part: the `{clientId}` must be the session's pharmacy, with the permission asked. */
function pathAllowed(access: Access, request: FastifyRequest, params: unknown): void {
  const clientId = (params as { clientId?: number } | undefined)?.clientId;
  if (access === 'own-client') requireOwnClient(request, clientId ?? Number.NaN);
  else if (access === 'main-user') requireMainUser(request, clientId ?? Number.NaN);
  else if (access === 'can-view-invoices' || access === 'can-send-orders') {
    if (clientId !== undefined) requireOwnClient(request, clientId);
    requirePermission(request, access === 'can-view-invoices' ? 'can_view_invoices' : 'can_send_orders');
  }
}

/** What runs between the access check and the reading of the query and body. */
export type BeforeInput<E extends Endpoint, Prepared = undefined> = (
  call: Pick<EndpointCall<E>, 'params' | 'user' | 'integration' | 'request' | 'reply'>,
) => Promise<Prepared>;

/**
 * Registers `endpoint` on `app` with `handler`. In order: the session (401/403), the path's ids
 * (404), the path's pharmacy and permission (403), `options.before` (a rate limit, or a state that
 * answers before the body is read), the query and the body (422), the handler, its answer's check.
 * @example
 * route(app, configurations.laboratory, async () => context.settings.identity);
 */
export function route<E extends Endpoint, Prepared = undefined>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, NoInfer<Prepared>>,
  options: {
    before?: BeforeInput<E, Prepared>;
    /** The largest body read, in bytes (an upload's limit; the server's 256 KB otherwise). */
    bodyLimit?: number;
    /**
     * The handler judges every text of the body itself (a batch answered item by item): a character
     * that cannot be stored is then its item's error, not the whole body's 422.
     */
    charactersByHandler?: boolean;
  } = {},
): void {
  const status = successStatus(endpoint);
  // The session layer skips exactly the integration area's paths: an endpoint on the wrong side of
  // that line would lose its CSRF check, or ask a machine client for one.
  if ((endpoint.access === 'integration') !== INTEGRATION_PATH.test(endpoint.path))
    throw new Error(
      `${endpoint.method} ${endpoint.path}: only the integration area lives under /api/v1/integration`,
    );
  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { upload: endpoint.upload !== undefined },
    handler: async (request, reply) => {
      const integration =
        endpoint.access === 'integration' ? requireIntegrationKey(request, endpoint.scope) : null;
      const user = sessionAllowed(endpoint.access, request);
      const params = parseParams(endpoint, request.params, request);
      pathAllowed(endpoint.access, request, params);
      const prepared = await options.before?.({ params, user, integration, request, reply } as Parameters<
        BeforeInput<E, Prepared>
      >[0]);
      const query = endpoint.query ? parse(endpoint.query, bracketArrays(request.query)) : undefined;
      const body = endpoint.upload
        ? uploaded(request.body)
        : endpoint.body
          ? parse(endpoint.body, bodyOf(endpoint, request.body), {
              charactersByHandler: options.charactersByHandler === true,
            })
          : undefined;
      const idempotencyKey =
        endpoint.idempotent && integration !== null ? idempotencyKeyOf(request) : undefined;
      /** The handler's answer as it leaves: its status and checked body, or the reply it sent itself. */
      const answerOf = async (
        within: <C extends CoreContext>(context: C) => C,
      ): Promise<IdempotentAnswer | typeof SENT_BY_HANDLER> => {
        const answer: unknown = await handler({
          params,
          query,
          body,
          user,
          integration,
          within,
          request,
          reply,
          prepared,
        } as EndpointCall<E> & {
          prepared: Prepared;
        });
        const schema = endpoint.response;
        if (schema === null) return { status, body: null };
        if ('file' in schema) return SENT_BY_HANDLER;
        if (answer === null && endpoint.emptyWhenNone) return { status: 204, body: null };
        if (typeof answer === 'object' && answer !== null && WITH_STATUS in answer) {
          const given = answer as WithStatus<unknown>;
          if (given.status !== status && given.status !== endpoint.alsoStatus)
            throw new Error(`${endpoint.method} ${endpoint.path} may not answer ${given.status}`);
          return { status: given.status, body: output(schema, given.body) };
        }
        return { status, body: output(schema, answer) };
      };
      const send = (answer: IdempotentAnswer | typeof SENT_BY_HANDLER) => {
        if (answer === SENT_BY_HANDLER) return reply;
        if (answer.status === 204 || answer.body === null) return reply.code(answer.status).send();
        return reply.code(answer.status).send(answer.body);
      };
      if (idempotencyKey === undefined || integration === null)
        return send(await answerOf((context) => context));
      const calls = request.server.idempotentCalls;
      if (!calls) throw new Error('idempotent endpoints need installIdempotency(app, context)');
      const result = await calls.run(
        { keyId: integration.id, idempotencyKey, requestHash: requestHash(request) },
        async (transaction) => {
          const answer = await answerOf((context) => ({ ...context, db: transaction.db }));
          if (answer === SENT_BY_HANDLER)
            throw new Error(`${endpoint.method} ${endpoint.path}: an idempotent answer is JSON, not a file`);
          return answer;
        },
      );
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return send(result);
    },
  });
}
