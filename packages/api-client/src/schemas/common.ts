/**
 * Shapes shared by every area of the /api/v1 contract: error bodies, pagination,
 * euro amounts and product images.
 */
import { isMadridWallClock } from '@botica/domain';
import * as z from 'zod/mini';

/** Every failure's body: a message, and for validation failures the messages per field. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The largest id the database has (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A database id: a positive PostgreSQL `integer`. */
export const IdSchema = z.int().check(z.positive(), z.lte(MAX_ID));

/** An amount in euros as the wire carries it: a JSON number with at most two decimals. */
export const EurosSchema = z.number().check(
  z.gte(0),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Máximo dos decimales.'),
);

/** An ISO 8601 date-time string (UTC, with offset). */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/**
 * A minute on Madrid's wall clock as a `datetime-local` field writes it (`2027-03-29T10:00`): a real
 * day and time (`@botica/domain`'s `isMadridWallClock`), with the Spanish `message` of the feature
 * that asks for it whatever is wrong. The form is also a pattern, for the OpenAPI document.
 * @example madridWallClockSchema('La fecha no es válida.')
 */
export function madridWallClockSchema(message: string) {
  return z
    .string(message)
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message, abort: true }),
      z.refine(isMadridWallClock, message),
    );
}

/** The pagination block of paginated lists. */
export const PaginationMetaSchema = z.object({
  current_page: z.int().check(z.gte(1)),
  last_page: z.int().check(z.gte(1)),
  per_page: z.int().check(z.gte(1)),
  total: z.int().check(z.gte(0)),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

/** `{ data: [...], meta: {...} }` of any item schema. */
export function paginated<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), meta: PaginationMetaSchema });
}

/** `{ data: [...] }` of any item schema. */
export function dataList<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item) });
}

/** `{ data: item }` of any item schema. */
export function dataOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: item });
}

/** A page number in a query string (`?page=2`), 1-based. */
export const PageQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.gte(1), z.lte(100_000), z.refine(Number.isInteger))),
});

/**
 * A product's image in the sizes the spec names, as URLs served by the API (a default product image
 * when the product has none): thumbnail (cart lines, toasts), miniproduct (search, cards), full.
 */
export const ProductImageSchema = z.object({
  thumbnail: z.string(),
  miniproduct: z.string(),
  full: z.string(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/**
 * A text field as typed: trimmed, at most `max` characters (else `tooLong`) and, with `required`, not
 * empty (else `required`). A value that is not a text at all gets `notText` (by default `required`,
 * else `tooLong`).
 * @example trimmedText(200, 'El título puede tener como máximo 200 caracteres.', 'El título es obligatorio.')
 */
export function trimmedText(max: number, tooLong: string, required?: string, notText?: string) {
  return z
    .string(notText ?? required ?? tooLong)
    .check(
      z.trim(),
      ...(required === undefined ? [] : [z.minLength(1, required)]),
      z.maxLength(max, tooLong),
    );
}
