/**
 * The back office's catalogue: the products (inactive ones too) as the staff look them up and the
 * admins edit and create them, with their tiers and special prices; the two category trees; the tags.
 * The discount groups of the special-prices editor are `lookups.discountGroups`.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminCategoriesResponseSchema,
  AdminCategoryCreateRequestSchema,
  AdminCategoryResponseSchema,
  AdminCategoryUpdateRequestSchema,
  AdminProductCreateRequestSchema,
  AdminProductEditRequestSchema,
  AdminProductResponseSchema,
  AdminProductsQuerySchema,
  AdminProductsResponseSchema,
  AdminTagsResponseSchema,
} from '../schemas/admin-catalogue.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The catalogue as the laboratory's staff reads it (staff) and changes it (admins only). */
export const adminCatalogue = {
  products: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/products',
    access: 'staff',
    query: AdminProductsQuerySchema,
    response: AdminProductsResponseSchema,
  }),
  getProduct: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/products/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminProductResponseSchema,
  }),
  createProduct: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/products',
    access: 'admin',
    body: AdminProductCreateRequestSchema,
    response: AdminProductResponseSchema,
    status: 201,
  }),
  updateProduct: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/products/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminProductEditRequestSchema,
    response: AdminProductResponseSchema,
  }),
  categoryTrees: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/categories',
    access: 'staff',
    response: AdminCategoriesResponseSchema,
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/categories',
    access: 'admin',
    body: AdminCategoryCreateRequestSchema,
    response: AdminCategoryResponseSchema,
    status: 201,
  }),
  updateCategory: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/admin/categories/{id}',
    access: 'admin',
    params: IdParams,
    body: AdminCategoryUpdateRequestSchema,
    response: AdminCategoryResponseSchema,
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/categories/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  listTags: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/tags',
    access: 'staff',
    response: AdminTagsResponseSchema,
  }),
};
