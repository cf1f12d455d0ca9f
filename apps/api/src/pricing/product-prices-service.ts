/**
 * A product's own prices as the back office edits them: its volume tiers and its discount groups'
 * special prices. The catalogue's product edit reads and replaces them through here, inside its own
 * transaction, so the product and its prices change together (and move the pricing epoch together).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { discountGroups, specialPrices, volumeRules } from './tables.ts';

/** A volume tier: from `minQuantity` units, `discountPercent` off the list price. */
export interface StoredTier {
  minQuantity: number;
  discountPercent: number;
}

/** A discount group's special unit price for the product, in cents. */
export interface StoredSpecialPrice {
  discountGroupId: number;
  priceCents: number;
}

/** A product's tiers (by quantity) and special prices (by group id). */
export interface ProductPrices {
  tiers: StoredTier[];
  specialPrices: StoredSpecialPrice[];
}

/** The tiers and special prices of a product. */
export async function productPrices(
  context: Pick<CoreContext, 'db'>,
  productId: number,
): Promise<ProductPrices> {
  const tiers = await context.db
    .select({ minQuantity: volumeRules.minQuantity, discountPercent: volumeRules.discountPercent })
    .from(volumeRules)
    .where(eq(volumeRules.productId, productId))
    .orderBy(asc(volumeRules.minQuantity));
  const specials = await context.db
    .select({ discountGroupId: specialPrices.discountGroupId, priceCents: specialPrices.priceCents })
    .from(specialPrices)
    .where(eq(specialPrices.productId, productId))
    .orderBy(asc(specialPrices.discountGroupId));
  return {
    tiers: tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      discountPercent: Number(tier.discountPercent),
    })),
    specialPrices: specials,
  };
}

/** Of `ids`, those that name no discount group. */
export async function unknownDiscountGroups(
  context: Pick<CoreContext, 'db'>,
  ids: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const found = await context.db
    .select({ id: discountGroups.id })
    .from(discountGroups)
    .where(inArray(discountGroups.id, unique));
  const known = new Set(found.map((row) => row.id));
  return new Set(unique.filter((id) => !known.has(id)));
}

/**
 * Replaces a product's tiers and special prices with `prices` (already checked by the domain's
 * rules). Call it inside the edit's transaction: the triggers move the pricing epoch with the commit.
 */
export async function replaceProductPrices(
  transaction: Pick<CoreContext, 'db'>,
  productId: number,
  prices: ProductPrices,
): Promise<void> {
  await transaction.db.delete(volumeRules).where(eq(volumeRules.productId, productId));
  if (prices.tiers.length > 0) {
    await transaction.db.insert(volumeRules).values(
      prices.tiers.map((tier) => ({
        productId,
        minQuantity: tier.minQuantity,
        discountPercent: tier.discountPercent,
      })),
    );
  }
  await transaction.db.delete(specialPrices).where(eq(specialPrices.productId, productId));
  if (prices.specialPrices.length > 0) {
    await transaction.db.insert(specialPrices).values(
      prices.specialPrices.map((special) => ({
        productId,
        discountGroupId: special.discountGroupId,
        priceCents: special.priceCents,
      })),
    );
  }
}
