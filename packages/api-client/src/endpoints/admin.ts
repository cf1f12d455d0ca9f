/**
 * The back office's endpoints (the laboratory's staff, `/api/v1/admin/…`), on their own entry
 * (`@botica/api-client/admin`) so the portal's bundle never carries them.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AuditActorsResponseSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  RegistrationDecisionResponseSchema,
  RegistrationsQuerySchema,
  RegistrationsResponseSchema,
  RejectRegistrationRequestSchema,
} from '../schemas/admin.ts';
import { adminCatalogue } from './admin-catalogue.ts';
import { configuration } from './admin-configuration.ts';
import { adminContent } from './admin-content.ts';
import { dashboard } from './admin-dashboard.ts';
import { apiKeys } from './admin-integration.ts';
import { news } from './admin-news.ts';
import { adminOrders } from './admin-orders.ts';
import { lookups, pharmacies, pharmacyDocuments } from './admin-pharmacies.ts';
import { pictures } from './admin-pictures.ts';
import { adminProductTraining } from './admin-product-training.ts';
import { substitutes } from './admin-substitutes.ts';
import { surveys } from './admin-surveys.ts';
import { adminTraining } from './admin-training.ts';
import { webhooks } from './admin-webhooks.ts';
import { wholesalers } from './admin-wholesalers.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The pharmacies' registration requests and the laboratory's decision on each. */
export const registrations = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/registrations',
    access: 'admin',
    query: RegistrationsQuerySchema,
    response: RegistrationsResponseSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/registrations/{id}/approve',
    access: 'admin',
    params: IdParams,
    response: RegistrationDecisionResponseSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/registrations/{id}/reject',
    access: 'admin',
    params: IdParams,
    body: RejectRegistrationRequestSchema,
    response: RegistrationDecisionResponseSchema,
  }),
};

/** What the staff changed, who and when (the audit log). */
export const audit = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/audit',
    access: 'admin',
    query: AuditQuerySchema,
    response: AuditResponseSchema,
  }),
  actors: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/audit/actors',
    access: 'admin',
    response: AuditActorsResponseSchema,
  }),
};

/** Every endpoint of the back office's area, by group. */
export const adminEndpoints = {
  registrations,
  audit,
  adminOrders,
  pharmacies,
  pharmacyDocuments,
  lookups,
  dashboard,
  configuration,
  surveys,
  pictures,
  ...adminTraining,
  productTrainingLinks: adminProductTraining,
  catalogue: adminCatalogue,
  ...adminContent,
  news,
  apiKeys,
  webhooks,
  substitutes,
  wholesalers,
};
