/**
 * @botica/api-client/admin: the back office's area of Botica's API (`/api/v1/admin/…`), for the
 * laboratory's staff: its endpoint definitions, their schemas and a client of them. A separate entry,
 * so a pharmacy's portal never loads it.
 * @packageDocumentation
 */
import { type ApiClientOptions, type CallGroups, createEndpointClient } from './client.ts';
import { adminEndpoints } from './endpoints/admin.ts';

export { adminEndpoints, audit, registrations } from './endpoints/admin.ts';
export { configuration } from './endpoints/admin-configuration.ts';
export { adminDocs } from './endpoints/admin-docs.ts';
export type {
  AuditEntry,
  AuditQuery,
  AuditResponse,
  Registration,
  RegistrationDecisionResponse,
  RegistrationsQuery,
  RegistrationsResponse,
  RejectRegistrationRequest,
} from './schemas/admin.ts';
export {
  AuditEntrySchema,
  AuditObjectTypeSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  REGISTRATION_DECISION_MESSAGES,
  REJECTION_REASON_MAX,
  RegistrationDecisionResponseSchema,
  RegistrationSchema,
  RegistrationsQuerySchema,
  RegistrationsResponseSchema,
  RejectRegistrationRequestSchema,
} from './schemas/admin.ts';
export type {
  AdminConfiguration,
  AdminConfigurationResponse,
  MaintenanceRequest,
  OrderRulesRequest,
} from './schemas/admin-configuration.ts';
export {
  AdminConfigurationResponseSchema,
  AdminConfigurationSchema,
  amountProblem,
  CONFIGURATION_MESSAGES,
  MaintenanceRequestSchema,
  OrderRulesRequestSchema,
} from './schemas/admin-configuration.ts';

/** A client of the back office's area (the session of a laboratory's staff member). */
export type AdminClient = CallGroups<typeof adminEndpoints>;

/**
 * Creates a client of the back office's area.
 * @example
 * const admin = createAdminClient({ baseUrl: 'https://botica.example' });
 * const { data } = await admin.registrations.list({ status: 'pending' });
 */
export function createAdminClient(options: ApiClientOptions): AdminClient {
  return createEndpointClient(adminEndpoints, options);
}
