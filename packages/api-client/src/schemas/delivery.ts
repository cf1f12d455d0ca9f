/**
 * Where an order goes: the pharmacy's shop it is delivered to, and whether it travels as a transfer
 * order through one of the pharmacy's wholesalers (null: straight to the laboratory). What the cart
 * offers, what the checkout sends and what an order keeps as sent.
 */
import * as z from 'zod/mini';
import { ShopSchema } from './account.ts';
import { IdSchema } from './common.ts';

/** The Spanish messages of the order's destination, as the server sends them. */
export const DELIVERY_MESSAGES = {
  shopNotOwn: 'Esa tienda no es de tu farmacia.',
  wholesalerNotOwn: 'Ese mayorista no está entre los de tu farmacia.',
} as const;

/**
 * Where an order is delivered, as it was when sent (later edits of the shop do not rewrite it): the
 * shop (`shop_id`), or the pharmacy's registered address when it had no shop on file (`shop_id` null).
 */
export const OrderDeliverySchema = z.object({
  /** The shop it goes to; null for the registered address, or once the shop is deleted. */
  shop_id: z.nullable(IdSchema),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  phone: z.string(),
});
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;

/** A transfer order: the wholesaler it travels through, as it was when sent. */
export const OrderTransferSchema = z.object({
  /** The wholesaler's code at the laboratory, e.g. 'COFARES'. */
  code: z.string(),
  name: z.string(),
  /** The pharmacy's customer number at that wholesaler, when the laboratory has it. */
  customer_number: z.nullable(z.string()),
});
export type OrderTransfer = z.infer<typeof OrderTransferSchema>;

/** A shop the order may go to: the account's shop without its phone. */
export const DeliveryShopSchema = z.omit(ShopSchema, { phone: true });
export type DeliveryShop = z.infer<typeof DeliveryShopSchema>;

/** A wholesaler the pharmacy may send transfer orders through. */
export const DeliveryWholesalerSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  customer_number: z.nullable(z.string()),
});
export type DeliveryWholesaler = z.infer<typeof DeliveryWholesalerSchema>;

/**
 * `GET /api/v1/clients/{clientId}/delivery-options`: the pharmacy's shops (main first), the one the
 * cart proposes (the user's last choice while it is still a shop of the pharmacy, else the main one;
 * null without shops) and the wholesalers it may send transfer orders through.
 */
export const DeliveryOptionsSchema = z.object({
  shops: z.array(DeliveryShopSchema),
  default_shop_id: z.nullable(IdSchema),
  wholesalers: z.array(DeliveryWholesalerSchema),
});
export type DeliveryOptions = z.infer<typeof DeliveryOptionsSchema>;
export const DeliveryOptionsResponseSchema = z.object({ data: DeliveryOptionsSchema });
export type DeliveryOptionsResponse = z.infer<typeof DeliveryOptionsResponseSchema>;
