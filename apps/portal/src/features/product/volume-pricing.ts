/** The product page's volume prices: the wire's product and tiers handed to the domain's rule. */
import type { Product, VolumeRule } from '@botica/api-client/schemas';
import { baseUnitCents, eurosToCents, type VolumePriceTable, volumePriceTable } from '@botica/domain';

/**
 * The volume-price table of a product for the logged-in client. The tiers' discounts apply to
 * `price`; `final_price` of `GET /api/v1/products/{id}` is the client's special price (its price
 * before tiers). `inCart` is the quantity of this product in the cart alone, never the quantity
 * field's value, which is not in the cart yet.
 */
export function productVolumePricing(
  product: Pick<Product, 'price' | 'final_price'>,
  rules: readonly Pick<VolumeRule, 'min_quantity' | 'discount_percent'>[],
  inCart: number,
): VolumePriceTable {
  const listCents = eurosToCents(product.price);
  const specialCents = product.final_price === null ? null : eurosToCents(product.final_price);
  return volumePriceTable(
    { listCents, baseCents: baseUnitCents(listCents, specialCents) },
    rules.map((rule) => ({ minQuantity: rule.min_quantity, discountPercent: rule.discount_percent })),
    inCart,
  );
}
