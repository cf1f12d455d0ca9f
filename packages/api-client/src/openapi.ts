/**
 * The OpenAPI 3.1 document of Botica's API, built from the endpoint definitions: every path, its
 * parameters, body, answers, failures and who may call it. The API serves it at `/api/openapi.json`.
 */
import * as z from 'zod/mini';
import {
  type Access,
  type Endpoint,
  type EndpointDoc,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  pathParamNames,
  successStatus,
} from './endpoint.ts';
import { ErrorBodySchema } from './schemas/common.ts';

/** Groups of endpoints (`{ cart: { get, save } }`); the operation id is `group.name`. */
export type EndpointGroups = Readonly<Record<string, Readonly<Record<string, Endpoint>>>>;

/** One area of the API: its endpoints and their descriptions (`EndpointDocs`). */
export interface DocumentedArea {
  endpoints: EndpointGroups;
  docs: Readonly<Record<string, Readonly<Record<string, EndpointDoc>>>>;
}

/** What `openApiDocument` needs beside the endpoints. */
export interface OpenApiOptions {
  title: string;
  version: string;
  /** Markdown shown above the reference. */
  description: string;
  /** The servers' URLs; the API's own origin when empty. */
  servers?: readonly string[];
}

type JsonObject = Record<string, unknown>;

const ACCESS_TEXT: Readonly<Record<Access, string>> = {
  integration:
    "A machine client (the laboratory's ERP) with an API key in `Authorization: Bearer` (401 without a valid key, 403 without the scope, 429 past the key's rate); no cookies, no CSRF token.",
  admin: "The laboratory's staff (401 without a session, 403 for anyone else).",
  staff:
    "The laboratory's staff, or a sales rep for his own pharmacies only (401 without a session, 403 for a pharmacy's user or another rep's pharmacy).",
  public: 'Anyone, with or without a session.',
  user: 'A logged-in user (401 without a session).',
  client: "A pharmacy's user (401 without a session, 403 for laboratory staff).",
  'own-client': "A user of the path's pharmacy (403 for another pharmacy's id).",
  'main-user': "The main user of the path's pharmacy (403 for a sub-user).",
  'can-view-invoices':
    'A user of the pharmacy who may see its invoices (403 for a sub-user without the permission).',
  'can-send-orders':
    'A user of the pharmacy who may send orders (403 for a sub-user without the permission).',
};

const FAILURES: Readonly<Record<number, string>> = {
  401: 'No session, or it has expired (for the integration area: no API key, or a revoked or unknown one).',
  403: 'The session (or the API key: its scopes) may not do this.',
  406: 'Over the monthly purchase cap: `message` says by how much.',
  404: 'The resource does not exist (or is not this pharmacy’s).',
  409: 'The resource changed or can no longer change.',
  413: 'The file is over the size limit (`Fichero demasiado grande`); nothing was stored.',
  419: 'The CSRF token is missing or stale: fetch `/sanctum/csrf-cookie` and retry.',
  422: 'Invalid input: `errors` holds the Spanish messages per field.',
  429: 'Too many attempts or requests: wait `Retry-After` seconds.',
  503: 'In maintenance, or the database does not answer: retry after `Retry-After` seconds.',
};

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as sent or as received. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** Replaces every `$ref` in a JSON value as `rewrite` says. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? rewrite(item) : rewriteRefs(item, rewrite),
    ]),
  );
}

/**
 * The document's shared schemas. A recursive schema (a category and its children) converts with its
 * own `$defs` and `$ref`s relative to itself: it moves to `components/schemas` under `name`, its
 * definitions beside it, and the operation refers to it.
 */
class Components {
  readonly schemas: Record<string, JsonObject> = {};

  schema(schema: z.ZodMiniType, io: 'input' | 'output', name: string): JsonObject {
    const json = jsonSchema(schema, io);
    if (!JSON.stringify(json).includes('"$ref"')) return json;
    const { $defs, ...root } = json as JsonObject & { $defs?: Record<string, JsonObject> };
    const target = (definition: string) => `#/components/schemas/${name}.${definition}`;
    const rewrite = (ref: string) =>
      ref === '#'
        ? `#/components/schemas/${name}`
        : ref.replace(/^#\/\$defs\/(.+)$/, (_, definition: string) => target(definition));
    this.schemas[name] = rewriteRefs(root, rewrite) as JsonObject;
    for (const [definition, value] of Object.entries($defs ?? {}))
      this.schemas[`${name}.${definition}`] = rewriteRefs(value, rewrite) as JsonObject;
    return { $ref: `#/components/schemas/${name}` };
  }
}

/** The properties of an object schema's JSON Schema, with which are required. */
function properties(schema: z.ZodMiniType): { name: string; schema: JsonObject; required: boolean }[] {
  const json = jsonSchema(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}

function parameters(endpoint: Endpoint): JsonObject[] {
  const pathNames = pathParamNames(endpoint.path);
  const inPath = endpoint.params ? properties(endpoint.params) : [];
  const path = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: inPath.find((property) => property.name === name)?.schema ?? { type: 'string' },
  }));
  const query = (endpoint.query ? properties(endpoint.query) : []).map(({ name, schema, required }) =>
    schema.type === 'array'
      ? { name: `${name}[]`, in: 'query', required, schema, style: 'form', explode: true }
      : { name, in: 'query', required, schema },
  );
  const idempotency = endpoint.idempotent
    ? [
        {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description:
            'The key of this change (1 to 255 printable characters, e.g. a UUID per batch). A retry with the same key and body is answered as the first call was, with `Idempotent-Replayed: true`, and changes nothing; the same key with another body is a 422 under `Idempotency-Key`. Keys are kept 7 days, per API key.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
        },
      ]
    : [];
  return [...path, ...query, ...idempotency];
}

