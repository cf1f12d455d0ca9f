/**
 * The back office's area (`/api/v1/admin/…`): what the laboratory's staff read and change. Its
 * schemas are on the `@botica/api-client/admin` entry, with its endpoints and client.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common.ts';

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
  /** The client the approval created. */
  client_id: z.nullable(IdSchema),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationsResponseSchema = z.object({ data: z.array(RegistrationSchema) });
export type RegistrationsResponse = z.infer<typeof RegistrationsResponseSchema>;
