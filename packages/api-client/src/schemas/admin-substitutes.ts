/**
 * The back office's substitutes of a product (`/api/v1/admin/products/{id}/substitutes`): the products
 * the laboratory offers, in its order, when the product is sold out. On the `@botica/api-client/admin`
 * entry.
 */
import * as z from 'zod/mini';
import { StockSchema } from './catalogue.ts';
import { IdSchema } from './common.ts';

/** The most substitutes a product may have. */
export const MAX_SUBSTITUTES = 8;

/** The Spanish messages of the substitutes' endpoints, as the server sends them. */
export const ADMIN_SUBSTITUTE_MESSAGES = {
  productNotFound: 'El producto no existe.',
  tooMany: `Un producto tiene como máximo ${String(MAX_SUBSTITUTES)} sustitutos.`,
  repeated: 'Cada sustituto, una sola vez.',
  itself: 'Un producto no puede sustituirse a sí mismo.',
  unknown: 'Alguno de los productos elegidos no existe.',
} as const;

/** One chosen substitute, as the editor lists it. */
export const AdminSubstituteSchema = z.object({
  id: IdSchema,
  reference: z.string(),
  name: z.string(),
  format: z.string(),
  stock: StockSchema,
  is_active: z.boolean(),
});
export type AdminSubstitute = z.infer<typeof AdminSubstituteSchema>;

/** A product's chosen substitutes, in order (empty: the portal offers the default ones). */
export const AdminSubstitutesResponseSchema = z.object({ data: z.array(AdminSubstituteSchema) });
export type AdminSubstitutesResponse = z.infer<typeof AdminSubstitutesResponseSchema>;

/** `PUT …/substitutes`: the chosen products' ids, in order; `[]` goes back to the default ones. */
export const AdminSubstitutesRequestSchema = z.object({
  ids: z.array(IdSchema).check(z.maxLength(MAX_SUBSTITUTES, ADMIN_SUBSTITUTE_MESSAGES.tooMany)),
});
export type AdminSubstitutesRequest = z.infer<typeof AdminSubstitutesRequestSchema>;
