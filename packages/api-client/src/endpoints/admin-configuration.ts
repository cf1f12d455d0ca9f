/** The back office's configuration: the order rules and the maintenance switch (admins only). */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminConfigurationResponseSchema,
  MaintenanceRequestSchema,
  OrderRulesRequestSchema,
} from '../schemas/admin-configuration.ts';

/** Reading and changing the laboratory's configuration. */
export const configuration = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/configuration',
    access: 'admin',
    response: AdminConfigurationResponseSchema,
  }),
  orderRules: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/configuration/order-rules',
    access: 'admin',
    body: OrderRulesRequestSchema,
    response: AdminConfigurationResponseSchema,
  }),
  maintenance: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/configuration/maintenance',
    access: 'admin',
    body: MaintenanceRequestSchema,
    response: AdminConfigurationResponseSchema,
  }),
};
