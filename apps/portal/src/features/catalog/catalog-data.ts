/** The category trees as the catalogue's filters show them, and the counts beside each option. */
import type { CatalogueFacets, Category } from '@botica/api-client/schemas';
import { CATEGORY_TREE_HEALTH_PROBLEMS, CATEGORY_TREE_RANGES } from '@botica/domain';

/** The children of one root (1: ranges, 2: health problems), flattened in order. */
export function treeOptions(all: readonly Category[], rootId: number): Category[] {
  const root = all.find((category) => category.id === rootId);
  const flatten = (nodes: readonly Category[]): Category[] =>
    nodes.flatMap((node) => [node, ...flatten(node.children)]);
  return root ? flatten(root.children) : [];
}

export const RANGE_ROOT = CATEGORY_TREE_RANGES;
export const PROBLEM_ROOT = CATEGORY_TREE_HEALTH_PROBLEMS;

/** How many products each category would leave under the filters in force, by category id. */
export type CategoryCounts = ReadonlyMap<number, number>;

/**
 * The categories' counts from a listing's facets, or null when the listing came without them (a
 * server that does not compute them): then each category shows its own `product_count`.
 */
export function categoryCounts(facets: CatalogueFacets | undefined): CategoryCounts | null {
  return facets ? new Map(facets.categories.map(({ id, count }) => [id, count])) : null;
}

/**
 * The count beside one option: the listing's, which follows the filters, else the category's own.
 * A category the facets do not name (created after the listing was counted) keeps its own count
 * rather than a 0 that would read as unavailable.
 */
export function optionCount(option: Category, counts: CategoryCounts | null): number {
  return counts?.get(option.id) ?? option.product_count;
}
