/**
 * The integration area's orders (`/api/v1/integration/orders…`, scope `orders`): the feed the ERP
 * polls for new orders, and one order as the ERP books it. The feed's items and the single order are
 * the same shape. Amounts are euros as on the rest of the wire (numbers with at most two decimals).
 */
import * as z from 'zod/mini';
import { DiscountSchema, OrderStatusSchema, SurchargeRateSchema } from './cart.ts';
import { VatRateSchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema, IdSchema } from './common.ts';
import { OrderDeliverySchema, OrderTransferSchema } from './delivery.ts';

/** The most orders of one page of the feed. */
export const ORDER_FEED_MAX_LIMIT = 500;
/** The orders of a page of the feed when `limit` is not given. */
export const ORDER_FEED_DEFAULT_LIMIT = 100;
/** The longest cursor the feed answers (they are far shorter). */
export const ORDER_FEED_CURSOR_MAX = 100;

/** The Spanish refusal of a cursor the feed did not answer. */
export const BAD_FEED_CURSOR =
  'El cursor no es válido: envía el next_cursor de la respuesta anterior tal cual, o ninguno para empezar desde el principio.';

/** A cursor of the feed as it travels: URL-safe characters (its content is the server's business). */
export const OrderFeedCursorSchema = z
  .string(BAD_FEED_CURSOR)
  .check(
    z.minLength(1, BAD_FEED_CURSOR),
    z.maxLength(ORDER_FEED_CURSOR_MAX, BAD_FEED_CURSOR),
    z.regex(/^[A-Za-z0-9_-]+$/, BAD_FEED_CURSOR),
  );

/**
 * `GET /api/v1/integration/orders`: `after`, the `next_cursor` of the previous page (none: from the
 * first order); `limit`, 1 to 500 orders (100 by default).
 */
export const OrderFeedQuerySchema = z.object({
  after: z.optional(OrderFeedCursorSchema),
  limit: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(ORDER_FEED_MAX_LIMIT)),
  ),
});
export type OrderFeedQuery = z.infer<typeof OrderFeedQuerySchema>;

/** The pharmacy that placed an order, as the ERP finds its customer. */
export const IntegrationOrderPharmacySchema = z.object({
  id: IdSchema,
  /** CIF, or NIF/NIE of the owning pharmacist. */
  tax_id: z.string(),
  /** The pharmacy's code in the ERP, when it has one. */
  erp_code: z.nullable(z.string()),
  name: z.string(),
});

/**
 * Where the order goes, as the pharmacy chose it when sending it and kept as sent (later edits of the
 * shop do not rewrite it): the shop (`shop_id`), or the pharmacy's registered address when it had no
 * shop on file (`shop_id` null, also once the shop is deleted).
 */
export const IntegrationOrderDeliverySchema = OrderDeliverySchema;

/**
 * A transfer order: the wholesaler it travels through (its code and name at the laboratory, as sent)
 * and the pharmacy's customer number there, when known.
 */
export const IntegrationOrderTransferSchema = OrderTransferSchema;

/** A line of an order: the product as sent and its amounts. */
export const IntegrationOrderLineSchema = z.object({
  /** 1, 2, 3… in the order the pharmacy's order shows them. */
  position: z.int().check(z.gte(1)),
  product_id: IdSchema,
  /** The laboratory's reference, e.g. 'BT-01234'. */
  reference: z.string(),
  /** The seven digits of the Código Nacional, when the product has one. */
  national_code: z.nullable(z.string()),
  /** The EAN-13 of the box, when the product has one. */
  ean: z.nullable(z.string()),
  name: z.string(),
  format: z.string(),
  quantity: z.int().check(z.gte(1)),
  /** The pharmacy's unit price (its discount group and the volume tier the quantity reaches), VAT excluded. */
  unit_price: EurosSchema,
  /** unit_price × quantity. */
  amount: EurosSchema,
  /** The line's share of the order's discounts (`discounts`). */
  discount: EurosSchema,
  /** amount − discount: what the line adds to its VAT rate's base. */
  base: EurosSchema,
  vat_rate: VatRateSchema,
  /** The recargo de equivalencia of the line's VAT rate, null outside the regime. */
  recargo_rate: z.nullable(SurchargeRateSchema),
});

/** The amounts of one VAT rate: its base, the VAT and, in the regime, the recargo de equivalencia. */
export const IntegrationOrderRateTotalSchema = z.object({
  vat_rate: VatRateSchema,
  /** The lines of this rate after discounts. */
  base: EurosSchema,
  vat: EurosSchema,
  /** Null outside the regime of recargo de equivalencia (then `recargo` is 0). */
  recargo_rate: z.nullable(SurchargeRateSchema),
  recargo: EurosSchema,
});

/** The totals of an order. */
export const IntegrationOrderTotalsSchema = z.object({
  /** Sum of the lines' `amount`. */
  gross: EurosSchema,
  /** Sum of `discounts`. */
  discount: EurosSchema,
  /** gross − discount: the sum of the rates' bases. */
  base: EurosSchema,
  vat: EurosSchema,
  recargo: EurosSchema,
  /** base + vat + recargo. */
  total: EurosSchema,
  by_vat_rate: z.array(IntegrationOrderRateTotalSchema),
});

/** One order as the ERP books it (the feed's items and `GET …/orders/{id}` alike). */
export const IntegrationOrderSchema = z.object({
  id: IdSchema,
  /** The order number the pharmacy sees and quotes, e.g. 'PW-2026-000123'. */
  number: z.string(),
  status: OrderStatusSchema,
  /** When the pharmacy sent it (ISO 8601, UTC). */
  placed_at: DateTimeSchema,
  pharmacy: IntegrationOrderPharmacySchema,
  delivery: IntegrationOrderDeliverySchema,
  /** The wholesaler it travels through as a transfer order; null: straight to the laboratory. */
  transfer: z.nullable(IntegrationOrderTransferSchema),
  /** Whether the pharmacy was in the regime of recargo de equivalencia when it sent the order. */
  recargo_equivalencia: z.boolean(),
  lines: z.array(IntegrationOrderLineSchema),
  /** The discount lines (the pharmacy's discount group), as the order shows them. */
  discounts: z.array(DiscountSchema),
  totals: IntegrationOrderTotalsSchema,
  /** The pharmacist's remarks for the laboratory, or null. */
  notes: z.nullable(z.string()),
});
export type IntegrationOrder = z.infer<typeof IntegrationOrderSchema>;

/** `GET /api/v1/integration/orders/{id}`. */
export const IntegrationOrderResponseSchema = z.object({ data: IntegrationOrderSchema });
export type IntegrationOrderResponse = z.infer<typeof IntegrationOrderResponseSchema>;

/**
 * `GET /api/v1/integration/orders`: the next orders in the order their transactions became visible,
 * each once; `next_cursor` is always given (send it as `after`, even when the page is empty);
 * `has_more` says whether another page is ready now.
 */
export const OrderFeedResponseSchema = z.object({
  data: z.array(IntegrationOrderSchema),
  next_cursor: OrderFeedCursorSchema,
  has_more: z.boolean(),
});
export type OrderFeedResponse = z.infer<typeof OrderFeedResponseSchema>;
