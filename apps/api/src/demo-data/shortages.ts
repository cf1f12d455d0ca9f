/**
 * The demo's shortages: most sold-out products carry the day they are expected back, and the first
 * few carry substitutes the laboratory chose (products of the same form for the same health problem,
 * listed in another order than the default ones), so the product page, the cart and the back office's
 * editor show both from a fresh start. Derived from the catalogue without drawing random numbers, so
 * the rest of the demo data stays as it was.
 */
import { defaultSubstitutes, SUBSTITUTES_SHOWN } from '@botica/domain';
import type { productSubstitutes } from '../substitutes/tables.ts';
import type { CategoryRow, ProductCategoryRow, ProductRow } from './catalogue.ts';

export type ProductSubstituteRow = typeof productSubstitutes.$inferInsert;

/** How many sold-out products get substitutes of the laboratory's choice. */
const CHOSEN = 4;

const DAY_MS = 86_400_000;

/**
 * Sets `stockExpectedOn` on sold-out products (two of three, one to five weeks ahead) and answers the
 * chosen substitutes of the first few sold-out products that have any.
 */
export function generateShortages({
  now,
  products,
  categories,
  productCategories,
}: {
  now: Date;
  products: ProductRow[];
  categories: readonly CategoryRow[];
  productCategories: readonly ProductCategoryRow[];
}): ProductSubstituteRow[] {
  const parent = new Map(categories.map((category) => [category.id, category.parentId ?? null]));
  const isHealthProblem = (id: number): boolean => {
    for (let at: number | null = id; at !== null; at = parent.get(at) ?? null) if (at === 2) return id !== 2;
    return false;
  };
  const health = new Map<number, number[]>();
  for (const link of productCategories) {
    if (!isHealthProblem(link.categoryId)) continue;
    health.set(link.productId, [...(health.get(link.productId) ?? []), link.categoryId]);
  }
  const candidates = products.map((product) => ({
    id: product.id,
    name: product.name,
    format: product.format,
    priceCents: product.priceCents,
    stockUnits: product.stockUnits,
    isActive: product.isActive ?? true,
    healthCategoryIds: health.get(product.id) ?? [],
  }));

  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const rows: ProductSubstituteRow[] = [];
  let chosen = 0;
  for (const product of products) {
    // Every row sets the column (the seeding writes each table's rows with the same columns).
    product.stockExpectedOn = null;
    if (product.stockUnits > 0) continue;
    if (product.id % 3 !== 0) {
      const weeks = 1 + (product.id % 5);
      product.stockExpectedOn = new Date(now.getTime() + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
    }
    if (chosen >= CHOSEN) continue;
    const candidate = byId.get(product.id);
    if (!candidate) continue;
    // The laboratory's pick: the default ones from the last, so the choice shows.
    const picks = defaultSubstitutes(candidate, candidates, SUBSTITUTES_SHOWN).reverse().slice(0, 3);
    if (picks.length === 0) continue;
    chosen += 1;
    picks.forEach((pick, position) => {
      rows.push({ productId: product.id, substituteId: pick.id, position });
    });
  }
  return rows;
}
