import { describe, expect, it } from 'vitest';
import { type CategoryNode, flatten, parentChoices, reorderedSiblings } from './category-tree.ts';

const node = (id: number, name: string, parent: number | null, children: CategoryNode[] = []) => ({
  id,
  name,
  parent_id: parent,
  product_count: 0,
  children,
});

const ranges = node(1, 'Gamas', null, [
  node(10, 'Defensas', 1, [node(11, 'Niños', 10), node(12, 'Adultos', 10)]),
  node(20, 'Descanso', 1),
  node(30, 'Digestión', 1),
]);

describe('the category trees', () => {
  it('lists a tree depth first with each category depth and place among its siblings', () => {
    expect(flatten(ranges).map((category) => [category.id, category.depth, category.index])).toEqual([
      [10, 0, 0],
      [11, 1, 0],
      [12, 1, 1],
      [20, 0, 1],
      [30, 0, 2],
    ]);
  });

  it('never offers a category as its own parent or under its own branch', () => {
    const ids = parentChoices(ranges, 10).map((choice) => choice.id);
    expect(ids).toEqual([1, 20, 30]);
    expect(parentChoices(ranges, 11).map((choice) => choice.id)).toEqual([1, 10, 12, 20, 30]);
  });

  it('moves a category up or down among its siblings, and not past either end', () => {
    expect(reorderedSiblings([ranges], 20, -1)).toEqual([20, 10, 30]);
    expect(reorderedSiblings([ranges], 12, -1)).toEqual([12, 11]);
    expect(reorderedSiblings([ranges], 30, 1)).toBeNull();
    expect(reorderedSiblings([ranges], 10, -1)).toBeNull();
  });
});
