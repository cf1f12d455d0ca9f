/** Catalogue data that rarely changes, fetched once per page load and shared by the screens. */
import type { Category, PriceRange } from '@botica/api-client/schemas';
import { CATEGORY_TREE_HEALTH_PROBLEMS, CATEGORY_TREE_RANGES } from '@botica/domain';
import { api } from '../../shared/api.ts';

let categories: Promise<Category[]> | null = null;
let priceRange: Promise<PriceRange> | null = null;

function remember<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  const promise = load();
  promise.catch(forget);
  return promise;
}

/** Both category trees. */
export function loadCategories(): Promise<Category[]> {
  categories ??= remember(
    async () => (await api.catalogue.categories()).data,
    () => {
      categories = null;
    },
  );
  return categories;
}

/** The bounds of the price filter. */
export function loadPriceRange(): Promise<PriceRange> {
  priceRange ??= remember(
    () => api.catalogue.priceRange(),
    () => {
      priceRange = null;
    },
  );
  return priceRange;
}

/** The children of one root (1: ranges, 2: health problems), flattened in order. */
export function treeOptions(all: readonly Category[], rootId: number): Category[] {
  const root = all.find((category) => category.id === rootId);
  const flatten = (nodes: readonly Category[]): Category[] =>
    nodes.flatMap((node) => [node, ...flatten(node.children)]);
  return root ? flatten(root.children) : [];
}

export const RANGE_ROOT = CATEGORY_TREE_RANGES;
export const PROBLEM_ROOT = CATEGORY_TREE_HEALTH_PROBLEMS;
