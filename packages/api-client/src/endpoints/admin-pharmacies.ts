/**
 * The back office's pharmacies: the list and one pharmacy whole, the changes the laboratory makes to
 * it and its users, its documents' PDFs, and the lookups of its forms (sales reps, discount groups).
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminPharmaciesQuerySchema,
  AdminPharmaciesResponseSchema,
  AdminPharmacyResponseSchema,
  AdminPharmacyUpdateRequestSchema,
  AdminPharmacyUserResponseSchema,
  AdminPharmacyUserUpdateRequestSchema,
  DiscountGroupsResponseSchema,
  SalesRepsResponseSchema,
} from '../schemas/admin-pharmacies.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');
const UserParams = idParams('id', 'userId');

/** The pharmacies, as the laboratory's staff reads and changes them (a sales rep: only his). */
export const pharmacies = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/pharmacies',
    access: 'staff',
    query: AdminPharmaciesQuerySchema,
    response: AdminPharmaciesResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/pharmacies/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminPharmacyResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/admin/pharmacies/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminPharmacyUpdateRequestSchema,
    response: AdminPharmacyResponseSchema,
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/admin/pharmacies/{id}/users/{userId}',
    access: 'admin',
    params: UserParams,
    body: AdminPharmacyUserUpdateRequestSchema,
    response: AdminPharmacyUserResponseSchema,
  }),
  sendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/pharmacies/{id}/users/{userId}/invitation',
    access: 'admin',
    params: UserParams,
    response: AdminPharmacyUserResponseSchema,
  }),
  endSessions: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/pharmacies/{id}/users/{userId}/sessions/end',
    access: 'admin',
    params: UserParams,
    response: null,
  }),
};

/** An invoice's or refund's PDF, for the staff (a sales rep: only his pharmacies'). */
export const pharmacyDocuments = {
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/documents/{id}/pdf',
    access: 'staff',
    params: IdParams,
    response: { file: 'application/pdf' },
  }),
};

/** The lookups of the back office's forms and filters. */
export const lookups = {
  salesReps: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/sales-reps',
    access: 'staff',
    response: SalesRepsResponseSchema,
  }),
  discountGroups: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/discount-groups',
    access: 'staff',
    response: DiscountGroupsResponseSchema,
  }),
};
