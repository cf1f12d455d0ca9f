/**
 * The back office's news: the staff read every post (drafts and scheduled ones too); the admins
 * write, publish, unpublish and delete them, and give them a picture.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminNewsQuerySchema,
  AdminNewsResponseSchema,
  AdminPostCreateRequestSchema,
  AdminPostPictureQuerySchema,
  AdminPostPublishRequestSchema,
  AdminPostResponseSchema,
  AdminPostUpdateRequestSchema,
  AdminPostVersionRequestSchema,
  POST_PICTURE_TYPES,
} from '../schemas/admin-news.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The news posts as the laboratory's staff manage them. */
export const news = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/news',
    access: 'staff',
    query: AdminNewsQuerySchema,
    response: AdminNewsResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/news/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminPostResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/news',
    access: 'admin',
    body: AdminPostCreateRequestSchema,
    response: AdminPostResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/news/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminPostUpdateRequestSchema,
    response: AdminPostResponseSchema,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/news/{id}/publish',
    access: 'admin',
    params: IdParams,
    body: AdminPostPublishRequestSchema,
    response: AdminPostResponseSchema,
  }),
  unpublish: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/news/{id}/unpublish',
    access: 'admin',
    params: IdParams,
    body: AdminPostVersionRequestSchema,
    response: AdminPostResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/news/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  uploadPicture: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/news/{id}/picture',
    access: 'admin',
    params: IdParams,
    query: AdminPostPictureQuerySchema,
    upload: { accept: POST_PICTURE_TYPES },
    response: AdminPostResponseSchema,
  }),
  deletePicture: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/news/{id}/picture',
    access: 'admin',
    params: IdParams,
    response: AdminPostResponseSchema,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/news/{id}/image',
    access: 'staff',
    params: IdParams,
    query: z.object({ v: z.optional(z.string().check(z.maxLength(40))) }),
    response: { file: 'image/webp' },
  }),
};
