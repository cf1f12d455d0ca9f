/** The category trees as the catalogue's filters show them. */
import type { Category } from '@botica/api-client/schemas';
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
