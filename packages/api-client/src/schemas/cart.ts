/** The cart ('Mi pedido') and the orders it becomes. Every amount is computed by the server with @botica/domain. */
import { QUANTITY_MAX } from '@botica/domain';
import * as z from 'zod/mini';
import { ProductSummarySchema, VatRateSchema } from './catalogue.ts';
import { DateTimeSchema, EurosSchema, IdSchema, ProductImageSchema, paginated } from './common.ts';

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

export const CartItemSchema = z.object({
  product: CartProductSchema,
  quantity: z.int().check(z.gte(1)),
  /** `final_price` (else `price`) × quantity. */
  price: EurosSchema,
  /** The line's price after its share of the cart's discounts. */
  price_include_discount: EurosSchema,
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const DiscountSchema = z.object({
  group_name: z.string(),
  discount_percent: z.number().check(z.gte(0), z.lte(100)),
  /** The discount line's amount: cart price × discount_percent / 100. */
  amount: EurosSchema,
});
export type Discount = z.infer<typeof DiscountSchema>;

export const TaxLineSchema = z.object({ rate: VatRateSchema, base: EurosSchema, amount: EurosSchema });

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
  price_tax: EurosSchema,
  /** price − price_discount_line + price_tax. */
  total_price: EurosSchema,
  /** Increases with every acknowledged save: of two answers, the higher version is what the cart holds. */
  version: z.int().check(z.gte(0)),
  updated_at: DateTimeSchema,
});
export type Cart = z.infer<typeof CartSchema>;

/** `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`: optional remarks for the laboratory. */
export const CheckoutRequestSchema = z.strictObject({
  notes: z.optional(z.string().check(z.maxLength(1000))),
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
  taxes: z.array(TaxLineSchema),
  price_tax: EurosSchema,
  total_price: EurosSchema,
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = z.object({ data: OrderSchema });
export const OrdersResponseSchema = paginated(OrderSchema);

/** The query of `GET /api/v1/clients/{clientId}/orders`: 1-based page, 10 orders a page by default. */
export const OrdersQuerySchema = z.object({
  page: z.optional(
    z.coerce
      .number()
      .check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(100_000)),
  ),
  per_page: z.optional(
    z.coerce.number().check(z.refine(Number.isInteger, 'Debe ser un número entero.'), z.gte(1), z.lte(50)),
  ),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;
export type OrdersResponse = z.infer<typeof OrdersResponseSchema>;
