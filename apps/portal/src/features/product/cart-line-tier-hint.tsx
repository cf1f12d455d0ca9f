/** The next volume tier in words beside a cart line's quantity. */
import { useQuery } from '@tanstack/react-query';
import { NextTierHint } from './next-tier-hint.tsx';
import { productQuery, volumeRulesQuery } from './queries.ts';

/**
 * The hint of a cart line. The line's own `final_price` is the price of the quantity last saved, so
 * the client's price before tiers and the tiers are read from the product's page data (cached once
 * fetched); a product without them (withdrawn) shows no hint.
 */
export function CartLineTierHint({ productId, quantity }: { productId: number; quantity: number }) {
  const product = useQuery(productQuery(productId));
  const rules = useQuery(volumeRulesQuery(productId));
  if (!product.data || !rules.data) return <p className="next-tier-hint" role="status" />;
  return <NextTierHint product={product.data.data} rules={rules.data.data} quantity={quantity} />;
}
