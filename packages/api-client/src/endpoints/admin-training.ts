/**
 * The back office's training area: the webinars with their signups and attendees' CSV, the
 * scientific materials and the newsletters with their PDFs. Reading is the staff's (a sales rep sees
 * only his pharmacies' signups); every change is the admins'.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminLibraryQuerySchema,
  AdminMaterialCreateRequestSchema,
  AdminMaterialResponseSchema,
  AdminMaterialsResponseSchema,
  AdminMaterialUpdateRequestSchema,
  AdminNewsletterCreateRequestSchema,
  AdminNewsletterResponseSchema,
  AdminNewslettersResponseSchema,
  AdminNewsletterUpdateRequestSchema,
  AdminWebinarCreateRequestSchema,
  AdminWebinarResponseSchema,
  AdminWebinarsQuerySchema,
  AdminWebinarsResponseSchema,
  AdminWebinarUpdateRequestSchema,
  TrainingProductsQuerySchema,
  TrainingProductsResponseSchema,
  TrainingUploadQuerySchema,
  WebinarSignupsResponseSchema,
} from '../schemas/admin-training.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** What a material's or newsletter's file may be. */
const PDF_UPLOAD = { accept: ['application/pdf'] } as const;

/** The webinars, their signups and the products a webinar may name. */
export const adminWebinars = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/webinars',
    access: 'staff',
    query: AdminWebinarsQuerySchema,
    response: AdminWebinarsResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/webinars/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminWebinarResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/training/webinars',
    access: 'admin',
    body: AdminWebinarCreateRequestSchema,
    response: AdminWebinarResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/training/webinars/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminWebinarUpdateRequestSchema,
    response: AdminWebinarResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/training/webinars/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  signups: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/webinars/{id}/signups',
    access: 'staff',
    params: IdParams,
    response: WebinarSignupsResponseSchema,
  }),
  signupsCsv: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/webinars/{id}/signups.csv',
    access: 'staff',
    params: IdParams,
    response: { file: 'text/csv' },
  }),
  products: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/products',
    access: 'staff',
    query: TrainingProductsQuerySchema,
    response: TrainingProductsResponseSchema,
  }),
};

/** The scientific materials and their PDFs. */
export const adminMaterials = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/materials',
    access: 'staff',
    query: AdminLibraryQuerySchema,
    response: AdminMaterialsResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/materials/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminMaterialResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/training/materials',
    access: 'admin',
    body: AdminMaterialCreateRequestSchema,
    response: AdminMaterialResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/training/materials/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminMaterialUpdateRequestSchema,
    response: AdminMaterialResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/training/materials/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/training/materials/{id}/file',
    access: 'admin',
    params: IdParams,
    query: TrainingUploadQuerySchema,
    upload: PDF_UPLOAD,
    response: AdminMaterialResponseSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/materials/{id}/file',
    access: 'staff',
    params: IdParams,
    response: { file: 'application/pdf' },
  }),
};

/** The newsletter archive and its PDFs. */
export const adminNewsletters = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/newsletters',
    access: 'staff',
    query: AdminLibraryQuerySchema,
    response: AdminNewslettersResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/newsletters/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminNewsletterResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/training/newsletters',
    access: 'admin',
    body: AdminNewsletterCreateRequestSchema,
    response: AdminNewsletterResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/training/newsletters/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminNewsletterUpdateRequestSchema,
    response: AdminNewsletterResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/training/newsletters/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/training/newsletters/{id}/file',
    access: 'admin',
    params: IdParams,
    query: TrainingUploadQuerySchema,
    upload: PDF_UPLOAD,
    response: AdminNewsletterResponseSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/training/newsletters/{id}/file',
    access: 'staff',
    params: IdParams,
    response: { file: 'application/pdf' },
  }),
};

/** The training's groups, as `adminEndpoints` spreads them. */
export const adminTraining = {
  webinars: adminWebinars,
  materials: adminMaterials,
  newsletters: adminNewsletters,
};
