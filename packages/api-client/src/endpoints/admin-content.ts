/**
 * The back office's content: the laboratory's messages to the pharmacies and the portal home's
 * showcase (banners and featured products). The staff read them; only admins change them.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminBannerCreateRequestSchema,
  AdminBannerMoveRequestSchema,
  AdminBannerResponseSchema,
  AdminBannersResponseSchema,
  AdminBannerUpdateRequestSchema,
  AdminMessageCreateRequestSchema,
  AdminMessageResponseSchema,
  AdminMessagesResponseSchema,
  AdminMessageUpdateRequestSchema,
  FeaturedProductsRequestSchema,
  FeaturedProductsResponseSchema,
  ShowcaseProductsQuerySchema,
  ShowcaseProductsResponseSchema,
} from '../schemas/admin-content.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The laboratory's messages to the pharmacies, to every pharmacy or only some. */
export const adminMessages = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/messages',
    access: 'staff',
    response: AdminMessagesResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/messages/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminMessageResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/messages',
    access: 'admin',
    body: AdminMessageCreateRequestSchema,
    response: AdminMessageResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/messages/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminMessageUpdateRequestSchema,
    response: AdminMessageResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/messages/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
};

/** The showcase on the portal's home page: its banners and its featured products, in order. */
export const adminShowcase = {
  banners: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/showcase/banners',
    access: 'staff',
    response: AdminBannersResponseSchema,
  }),
  banner: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/showcase/banners/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminBannerResponseSchema,
  }),
  createBanner: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/showcase/banners',
    access: 'admin',
    body: AdminBannerCreateRequestSchema,
    response: AdminBannerResponseSchema,
    status: 201,
  }),
  updateBanner: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/showcase/banners/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminBannerUpdateRequestSchema,
    response: AdminBannerResponseSchema,
  }),
  moveBanner: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/showcase/banners/{id}/move',
    access: 'admin',
    params: IdParams,
    body: AdminBannerMoveRequestSchema,
    response: AdminBannersResponseSchema,
  }),
  deleteBanner: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/showcase/banners/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  featured: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/showcase/featured',
    access: 'staff',
    response: FeaturedProductsResponseSchema,
  }),
  setFeatured: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/showcase/featured',
    access: 'admin',
    body: FeaturedProductsRequestSchema,
    response: FeaturedProductsResponseSchema,
  }),
  products: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/showcase/products',
    access: 'staff',
    query: ShowcaseProductsQuerySchema,
    response: ShowcaseProductsResponseSchema,
  }),
};

/**
 * The content's groups, as `adminEndpoints` carries them (named apart from the portal's `messages`
 * and `showcase`, so every operation's id is unique).
 */
export const adminContent = { adminMessages, adminShowcase };
