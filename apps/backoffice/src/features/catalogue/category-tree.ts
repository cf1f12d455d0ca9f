/**
 * The two category trees as the screens walk them: the ranges ('Gamas', root 1) and the health
 * problems ('Problemas de salud', root 2). Options with their depth for the selects, the places a
 * category may move to (never under itself), and its neighbours for 'Subir' and 'Bajar'.
 */
import { CATEGORY_TREE_HEALTH_PROBLEMS } from '@botica/domain';

/** A category and its children, as the API sends the trees. */
export interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
  product_count: number;
  children: CategoryNode[];
}

/** The trees' names, by root. */
export function treeName(rootId: number): string {
  return rootId === CATEGORY_TREE_HEALTH_PROBLEMS ? 'Problemas de salud' : 'Gamas';
}

/** A category in a flat list, with how deep it sits under its root (the root's children are 0). */
export interface FlatCategory {
  id: number;
  name: string;
  depth: number;
  parentId: number | null;
  productCount: number;
  childCount: number;
  /** Its place among its siblings, 0-based, and how many they are. */
  index: number;
  siblings: number;
}

/** Every category under `root`, depth first in the tree's order. */
export function flatten(root: CategoryNode): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: readonly CategoryNode[], depth: number) => {
    nodes.forEach((node, index) => {
      out.push({
        id: node.id,
        name: node.name,
        depth,
        parentId: node.parent_id,
        productCount: node.product_count,
        childCount: node.children.length,
        index,
        siblings: nodes.length,
      });
      walk(node.children, depth + 1);
    });
  };
  walk(root.children, 0);
  return out;
}

/** The category's label in a select: indented by its depth ('— — Solares'). */
export function indentedName(category: Pick<FlatCategory, 'name' | 'depth'>): string {
  return `${'— '.repeat(category.depth)}${category.name}`;
}

/** The node of `id` in `roots`, or null. */
export function findNode(roots: readonly CategoryNode[], id: number): CategoryNode | null {
  for (const node of roots) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The ids of `node` and everything under it. */
function subtreeIds(node: CategoryNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/**
 * Where `id` may move in its tree: the tree's root (top level) and every category outside its own
 * branch.
 */
export function parentChoices(root: CategoryNode, id: number): { id: number; label: string }[] {
  const node = findNode([root], id);
  const excluded = node ? subtreeIds(node) : new Set<number>();
  return [
    { id: root.id, label: `${treeName(root.id)} (nivel superior)` },
    ...flatten(root)
      .filter((category) => !excluded.has(category.id))
      .map((category) => ({ id: category.id, label: indentedName(category) })),
  ];
}

/** The sibling ids of `id` in their order after moving it `by` places (-1 up, 1 down), or null at an end. */
export function reorderedSiblings(roots: readonly CategoryNode[], id: number, by: -1 | 1): number[] | null {
  const node = findNode(roots, id);
  if (!node) return null;
  const parent = node.parent_id === null ? null : findNode(roots, node.parent_id);
  const siblings = (parent ? parent.children : roots).map((sibling) => sibling.id);
  const from = siblings.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= siblings.length) return null;
  siblings.splice(from, 1);
  siblings.splice(to, 0, id);
  return siblings;
}
