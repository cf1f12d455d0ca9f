/**
 * `POST /api/v1/products/lookup`: the quick order's codes resolved at once, each as typed, to the
 * product the listing would show or the reason it cannot be ordered.
 */
import { QUICK_ORDER_CODE_MAX_LENGTH } from '@botica/domain';
import * as z from 'zod/mini';
import { ProductSummarySchema } from './catalogue.ts';

/** The most codes one lookup resolves: a long handwritten list, or a counter full of boxes. */
export const PRODUCT_LOOKUP_MAX_CODES = 200;

/** The Spanish messages of a lookup's refusals. */
export const PRODUCT_LOOKUP_MESSAGES = {
  tooMany: `Se pueden consultar como máximo ${PRODUCT_LOOKUP_MAX_CODES} códigos de una vez.`,
  none: 'Indica al menos un código.',
  codeRequired: 'El código no puede estar vacío.',
  codeTooLong: `El código no puede tener más de ${QUICK_ORDER_CODE_MAX_LENGTH} caracteres.`,
} as const;

/**
 * The codes as typed: laboratory references in any form ('BT-10399', 'bt 10399', '10399'), Códigos
 * Nacionales ('123456.8', '1234568') or EAN-13s. 1 to 200, each up to 40 characters.
 */
export const ProductLookupRequestSchema = z.strictObject({
  codes: z
    .array(
      z
        .string()
        .check(
          z.minLength(1, PRODUCT_LOOKUP_MESSAGES.codeRequired),
          z.maxLength(QUICK_ORDER_CODE_MAX_LENGTH, PRODUCT_LOOKUP_MESSAGES.codeTooLong),
        ),
    )
    .check(
      z.minLength(1, PRODUCT_LOOKUP_MESSAGES.none),
      z.maxLength(PRODUCT_LOOKUP_MAX_CODES, PRODUCT_LOOKUP_MESSAGES.tooMany),
    ),
});
export type ProductLookupRequest = z.infer<typeof ProductLookupRequestSchema>;

/** How the code was read: a laboratory reference, a Código Nacional or an EAN-13. */
export const ProductCodeKindSchema = z.enum(['reference', 'national_code', 'ean']);
export type ProductCodeKind = z.infer<typeof ProductCodeKindSchema>;

/**
 * Why a code gives no product to order: no product has it (`unknown`), its product is withdrawn
 * (`withdrawn`), its check digit is wrong (`invalid_check_digit`, a CN or an EAN mistyped) or
 * several products have it (`ambiguous`, a reference's digits alone shared by two references).
 */
export const ProductLookupProblemSchema = z.enum([
  'unknown',
  'withdrawn',
  'invalid_check_digit',
  'ambiguous',
]);
export type ProductLookupProblem = z.infer<typeof ProductLookupProblemSchema>;

/**
 * One code's answer: `product` as the listing shows it (the client's price, stock and image), or
 * null with the `problem` and its Spanish `message`. A withdrawn product keeps its `name` in the
 * message, so the pharmacist knows which box it was.
 */
export const ProductLookupResultSchema = z.object({
  /** The code exactly as sent. */
  code: z.string(),
  /** How it was read (a mistyped CN or EAN is still one). */
  kind: ProductCodeKindSchema,
  product: z.nullable(ProductSummarySchema),
  problem: z.nullable(ProductLookupProblemSchema),
  message: z.nullable(z.string()),
});
export type ProductLookupResult = z.infer<typeof ProductLookupResultSchema>;

/** The results in the order of the codes sent, one per code (repeated codes repeated). */
export const ProductLookupResponseSchema = z.object({ data: z.array(ProductLookupResultSchema) });
export type ProductLookupResponse = z.infer<typeof ProductLookupResponseSchema>;
