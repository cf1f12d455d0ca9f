/**
 * The back office's area (`/api/v1/admin/…`): what the laboratory's staff read and change. Its
 * schemas are on the `@botica/api-client/admin` entry, with its endpoints and client.
 */
import * as z from 'zod/mini';
import { QueryDateSchema } from './cart.ts';
import { DateTimeSchema, IdSchema, PaginationMetaSchema } from './common.ts';

/** `GET /api/v1/admin/registrations?status=…`: the pending requests (the default), or all of them. */
export const RegistrationsQuerySchema = z.object({
  status: z.optional(z.enum(['pending', 'all'])),
});
export type RegistrationsQuery = z.infer<typeof RegistrationsQuerySchema>;

/** A pharmacy's registration request, as the web form sent it and as it was decided. */
export const RegistrationSchema = z.object({
  id: IdSchema,
  status: z.enum(['pending', 'approved', 'rejected']),
  pharmacy_name: z.string(),
  tax_id: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  postal_code: z.string(),
  created_at: DateTimeSchema,
  decided_at: z.nullable(DateTimeSchema),
  /** The client the approval created or linked. */
  client_id: z.nullable(IdSchema),
  /** Whether the CIF/NIF passes the Spanish tax-id check (letter and control character). */
  tax_id_valid: z.boolean(),
  /** The existing pharmacy with the same CIF/NIF, if any: approving links the request to it. */
  matching_client: z.nullable(z.object({ id: IdSchema, name: z.string() })),
  /** Why the request was rejected, as the applicant was told. */
  rejection_reason: z.nullable(z.string()),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationsResponseSchema = z.object({ data: z.array(RegistrationSchema) });
export type RegistrationsResponse = z.infer<typeof RegistrationsResponseSchema>;

/** The most characters of a rejection's reason. */
export const REJECTION_REASON_MAX = 500;

/** The Spanish messages of a decision's refusals, as the server sends them. */
export const REGISTRATION_DECISION_MESSAGES = {
  reasonRequired: 'El motivo del rechazo es obligatorio.',
  reasonTooLong: `El motivo puede tener como máximo ${REJECTION_REASON_MAX} caracteres.`,
  notFound: 'La solicitud de alta no existe.',
  alreadyDecided: 'La solicitud de alta ya está resuelta.',
  usernameTaken: 'El usuario de la solicitud ya existe: no se puede aprobar.',
  clientHasMainUser: 'La farmacia con ese CIF/NIF ya tiene usuario principal: no se puede aprobar.',
} as const;

/** `POST /api/v1/admin/registrations/{id}/reject`: the reason, mailed to the applicant (1–500 characters). */
export const RejectRegistrationRequestSchema = z.object({
  reason: z
    .string(REGISTRATION_DECISION_MESSAGES.reasonRequired)
    .check(
      z.trim(),
      z.minLength(1, REGISTRATION_DECISION_MESSAGES.reasonRequired),
      z.maxLength(REJECTION_REASON_MAX, REGISTRATION_DECISION_MESSAGES.reasonTooLong),
    ),
});
export type RejectRegistrationRequest = z.infer<typeof RejectRegistrationRequestSchema>;

/**
 * A decision's answer: the request as decided and, on approval, the pharmacy (created, or the
 * existing one of the same CIF/NIF, linked) and its main user.
 */
export const RegistrationDecisionResponseSchema = z.object({
  data: RegistrationSchema,
  client: z.nullable(z.object({ id: IdSchema, name: z.string(), code: z.string(), created: z.boolean() })),
  user: z.nullable(z.object({ id: IdSchema, username: z.string() })),
});
export type RegistrationDecisionResponse = z.infer<typeof RegistrationDecisionResponseSchema>;

/** What an audit row is about, e.g. 'registration'. */
export const AuditObjectTypeSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z_]{0,39}$/, 'Tipo de objeto no válido.'));

/**
 * `GET /api/v1/admin/audit`: the changes made by a person (`user_id`), to one type of object and
 * optionally one object, `from` and/or `to` a day (both included, Madrid days); 1-based `page` of 50,
 * newest first. `from` after `to` is refused (422 under `to`).
 */
export const AuditQuerySchema = z
  .object({
    user_id: z.optional(
      z.coerce
        .number()
        .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(2_147_483_647)),
    ),
    object_type: z.optional(AuditObjectTypeSchema),
    object_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    from: z.optional(QueryDateSchema),
    to: z.optional(QueryDateSchema),
    page: z.optional(
      z.coerce
        .number()
        .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
    ),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'La fecha final no puede ser anterior a la inicial.',
      path: ['to'],
    }),
  );
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One change as the audit log keeps it: who, when, what, and the object before and after it. */
export const AuditEntrySchema = z.object({
  id: IdSchema,
  at: DateTimeSchema,
  /** Who made it: the staff member's id and username at the time (null for a command-line change). */
  user: z.nullable(z.object({ id: IdSchema, username: z.string() })),
  /** E.g. 'registration.approved'. */
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /** The object before the change (null for a creation). */
  before: z.nullable(z.record(z.string(), z.unknown())),
  /** The object after the change (null for a deletion). */
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = z.object({ data: z.array(AuditEntrySchema), meta: PaginationMetaSchema });
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

/** Who appears in the audit log (for its person filter): each user's id and latest username. */
export const AuditActorsResponseSchema = z.object({
  data: z.array(z.object({ id: IdSchema, username: z.string() })),
});
export type AuditActorsResponse = z.infer<typeof AuditActorsResponseSchema>;
