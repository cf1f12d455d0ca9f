/**
 * Shortages on the portal: a sold-out product's expected date and the user's back-in-stock alert
 * (`/api/v1/products/{id}/stock-alert`), and what may replace it (`/api/v1/products/{id}/substitutes`).
 */
import * as z from 'zod/mini';
import { ProductSummarySchema, StockSchema } from './catalogue.ts';
import { DateTimeSchema, IdSchema } from './common.ts';

/** The Spanish messages of the shortage endpoints, as the server sends them. */
export const SHORTAGE_MESSAGES = {
  productNotFound: 'El producto no existe.',
  notSoldOut: 'Este producto está disponible: no hace falta avisarte.',
} as const;

/** A product's availability as its page shows it, with the user's alert. */
export const StockAlertSchema = z.object({
  product_id: IdSchema,
  stock: StockSchema,
  /** When a sold-out product is expected back (a Madrid day, `2026-12-12`), or null. */
  expected_on: z.nullable(z.iso.date()),
  /** When the user asked to hear it is back (an open alert), or null. */
  subscribed_at: z.nullable(DateTimeSchema),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;
export const StockAlertResponseSchema = z.object({ data: StockAlertSchema });
export type StockAlertResponse = z.infer<typeof StockAlertResponseSchema>;

/** What may replace a sold-out product, the best first (none for a product in stock). */
export const SubstitutesResponseSchema = z.object({ data: z.array(ProductSummarySchema) });
export type SubstitutesResponse = z.infer<typeof SubstitutesResponseSchema>;
