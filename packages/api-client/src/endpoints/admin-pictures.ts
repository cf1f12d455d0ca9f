/**
 * The back office's product pictures: a product's uploaded pictures in order (staff), and the
 * changes the laboratory makes to them (admins): add one, put them in another order, delete one.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminProductPicturesResponseSchema,
  PICTURE_UPLOAD_TYPES,
  PictureDeleteQuerySchema,
  PictureOrderRequestSchema,
  PictureUploadQuerySchema,
} from '../schemas/admin-pictures.ts';
import { idParams } from './path-params.ts';

const ProductParams = idParams('id');
const PictureParams = idParams('id', 'position');

/** A product's pictures, as the laboratory's staff reads and changes them. */
export const pictures = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/products/{id}/pictures',
    access: 'staff',
    params: ProductParams,
    response: AdminProductPicturesResponseSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/products/{id}/pictures',
    access: 'admin',
    params: ProductParams,
    query: PictureUploadQuerySchema,
    upload: { accept: PICTURE_UPLOAD_TYPES },
    response: AdminProductPicturesResponseSchema,
    status: 201,
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/products/{id}/pictures/order',
    access: 'admin',
    params: ProductParams,
    body: PictureOrderRequestSchema,
    response: AdminProductPicturesResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/products/{id}/pictures/{position}',
    access: 'admin',
    params: PictureParams,
    query: PictureDeleteQuerySchema,
    response: AdminProductPicturesResponseSchema,
  }),
};