function failureStatuses(endpoint: Endpoint, doc: EndpointDoc): number[] {
  const statuses = new Set<number>(doc.failures ?? []);
  if (endpoint.access !== 'public') statuses.add(401).add(403);
  if (pathParamNames(endpoint.path).length > 0) statuses.add(404);
  if (endpoint.body || endpoint.query || endpoint.params || endpoint.upload) statuses.add(422);
  if (endpoint.upload) statuses.add(413);
  if (endpoint.access === 'integration') statuses.add(429);
  else if (endpoint.method !== 'GET') statuses.add(419);
  return [...statuses].sort((a, b) => a - b);
}

function successContent(id: string, endpoint: Endpoint, components: Components): JsonObject | undefined {
  const answer = endpoint.response;
  if (answer === null) return undefined;
  if ('file' in answer) {
    const types: readonly string[] = typeof answer.file === 'string' ? [answer.file] : answer.file;
    return Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  }
  return { 'application/json': { schema: components.schema(answer, 'output', `${id}.response`) } };
}

/** How a call authenticates: none, the session cookie, or an API key with its scope. */
function security(endpoint: Endpoint): JsonObject {
  if (endpoint.access === 'public') return {};
  if (endpoint.access === 'integration')
    return { security: [{ apiKey: endpoint.scope ? [endpoint.scope] : [] }] };
  return { security: [{ session: [] }] };
}

function operation(id: string, endpoint: Endpoint, doc: EndpointDoc, components: Components): JsonObject {
  const status = successStatus(endpoint);
  const content = successContent(id, endpoint, components);
  const success = {
    description: status === 204 ? 'Done, without a body.' : 'Success.',
    ...(content ? { content } : {}),
  };
  const replayable = endpoint.idempotent
    ? {
        headers: {
          [IDEMPOTENT_REPLAYED_HEADER]: {
            description:
              '`true` when this is the kept answer of an earlier call with the same `Idempotency-Key`.',
            schema: { type: 'string', enum: ['true'] },
          },
        },
      }
    : {};
  const responses: JsonObject = { [String(status)]: { ...success, ...replayable } };
  if (endpoint.alsoStatus) responses[String(endpoint.alsoStatus)] = success;
  if (endpoint.emptyWhenNone) responses['204'] = { description: 'There is none.' };
  for (const failure of failureStatuses(endpoint, doc))
    responses[String(failure)] = { $ref: `#/components/responses/Error${failure}` };
  const body = endpoint.upload
    ? {
        requestBody: {
          required: true,
          description: 'The file itself (not multipart, not JSON); what it is is checked by its content.',
          content: Object.fromEntries(
            endpoint.upload.accept.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        },
      }
    : endpoint.body
      ? {
          requestBody: {
            required: !endpoint.optionalBody,
            content: {
              'application/json': { schema: components.schema(endpoint.body, 'input', `${id}.body`) },
            },
          },
        }
      : {};
  const who =
    endpoint.access === 'integration' && endpoint.scope
      ? `${ACCESS_TEXT.integration} The key needs the scope \`${endpoint.scope}\`.`
      : ACCESS_TEXT[endpoint.access];
  const description = [doc.description, `**Who may call it:** ${who}`].filter(Boolean).join('\n\n');
  return {
    operationId: id,
    tags: [doc.tag],
    summary: doc.summary,
    description,
    ...security(endpoint),
    'x-botica-access': endpoint.access,
    parameters: parameters(endpoint),
    ...body,
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the given endpoint groups.
 * @example openApiDocument([{ endpoints: portalEndpoints, docs: portalDocs }], { title: 'Botica API', version: '1', description: '' })
 */
export function openApiDocument(areas: readonly DocumentedArea[], options: OpenApiOptions): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const tags = new Set<string>();
  const components = new Components();
  for (const { endpoints: groups, docs } of areas) {
    for (const [group, endpoints] of Object.entries(groups)) {
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const doc = docs[group]?.[name];
        if (!doc) throw new Error(`${group}.${name} has no description`);
        const methods = paths[endpoint.path] ?? {};
        const method = endpoint.method.toLowerCase();
        if (methods[method]) throw new Error(`${endpoint.method} ${endpoint.path} is defined twice`);
        methods[method] = operation(`${group}.${name}`, endpoint, doc, components);
        paths[endpoint.path] = methods;
        tags.add(doc.tag);
      }
    }
  }
  const errorResponses = Object.fromEntries(
    Object.entries(FAILURES).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    ...(options.servers?.length ? { servers: options.servers.map((url) => ({ url })) } : {}),
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output'), ...components.schemas },
      responses: errorResponses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'botica_session',
          description:
            'The session cookie set by `POST /api/v1/auth/login`. Every POST, PUT and DELETE also sends the `XSRF-TOKEN` cookie back in the `X-XSRF-TOKEN` header.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A machine client's API key (`Authorization: Bearer bk_…`), created by an admin in the back office (Integración → Claves de API) or with `pnpm --filter @botica/api api-keys add`, shown once. Each key has scopes (`catalogue`, `stock`, `pharmacies`, `orders`, `documents`) and a rate per minute; the `/api/v1/integration/…` endpoints take no cookie and no CSRF token.",
        },
      },
    },
  };
}
