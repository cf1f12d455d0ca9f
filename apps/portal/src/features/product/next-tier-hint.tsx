/**
 * The next volume tier in words ('Añade 2 uds y pagas 4,10 €/ud'), beside a quantity: on the product
 * page and on every cart line (`cart-line-tier-hint.tsx`). The text comes from the domain's rule for the quantity the price is
 * computed for, and it sits in a polite live region that always holds the current hint, so a change
 * of quantity is announced once, as the new hint, and nothing else.
 */
import type { Product, VolumeRule } from '@botica/api-client/schemas';
import { nextVolumeTier, nextVolumeTierText } from '@botica/domain';
import { productVolumePricing } from './volume-pricing.ts';
import './next-tier-hint.css';

interface NextTierHintProps {
  /** The product's prices as its page has them: `final_price` is the client's price before tiers. */
  product: Pick<Product, 'price' | 'final_price'>;
  /** The product's volume tiers. */
  rules: readonly Pick<VolumeRule, 'min_quantity' | 'discount_percent'>[];
  /**
   * The quantity the price is computed for: a cart line's quantity, or on the product page what the
   * cart holds plus the quantity field's value (the line once 'Añadir' is pressed).
   */
  quantity: number;
}

/** The hint for a product with its prices and tiers at hand (the product page). */
export function NextTierHint({ product, rules, quantity }: NextTierHintProps) {
  const pricing = productVolumePricing(product, rules, 0);
  const next = nextVolumeTier(
    { listCents: pricing.listCents, baseCents: pricing.baseCents },
    pricing.tiers,
    Math.max(0, Math.trunc(quantity)),
  );
  return (
    <p className="next-tier-hint" role="status">
      {nextVolumeTierText(next) ?? ''}
    </p>
  );
}
