/**
 * The back office's product pictures (`/api/v1/admin/products/{id}/pictures…`): the laboratory reads a
 * product's uploaded pictures in order, adds one (the file itself as the body), puts them in another
 * order and deletes one. On the `@botica/api-client/admin` entry.
 */
import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema, ProductImageSchema } from './common.ts';

/** The Spanish messages of the pictures' endpoints, as the server sends them. */
export const ADMIN_PICTURE_MESSAGES = {
  productNotFound: 'El producto no existe.',
  pictureNotFound: 'La imagen no existe.',
  orderInvalid: 'El nuevo orden debe nombrar cada imagen del producto una vez.',
  tooMany: 'Un producto tiene como máximo 20 imágenes.',
  nameTooLong: 'El nombre del fichero puede tener como máximo 255 caracteres.',
  changed: 'Esa imagen ha cambiado desde que se abrió la página: vuelve a cargarla.',
} as const;

/** The media types a picture may be uploaded as (what it is, is decided by its bytes). */
export const PICTURE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The most pictures a product may have. */
export const MAX_PRODUCT_PICTURES = 20;

/** The longest file name kept in the audit log. */
export const PICTURE_NAME_MAX = 255;

/** One uploaded picture of a product, in the place the portal shows it. */
export const AdminPictureSchema = z.object({
  /** 1 for the first picture: its image number in the portal's addresses. */
  position: z.int().check(z.gte(1)),
  /** Changes whenever another picture takes this place. */
  version: z.string(),
  /** The picture's addresses in the portal's three sizes (square WebP of 120, 360 and 1000 px). */
  image: ProductImageSchema,
  /** The sizes in bytes, as stored. */
  bytes: z.object({ thumbnail: z.int(), miniproduct: z.int(), full: z.int() }),
  created_at: DateTimeSchema,
});
export type AdminPicture = z.infer<typeof AdminPictureSchema>;

/** A product's pictures, the product named, with the limits an upload is checked against. */
export const AdminProductPicturesSchema = z.object({
  product: z.object({
    id: IdSchema,
    reference: z.string(),
    name: z.string(),
    format: z.string(),
    is_active: z.boolean(),
    /** What the portal shows first: the first picture, or the drawn or default image without one. */
    image: ProductImageSchema,
  }),
  pictures: z.array(AdminPictureSchema),
  /** The largest file accepted, in bytes (larger is 413 'Fichero demasiado grande'). */
  max_bytes: z.int(),
  max_pictures: z.int(),
});
export type AdminProductPictures = z.infer<typeof AdminProductPicturesSchema>;

/** The answer of every pictures' endpoint: the product's pictures as they are after the call. */
export const AdminProductPicturesResponseSchema = z.object({ data: AdminProductPicturesSchema });
export type AdminProductPicturesResponse = z.infer<typeof AdminProductPicturesResponseSchema>;

/** `POST …/pictures?name=`: the file's name, kept in the audit log (optional). */
export const PictureUploadQuerySchema = z.object({
  name: z.optional(z.string().check(z.maxLength(PICTURE_NAME_MAX, ADMIN_PICTURE_MESSAGES.nameTooLong))),
});
export type PictureUploadQuery = z.infer<typeof PictureUploadQuerySchema>;

/**
 * `DELETE …/pictures/{position}?version=`: the version of the picture meant, so that a page opened
 * before another admin's change never deletes the picture that has since taken its place (409).
 */
export const PictureDeleteQuerySchema = z.object({
  version: z.optional(z.string().check(z.maxLength(64))),
});
export type PictureDeleteQuery = z.infer<typeof PictureDeleteQuerySchema>;

/**
 * `PUT …/pictures/order`: every current position once, the one to show first first (`[2, 1]` swaps
 * two pictures).
 */
export const PictureOrderRequestSchema = z.object({
  order: z
    .array(
      z
        .int(ADMIN_PICTURE_MESSAGES.orderInvalid)
        .check(z.gte(1, ADMIN_PICTURE_MESSAGES.orderInvalid), z.lte(MAX_PRODUCT_PICTURES)),
    )
    .check(z.minLength(1, ADMIN_PICTURE_MESSAGES.orderInvalid), z.maxLength(MAX_PRODUCT_PICTURES)),
});
export type PictureOrderRequest = z.infer<typeof PictureOrderRequestSchema>;
