/** The next volume tier in words beside a cart line's quantity. */
import type { CartLineVolume, ProductSummary } from '@botica/api-client/schemas';
import { NextTierHint } from './next-tier-hint.tsx';

/**
 * The hint of a cart line. The line's own `final_price` is the price of the quantity last saved, so
 * the client's price before tiers and the tiers come from the cart's answer (`volume`, read with the
 * cart: no request per line); the quantity is the one on screen, so the hint follows it as it is
 * typed. A line without them (not saved yet, an older server) shows no hint.
 */
export function CartLineTierHint({
  product,
  volume,
  quantity,
}: {
  product: Pick<ProductSummary, 'price'>;
  volume: CartLineVolume | undefined;
  quantity: number;
}) {
  if (!volume) return <p className="next-tier-hint" role="status" />;
  return (
    <NextTierHint
      product={{ price: product.price, final_price: volume.price_before_tiers }}
      rules={volume.tiers}
      quantity={quantity}
    />
  );
}
