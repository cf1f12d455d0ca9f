/** The cart ('Mi pedido') and the orders it becomes. Every amount is computed by the server with @botica/domain. */
import { QUANTITY_MAX, SURCHARGE_RATES } from '@botica/domain';
import * as z from 'zod/mini';
import { ProductSummarySchema, VatRateSchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema, IdSchema, ProductImageSchema, paginated } from './common.ts';
import { OrderDeliverySchema, OrderTransferSchema } from './delivery.ts';

/** The largest quantity of one line (the domain's `QUANTITY_MAX`, which the portal's fields stop at). */
export const MAX_LINE_QUANTITY = QUANTITY_MAX;
/** The most lines a cart can have. */
export const MAX_CART_LINES = 500;

/**
 * `POST /api/v1/cart`: the whole list of lines; it replaces the cart's lines. Unknown fields are refused.
 * `version`, optional, makes the save conditional: the `version` of the cart the change was made
 * from (0 when there was no cart); if the cart has changed since (another tab, another user of the
 * pharmacy, an order sent), the save is refused with 409 and nothing is written. Without it the save
 * is unconditional (the last one wins).
 */
export const SaveCartRequestSchema = z.strictObject({
  version: z.optional(z.int().check(z.gte(0))),
  products: z
    .array(
      z.strictObject({
        id: IdSchema,
        quantity: z.int().check(z.gte(1), z.lte(MAX_LINE_QUANTITY)),
      }),
    )
    .check(
      z.maxLength(MAX_CART_LINES),
      z.refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, 'Producto repetido.'),
    ),
});
export type SaveCartRequest = z.infer<typeof SaveCartRequestSchema>;

/**
 * The product of a cart line: the catalogue's product summary, whose `final_price` here is the
 * client's unit price for the line (discount group and the volume tier its quantity reaches).
 */
export const CartProductSchema = ProductSummarySchema;

/** A cart line's product's volume pricing, as the product page reads it from the product and its tiers. */
export const CartLineVolumeSchema = z.object({
  /**
   * The client's unit price before volume tiers (its discount group's special price) if it differs
   * from the product's `price`, null otherwise: the product page's `final_price`.
   */
  price_before_tiers: z.nullable(EurosSchema),
  /** The product's volume tiers, lowest first: from `min_quantity` units, `discount_percent` off `price`. */
  tiers: z.array(
    z.object({
      min_quantity: z.int().check(z.gte(1)),
      discount_percent: z.number().check(z.gte(0), z.lte(100)),
    }),
  ),
});
export type CartLineVolume = z.infer<typeof CartLineVolumeSchema>;

