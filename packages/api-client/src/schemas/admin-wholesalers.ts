/**
 * The laboratory's wholesalers (`/api/v1/admin/wholesalers…`) and, per pharmacy, those it may send
 * transfer orders through with its customer number at each. On the `@botica/api-client/admin` entry.
 */
import * as z from 'zod/mini';
import { IdSchema } from './common.ts';

/** The Spanish messages of the wholesalers' endpoints, as the server sends them. */
export const WHOLESALER_MESSAGES = {
  notFound: 'El mayorista no existe.',
  codeRequired: 'Indica el código del mayorista.',
  codeInvalid: 'El código tiene de 1 a 20 letras, cifras o guiones.',
  codeTaken: 'Ya hay un mayorista con ese código.',
  nameRequired: 'Indica el nombre del mayorista.',
  nameTooLong: 'El nombre puede tener como máximo 100 caracteres.',
  customerNumberTooLong: 'El número de cliente puede tener como máximo 40 caracteres.',
  notLinked: 'Esta farmacia no trabaja con ese mayorista.',
} as const;

/** A wholesaler of the laboratory, and how many pharmacies may send transfer orders through it. */
export const WholesalerSchema = z.object({
  id: IdSchema,
  /** Upper case, e.g. 'COFARES'. */
  code: z.string(),
  name: z.string(),
  pharmacies: z.int().check(z.gte(0)),
});
export type Wholesaler = z.infer<typeof WholesalerSchema>;
export const WholesalersResponseSchema = z.object({ data: z.array(WholesalerSchema) });
export type WholesalersResponse = z.infer<typeof WholesalersResponseSchema>;
export const WholesalerResponseSchema = z.object({ data: WholesalerSchema });
export type WholesalerResponse = z.infer<typeof WholesalerResponseSchema>;

/** `POST /api/v1/admin/wholesalers`: a code (stored upper case, unique) and a name. */
export const WholesalerCreateRequestSchema = z.strictObject({
  code: z
    .string(WHOLESALER_MESSAGES.codeRequired)
    .check(
      z.trim(),
      z.minLength(1, WHOLESALER_MESSAGES.codeRequired),
      z.regex(/^[A-Za-z0-9-]{0,20}$/, WHOLESALER_MESSAGES.codeInvalid),
      z.toUpperCase(),
    ),
  name: z
    .string(WHOLESALER_MESSAGES.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, WHOLESALER_MESSAGES.nameRequired),
      z.maxLength(100, WHOLESALER_MESSAGES.nameTooLong),
    ),
});
export type WholesalerCreateRequest = z.infer<typeof WholesalerCreateRequestSchema>;

/** A wholesaler a pharmacy may send transfer orders through. */
export const PharmacyWholesalerSchema = z.object({
  wholesaler_id: IdSchema,
  code: z.string(),
  name: z.string(),
  /** The pharmacy's customer number at the wholesaler, when the laboratory has it. */
  customer_number: z.nullable(z.string()),
});
export type PharmacyWholesaler = z.infer<typeof PharmacyWholesalerSchema>;
export const PharmacyWholesalersResponseSchema = z.object({ data: z.array(PharmacyWholesalerSchema) });
export type PharmacyWholesalersResponse = z.infer<typeof PharmacyWholesalersResponseSchema>;

/**
 * `PUT /api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}`: adds the wholesaler to the
 * pharmacy's list, or changes its customer number (empty or null: none).
 */
export const PharmacyWholesalerRequestSchema = z.strictObject({
  customer_number: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(40, WHOLESALER_MESSAGES.customerNumberTooLong))),
  ),
});
export type PharmacyWholesalerRequest = z.infer<typeof PharmacyWholesalerRequestSchema>;
