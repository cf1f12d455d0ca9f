/**
 * The back office's side of the integration (`/api/v1/admin/api-keys…`): the machine clients' API
 * keys as the admins list, create and revoke them, and each key's log of calls. A key's secret is in
 * one answer only, its creation's.
 */
import * as z from 'zod/mini';
import { INTEGRATION_SCOPES } from '../endpoint.ts';
import { DateTimeSchema, IdSchema, paginated, trimmedText } from './common.ts';
import { IntegrationScopeSchema } from './integration.ts';

/** The Spanish messages of the keys' refusals, as the server sends them under each field. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Escribe un nombre.',
  nameTooLong: 'Máximo 100 caracteres.',
  scopesRequired: 'Elige al menos un permiso.',
  scopeUnknown: `Permiso desconocido. Usa ${INTEGRATION_SCOPES.join(', ')}.`,
  rateInvalid: 'Entre 1 y 100.000 llamadas por minuto.',
  notFound: 'La clave de API no existe.',
} as const;

/** The longest name of a key. */
export const API_KEY_NAME_MAX = 100;
/** The lowest and highest rate of a key, calls per minute. */
export const API_KEY_RATE_LIMITS = { min: 1, max: 100_000, default: 600 } as const;
/** The calls one page of a key's log holds. */
export const API_KEY_CALLS_PER_PAGE = 50;

/** A key as the back office lists it: never its secret. */
export const AdminApiKeySchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The secret's first characters (`bk_3f9a1c`): how a key is named on screen. */
  prefix: z.string(),
  scopes: z.array(IntegrationScopeSchema),
  rate_per_minute: z.int(),
  created_at: DateTimeSchema,
  /** The staff member who created it; null from the command line. */
  created_by: z.nullable(z.string()),
  /** Its last call, to the minute; null when it has never called. */
  last_used_at: z.nullable(DateTimeSchema),
  revoked_at: z.nullable(DateTimeSchema),
  /** Who revoked it; null from the command line (or while it is active). */
  revoked_by: z.nullable(z.string()),
  /** Its calls in the last 24 hours, and how many of them failed (status 400 or more). */
  calls_24h: z.int().check(z.gte(0)),
  failed_24h: z.int().check(z.gte(0)),
});
export type AdminApiKey = z.infer<typeof AdminApiKeySchema>;

/** `GET /api/v1/admin/api-keys`: every key, newest first. */
export const AdminApiKeysResponseSchema = z.object({ data: z.array(AdminApiKeySchema) });
export type AdminApiKeysResponse = z.infer<typeof AdminApiKeysResponseSchema>;

/** `POST /api/v1/admin/api-keys/{id}/revoke`: the key as it is now. */
export const AdminApiKeyResponseSchema = z.object({ data: AdminApiKeySchema });
export type AdminApiKeyResponse = z.infer<typeof AdminApiKeyResponseSchema>;

/** `POST /api/v1/admin/api-keys`: a name, what it may reach and its rate (600 a minute when absent). */
export const AdminApiKeyCreateRequestSchema = z.object({
  name: trimmedText(
    API_KEY_NAME_MAX,
    API_KEY_MESSAGES.nameTooLong,
    API_KEY_MESSAGES.nameRequired,
    API_KEY_MESSAGES.nameRequired,
  ),
  // Items checked as a whole, so that an unknown scope is refused under `scopes` itself.
  scopes: z.array(z.string(API_KEY_MESSAGES.scopeUnknown), API_KEY_MESSAGES.scopesRequired).check(
    z.minLength(1, API_KEY_MESSAGES.scopesRequired),
    z.maxLength(INTEGRATION_SCOPES.length, API_KEY_MESSAGES.scopeUnknown),
    z.refine(
      (scopes) => scopes.every((scope) => (INTEGRATION_SCOPES as readonly string[]).includes(scope)),
      API_KEY_MESSAGES.scopeUnknown,
    ),
  ),
  rate_per_minute: z.optional(
    z
      .int(API_KEY_MESSAGES.rateInvalid)
      .check(
        z.gte(API_KEY_RATE_LIMITS.min, API_KEY_MESSAGES.rateInvalid),
        z.lte(API_KEY_RATE_LIMITS.max, API_KEY_MESSAGES.rateInvalid),
      ),
  ),
});
export type AdminApiKeyCreateRequest = z.infer<typeof AdminApiKeyCreateRequestSchema>;

/** The answer of a creation: the key, and its secret (`bk_…`), shown this once and never again. */
export const AdminApiKeyCreatedResponseSchema = z.object({
  data: AdminApiKeySchema,
  secret: z.string(),
});
export type AdminApiKeyCreatedResponse = z.infer<typeof AdminApiKeyCreatedResponseSchema>;

/** One call of a key, as its log keeps it. */
export const AdminApiKeyCallSchema = z.object({
  id: IdSchema,
  at: DateTimeSchema,
  method: z.string(),
  /** The route's pattern (`/api/v1/integration/orders/:id`), or the path when none matched. */
  path: z.string(),
  status: z.int(),
  duration_ms: z.int().check(z.gte(0)),
  request_id: z.string(),
});
export type AdminApiKeyCall = z.infer<typeof AdminApiKeyCallSchema>;

/** `GET /api/v1/admin/api-keys/{id}/calls?page=`: 1-based pages of 50, newest first. */
export const AdminApiKeyCallsQuerySchema = z.object({
  page: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
  ),
});
export type AdminApiKeyCallsQuery = z.infer<typeof AdminApiKeyCallsQuerySchema>;

export const AdminApiKeyCallsResponseSchema = paginated(AdminApiKeyCallSchema);
export type AdminApiKeyCallsResponse = z.infer<typeof AdminApiKeyCallsResponseSchema>;