export const CartItemSchema = z.object({
  product: CartProductSchema,
  quantity: z.int().check(z.gte(1)),
  /** `final_price` (else `price`) × quantity. */
  price: EurosSchema,
  /** The line's price after its share of the cart's discounts. */
  price_include_discount: EurosSchema,
  /**
   * The unit price this line had at the cart's last acknowledged save, when the laboratory has
   * changed the price since (the pharmacist saw that one, and may not expect the new one): in every
   * answer until the next save, whose answer still carries it once. Absent or null otherwise, and in
   * answers of older servers.
   */
  previous_price: z.optional(z.nullable(EurosSchema)),
  /**
   * What the line's next volume tier is computed from at any quantity, so a cart needs no request per
   * line for it: the product's volume tiers and the client's unit price before them. Absent in answers
   * of older servers.
   */
  volume: z.optional(CartLineVolumeSchema),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const DiscountSchema = z.object({
  group_name: z.string(),
  discount_percent: z.number().check(z.gte(0), z.lte(100)),
  /** The discount line's amount: cart price × discount_percent / 100. */
  amount: EurosSchema,
});
export type Discount = z.infer<typeof DiscountSchema>;

/** The VAT of one rate: its base (the lines of that rate after discounts) and its amount. */
export const TaxLineSchema = z.object({ rate: VatRateSchema, base: EurosSchema, amount: EurosSchema });

/** A rate of the recargo de equivalencia, in percent: 0.5, 1.4 or 5.2 (the domain's `SURCHARGE_RATES`). */
export const SurchargeRateSchema = z.union([z.literal(0.5), z.literal(1.4), z.literal(5.2)]);

/**
 * The recargo de equivalencia of one VAT rate: `rate` (`SURCHARGE_RATES[vat_rate]`) on the same
 * `base` as the VAT line of `vat_rate`.
 */
export const SurchargeLineSchema = z
  .object({
    vat_rate: VatRateSchema,
    rate: SurchargeRateSchema,
    base: EurosSchema,
    amount: EurosSchema,
  })
  .check(
    z.refine((line) => SURCHARGE_RATES[line.vat_rate] === line.rate, {
      message: 'El recargo no corresponde al tipo de IVA.',
      path: ['rate'],
    }),
  );
export type SurchargeLine = z.infer<typeof SurchargeLineSchema>;

/**
 * Whether the client is in the VAT regime of recargo de equivalencia (for an order: whether it was
 * when the order was sent). Absent in answers of servers older than the regime: false.
 */
const RegimeSchema = z._default(z.boolean(), false);
/** The recargo de equivalencia by VAT rate, under the VAT lines; empty outside the regime (or when absent). */
const SurchargesSchema = z._default(z.array(SurchargeLineSchema), []);

export const CartSchema = z.object({
  id: IdSchema,
  client_id: IdSchema,
  items: z.array(CartItemSchema),
  /** Sum of the lines. */
  price: EurosSchema,
  discounts: z.array(DiscountSchema),
  /** Sum of the discount lines. */
  price_discount_line: EurosSchema,
  /** VAT by rate on the lines after discounts. */
  taxes: z.array(TaxLineSchema),
  /** The client is in the regime of recargo de equivalencia: `surcharges` has one line per VAT line. */
  recargo_equivalencia: RegimeSchema,
  /** Recargo de equivalencia by VAT rate, on the same bases as `taxes`; empty outside the regime. */
  surcharges: SurchargesSchema,
  /** Every tax: the sum of `taxes` and `surcharges`. */
  price_tax: EurosSchema,
  /** price − price_discount_line + price_tax. */
  total_price: EurosSchema,
  /** Increases with every acknowledged save: of two answers, the higher version is what the cart holds. */
  version: z.int().check(z.gte(0)),
  updated_at: DateTimeSchema,
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`: optional remarks for the laboratory, the
 * pharmacy's shop the order goes to (none: the main one) and the pharmacy's wholesaler it travels
 * through as a transfer order (none or null: straight to the laboratory); another pharmacy's shop or
 * a wholesaler not on the pharmacy's list is refused (422).
 */
export const CheckoutRequestSchema = z.strictObject({
  notes: z.optional(z.string().check(z.maxLength(1000))),
  shop_id: z.optional(IdSchema),
  wholesaler_id: z.optional(z.nullable(IdSchema)),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const OrderStatusSchema = z.enum(['received', 'processing', 'shipped', 'delivered', 'cancelled']);

export const OrderLineSchema = z.object({
  product_id: IdSchema,
  reference: z.string(),
  name: z.string(),
  format: z.string(),
  quantity: z.int().check(z.gte(1)),
  unit_price: EurosSchema,
  price: EurosSchema,
  price_include_discount: EurosSchema,
  vat_rate: VatRateSchema,
  image: ProductImageSchema,
});

export const OrderSchema = z.object({
  id: IdSchema,
  /** The order number the pharmacy quotes, e.g. 'PW-2026-000123'. */
  number: z.string(),
  client_id: IdSchema,
  status: OrderStatusSchema,
  created_at: DateTimeSchema,
  notes: z.nullable(z.string()),
  lines: z.array(OrderLineSchema),
  price: EurosSchema,
  discounts: z.array(DiscountSchema),
  price_discount_line: EurosSchema,
  /** VAT by rate, as sent. */
  taxes: z.array(TaxLineSchema),
  /** Whether the client was in the regime of recargo de equivalencia when it sent the order. */
  recargo_equivalencia: RegimeSchema,
  /** Recargo de equivalencia by VAT rate, as sent; empty outside the regime. */
  surcharges: SurchargesSchema,
  /** Every tax: the sum of `taxes` and `surcharges`. */
  price_tax: EurosSchema,
  /** price − price_discount_line + price_tax. */
  total_price: EurosSchema,
  /** Where it goes, as sent. */
  delivery: OrderDeliverySchema,
  /** The wholesaler it travels through as a transfer order, as sent; null: straight to the laboratory. */
  transfer: z.nullable(OrderTransferSchema),
});
export type Order = z.infer<typeof OrderSchema>;
/**
 * `GET /api/v1/clients/{clientId}/monthly-purchases`: what the monthly cap counts this month, so the
 * portal can say what is left before a save or an order is refused (406).
 */
export const MonthlyPurchasesSchema = z.object({
  /** The calendar month (Europe/Madrid) counted, `aaaa-mm`. */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** The `price` of the client's orders sent this month, cancelled ones excluded. */
  spent: EurosSchema,
});
export type MonthlyPurchases = z.infer<typeof MonthlyPurchasesSchema>;
export const MonthlyPurchasesResponseSchema = z.object({ data: MonthlyPurchasesSchema });
export type MonthlyPurchasesResponse = z.infer<typeof MonthlyPurchasesResponseSchema>;

export const OrderResponseSchema = z.object({ data: OrderSchema });
export const OrdersResponseSchema = paginated(OrderSchema);

/** A whole page number or page size of a query string, between `min` and `max`. */
function queryInteger(min: number, max: number) {
  return z.coerce
    .number()
    .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(min), z.lte(max));
}

/** A calendar date of a query string, `YYYY-MM-DD` (a day of Europe/Madrid). */
export const QueryDateSchema = z.iso.date('Debe ser una fecha con el formato AAAA-MM-DD.');

/**
 * The query of `GET /api/v1/clients/{clientId}/orders`: 1-based page, 10 orders a page by default;
 * optionally only the orders sent `from` and/or `to` a day (both included, Madrid days) and only one
 * `status`. `from` after `to` is refused (422 under `to`).
 */
export const OrdersQuerySchema = z
  .object({
    page: z.optional(queryInteger(1, 100_000)),
    per_page: z.optional(queryInteger(1, 50)),
    from: z.optional(QueryDateSchema),
    to: z.optional(QueryDateSchema),
    status: z.optional(OrderStatusSchema),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'La fecha final no puede ser anterior a la inicial.',
      path: ['to'],
    }),
  );
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;
export type OrdersResponse = z.infer<typeof OrdersResponseSchema>;
