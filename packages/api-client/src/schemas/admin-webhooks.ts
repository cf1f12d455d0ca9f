/**
 * The back office's webhooks (`/api/v1/admin/webhooks…`): the ERP's endpoints that Botica tells at
 * once of an order placed, an order cancelled and a registration requested (signed as the Standard
 * Webhooks specification says), and the deliveries to them.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, dataList, dataOf, IdSchema, paginated } from './common.ts';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['order.placed', 'order.cancelled', 'registration.requested'] as const;

/** An event an endpoint may subscribe to. */
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** The event a test sends (never subscribed to: it goes to the endpoint it tests). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The Spanish messages of the webhooks' refusals, as the server sends them under each field. */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Escribe una dirección completa, por ejemplo https://erp.ejemplo.es/webhooks.',
  urlNotHttps:
    'La dirección debe empezar por https:// (http:// solo hacia este mismo equipo: localhost, 127.0.0.1 o ::1).',
  urlCredentials: 'La dirección no puede llevar usuario ni contraseña.',
  urlTooLong: 'Como máximo 2000 caracteres.',
  descriptionTooLong: 'Como máximo 200 caracteres.',
  eventsRequired: 'Elige al menos un evento.',
  eventInvalid: 'Evento desconocido.',
  activeRequired: 'Indica si el destino está activo.',
  versionRequired: 'Falta la versión del destino que se editó.',
  stale: 'Otra persona ha cambiado este destino mientras lo editabas. Recarga para ver sus cambios.',
  notFound: 'El destino no existe.',
  deliveryNotFound: 'El envío no existe.',
  notResendable: 'Este envío está pendiente: se reintentará solo.',
  inactive: 'El destino está desactivado: actívalo para enviarle una prueba.',
} as const;

/** The longest URL and description. */
export const WEBHOOK_LIMITS = { url: 2000, description: 200 } as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `url` may receive webhooks: https, or http to this machine (development and tests); never
 * with a user or password in it.
 */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return WEBHOOK_MESSAGES.urlNotHttps;
  if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname))
    return WEBHOOK_MESSAGES.urlNotHttps;
  if (parsed.username !== '' || parsed.password !== '') return WEBHOOK_MESSAGES.urlCredentials;
  return null;
}

const UrlSchema = z.string(WEBHOOK_MESSAGES.urlInvalid).check(
  z.trim(),
  z.minLength(1, WEBHOOK_MESSAGES.urlInvalid),
  z.maxLength(WEBHOOK_LIMITS.url, WEBHOOK_MESSAGES.urlTooLong),
  z.superRefine((url, context) => {
    const problem = webhookUrlProblem(url);
    if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: url });
  }),
);

const EventsSchema = z.array(WebhookEventSchema, WEBHOOK_MESSAGES.eventsRequired).check(
  z.minLength(1, WEBHOOK_MESSAGES.eventsRequired),
  z.maxLength(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventInvalid),
  z.refine((events) => new Set(events).size === events.length, WEBHOOK_MESSAGES.eventInvalid),
);

const VersionSchema = z
  .int(WEBHOOK_MESSAGES.versionRequired)
  .check(z.positive(WEBHOOK_MESSAGES.versionRequired));

/** An endpoint as the admin sees it, its secret included (the ERP verifies with it). */
export const WebhookEndpointSchema = z.object({
  id: IdSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventSchema),
  is_active: z.boolean(),
  /** `whsec_` and the base64 of 32 random bytes. */
  secret: z.string(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  /** Moves on with every change: an update or rotation names the version it was made on. */
  version: z.int().check(z.positive()),
  /** Its deliveries given up on (the screen's warning). */
  failed_deliveries: z.int().check(z.gte(0)),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointsResponseSchema = dataList(WebhookEndpointSchema);
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponseSchema>;

export const WebhookEndpointResponseSchema = dataOf(WebhookEndpointSchema);
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponseSchema>;

/** `POST /api/v1/admin/webhooks`: a new endpoint (its secret is generated). */
export const WebhookEndpointCreateRequestSchema = z.object({
  url: UrlSchema,
  description: z.optional(
    z
      .string(WEBHOOK_MESSAGES.descriptionTooLong)
      .check(z.trim(), z.maxLength(WEBHOOK_LIMITS.description, WEBHOOK_MESSAGES.descriptionTooLong)),
  ),
  events: EventsSchema,
  is_active: z.optional(z.boolean(WEBHOOK_MESSAGES.activeRequired)),
});
export type WebhookEndpointCreateRequest = z.infer<typeof WebhookEndpointCreateRequestSchema>;

/** `PUT /api/v1/admin/webhooks/{id}`: the endpoint's settings, made on `version` (409 when stale). */
export const WebhookEndpointUpdateRequestSchema = z.object({
  url: UrlSchema,
  description: z
    .string(WEBHOOK_MESSAGES.descriptionTooLong)
    .check(z.trim(), z.maxLength(WEBHOOK_LIMITS.description, WEBHOOK_MESSAGES.descriptionTooLong)),
  events: EventsSchema,
  is_active: z.boolean(WEBHOOK_MESSAGES.activeRequired),
  version: VersionSchema,
});
export type WebhookEndpointUpdateRequest = z.infer<typeof WebhookEndpointUpdateRequestSchema>;

/** `POST /api/v1/admin/webhooks/{id}/rotate-secret`: a new secret, made on `version`. */
export const WebhookVersionRequestSchema = z.object({ version: VersionSchema });
export type WebhookVersionRequest = z.infer<typeof WebhookVersionRequestSchema>;

/** Where a delivery is: waiting (or between retries), received by the endpoint, or given up on. */
export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** One event sent (or to send) to one endpoint. */
export const WebhookDeliverySchema = z.object({
  id: IdSchema,
  endpoint_id: IdSchema,
  endpoint_url: z.string(),
  /** The `webhook-id` header of every attempt (`msg_…`): the receiver deduplicates by it. */
  message_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.int().check(z.gte(0)),
  /** When it is tried next; null once delivered or failed. */
  next_attempt_at: z.nullable(DateTimeSchema),
  /** The last answer's HTTP status; null before any, or when none came (timeout, refused). */
  last_status: z.nullable(z.int()),
  /** Why no answer came (a timeout, a refused connection); null when one did. */
  last_error: z.nullable(z.string()),
  created_at: DateTimeSchema,
  last_attempt_at: z.nullable(DateTimeSchema),
  last_duration_ms: z.nullable(z.int().check(z.gte(0))),
  delivered_at: z.nullable(DateTimeSchema),
  /** The body sent: `{type, timestamp, data}`. */
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryResponseSchema = dataOf(WebhookDeliverySchema);
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponseSchema>;

/** The most deliveries one page holds. */
export const WEBHOOK_DELIVERIES_PER_PAGE = 25;

/** `GET /api/v1/admin/webhooks/deliveries`: newest first, by status and endpoint, 1-based pages of 25. */
export const WebhookDeliveriesQuerySchema = z.object({
  status: z.optional(WebhookDeliveryStatusSchema),
  endpoint_id: z.optional(
    z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(2_147_483_647)),
  ),
  page: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
  ),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuerySchema>;

export const WebhookDeliveriesResponseSchema = paginated(WebhookDeliverySchema);
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;
