/**
 * The pharmacy's buying habits: the products it orders most ('Mis habituales') and its purchases
 * per month against the monthly cap. Amounts in euros, computed by the server.
 */
import * as z from 'zod/mini';
import { ProductSummarySchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema } from './common.ts';

/**
 * One of the products the pharmacy orders most: the product with the client's price and stock now,
 * in how many of its orders of the last 12 months it was, and the last quantity ordered and when.
 */
export const UsualProductSchema = z.object({
  product: ProductSummarySchema,
  /** How many of the client's orders of the last 12 months (cancelled ones left out) carried it. */
  orders_count: z.int().check(z.gte(1)),
  /** The quantity of the product in the last of those orders. */
  last_quantity: z.int().check(z.gte(1)),
  /** When the last of those orders was sent. */
  last_ordered_at: DateTimeSchema,
  /** The laboratory no longer sells it: shown, but it cannot be added to the cart. */
  is_withdrawn: z.boolean(),
});
export type UsualProduct = z.infer<typeof UsualProductSchema>;

/**
 * `GET /api/v1/clients/{clientId}/usual-products`: the products the client orders most, most orders
 * first, ties broken by the latest order; at most 30.
 */
export const UsualProductsResponseSchema = z.object({ data: z.array(UsualProductSchema) });
export type UsualProductsResponse = z.infer<typeof UsualProductsResponseSchema>;

/** One calendar month (Europe/Madrid) of purchases, as the monthly cap counts them. */
export const MonthPurchasesSchema = z.object({
  /** The month, `aaaa-mm`. */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** The `price` of the client's orders sent that month, cancelled ones excluded. */
  spent: EurosSchema,
});
export type MonthPurchases = z.infer<typeof MonthPurchasesSchema>;

/**
 * `GET /api/v1/clients/{clientId}/purchases-by-month`: the last 12 months, oldest first and the
 * current month last, each as the monthly cap counts it, and the cap that applies today.
 */
export const PurchasesByMonthSchema = z.object({
  months: z.array(MonthPurchasesSchema),
  /** `maximum_purchase_per_month`: what a client may order in one calendar month, in euros. */
  cap: EurosSchema,
});
export type PurchasesByMonth = z.infer<typeof PurchasesByMonthSchema>;
export const PurchasesByMonthResponseSchema = z.object({ data: PurchasesByMonthSchema });
export type PurchasesByMonthResponse = z.infer<typeof PurchasesByMonthResponseSchema>;
