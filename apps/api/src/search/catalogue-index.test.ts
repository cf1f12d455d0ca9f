import { describe, expect, it } from 'vitest';
import { random } from '../testing/seeded-random.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { CatalogueSnapshot, type SnapshotRows } from './catalogue-index-snapshot.ts';

function rows(epoch: number, overrides: Partial<SnapshotRows> = {}): SnapshotRows {
  return {
    epoch,
    products: [
      {
        id: 3,
        name: 'Aloe Gel',
        reference: 'BT-3',
        format: '30 cápsulas',
        price_cents: 900,
        vat_rate: 10,
        stock_units: 5,
        image_hue: 140,
        image_count: 1,
        picture_version: null,
        reference_rank: 3,
      },
      {
        id: 1,
        name: 'Equinácea',
        reference: 'BT-1',
        format: '30 cápsulas',
        price_cents: 500,
        vat_rate: 10,
        stock_units: 5,
        image_hue: 140,
        image_count: 0,
        picture_version: null,
        reference_rank: 1,
      },
      {
        id: 2,
        name: 'Equinácea',
        reference: 'BT-2',
        format: '30 cápsulas',
        price_cents: 500,
        vat_rate: 10,
        stock_units: 5,
        image_hue: 140,
        image_count: 0,
        picture_version: 'ab',
        reference_rank: 2,
      },
      {
        id: 4,
        name: 'Valeriana',
        reference: 'BT-4',
        format: '30 cápsulas',
        price_cents: 1200,
        vat_rate: 10,
        stock_units: 5,
        image_hue: 140,
        image_count: 2,
        picture_version: null,
        reference_rank: 4,
      },
    ],
    categories: [
      { id: 10, name: 'Gamas', slug: 'gamas', parent_id: null },
      { id: 11, name: 'Plantas', slug: 'plantas', parent_id: 10 },
      { id: 12, name: 'Hojas', slug: 'hojas', parent_id: 11 },
      { id: 20, name: 'Problemas', slug: 'problemas', parent_id: null },
      { id: 21, name: 'Sueño', slug: 'sueno', parent_id: 20 },
      { id: 22, name: 'Defensas', slug: 'defensas', parent_id: 20 },
    ],
    tags: [
      { id: 7, name: 'bio', slug: 'bio' },
      { id: 8, name: 'nuevo', slug: 'nuevo' },
    ],
    productCategories: [
      { product_id: 1, category_id: 12 },
      { product_id: 2, category_id: 11 },
      { product_id: 4, category_id: 11 },
      { product_id: 4, category_id: 21 },
      { product_id: 1, category_id: 22 },
      { product_id: 3, category_id: 22 },
      // A withdrawn product's link counts nowhere.
      { product_id: 99, category_id: 11 },
    ],
    productTags: [
      { product_id: 1, tag_id: 7 },
      { product_id: 4, tag_id: 8 },
    ],
    specialPrices: [
      { discount_group_id: 5, product_id: 1, price_cents: 450 },
      { discount_group_id: 6, product_id: 1, price_cents: 400 },
      { discount_group_id: 5, product_id: 4, price_cents: 1100 },
    ],
    clientGroups: [
      { client_id: 100, discount_group_id: 5 },
      { client_id: 101, discount_group_id: 6 },
    ],
    ...overrides,
  };
}

/** A loader whose builds the test finishes one by one. */
function controlledLoader() {
  const pending: { epoch: number; resolve: (snapshot: CatalogueSnapshot) => void }[] = [];
  let epoch = 1;
  return {
    pending,
    setEpoch(next: number) {
      epoch = next;
    },
    load: () =>
      new Promise<CatalogueSnapshot>((resolve) => {
        pending.push({ epoch, resolve });
      }),
    finish(index = 0) {
      const [build] = pending.splice(index, 1);
      build?.resolve(new CatalogueSnapshot(rows(build.epoch)));
    },
  };
}

const idsOf = (snapshot: CatalogueSnapshot, positions: Int32Array) =>
  Array.from(positions, (position) => snapshot.products[position]?.id);

describe('the catalogue snapshot', () => {
  const snapshot = new CatalogueSnapshot(rows(1));

  it('counts a category with its descendants, and only active products', () => {
    expect(snapshot.categoryCount(10)).toBe(3);
    expect(snapshot.categoryCount(11)).toBe(3);
    expect(snapshot.categoryCount(12)).toBe(1);
    expect(snapshot.categoryCount(20)).toBe(3);
    expect(snapshot.categoryCount(999)).toBe(0);
    expect([snapshot.minCents, snapshot.maxCents]).toEqual([500, 1200]);
  });

  it('sorts by name then id, by name descending with ids ascending, by price with ids, by reference', () => {
    const list = (sort: Parameters<CatalogueSnapshot['list']>[1]) =>
      idsOf(snapshot, snapshot.list({}, sort).positions);
    expect(list('relevance')).toEqual([3, 1, 2, 4]);
    expect(list('name_asc')).toEqual([3, 1, 2, 4]);
    expect(list('name_desc')).toEqual([4, 1, 2, 3]);
    expect(list('price_asc')).toEqual([1, 2, 3, 4]);
    expect(list('price_desc')).toEqual([4, 3, 1, 2]);
    expect(list('reference')).toEqual([1, 2, 3, 4]);
  });

  it('filters OR inside a tree, AND across trees, OR across tags; an unknown category matches nothing', () => {
    const ids = (filters: Parameters<CatalogueSnapshot['list']>[0]) =>
      idsOf(snapshot, snapshot.list(filters, 'name_asc').positions);
    expect(ids({ categories: [12, 21] })).toEqual([]);
    expect(ids({ categories: [11, 22] })).toEqual([1]);
    expect(ids({ categories: [21, 22] })).toEqual([3, 1, 4]);
    expect(ids({ categories: [11, 999] })).toEqual([]);
    expect(ids({ tags: [7, 8] })).toEqual([1, 4]);
    expect(ids({ minCents: 600, maxCents: 1000 })).toEqual([3]);
    expect(ids({ matches: Int32Array.from([3, 0]) })).toEqual([3, 4]);
    // Relevance follows the text's order.
    expect(
      idsOf(snapshot, snapshot.list({ matches: Int32Array.from([3, 0]) }, 'relevance').positions),
    ).toEqual([4, 3]);
  });

  it("prices a product for a pharmacy with its group's price, or none", () => {
    const special = (clientId: number, id: number) =>
      snapshot.pricedRow(snapshot.positionOf(id) ?? -1, clientId)?.special_cents;
    expect(special(100, 1)).toBe(450);
    expect(special(101, 1)).toBe(400);
    expect(special(100, 4)).toBe(1100);
    // No price of its group for the product; a pharmacy without a group.
    expect(special(101, 4)).toBeNull();
    expect(special(102, 1)).toBeNull();
    expect(snapshot.pricedRow(snapshot.positionOf(2) ?? -1, 100)).toEqual({
      id: 2,
      reference: 'BT-2',
      name: 'Equinácea',
      format: '30 cápsulas',
      price_cents: 500,
      vat_rate: 10,
      stock_units: 5,
      image_count: 0,
      image_hue: 140,
      picture_version: 'ab',
      special_cents: null,
    });
    expect(snapshot.pricedRow(99, 100)).toBeUndefined();
  });

  it('counts facets without their own tree: every category and tag listed, 0 included', () => {
    const { facets } = snapshot.list({ categories: [11], minCents: 500, maxCents: 1000 }, 'name_asc');
    // The ranges tree ignores its own choice (11): price leaves products 1, 2, 3.
    expect(facets.categories).toEqual([
      { id: 10, count: 2 },
      { id: 11, count: 2 },
      { id: 12, count: 1 },
      // The problems tree keeps the ranges' choice: products 1 and 2 in the price range.
      { id: 20, count: 1 },
      { id: 21, count: 0 },
      { id: 22, count: 1 },
    ]);
    expect(facets.tags).toEqual([
      { id: 7, count: 1 },
      { id: 8, count: 0 },
    ]);
  });
});

/** A generated catalogue of `count` products in two trees of 12 categories each and 10 tags. */
function generated(count: number, next: () => number): SnapshotRows {
  const categories = [
    { id: 1, name: 'Gamas', slug: 'gamas', parent_id: null },
    { id: 2, name: 'Problemas', slug: 'problemas', parent_id: null },
    ...Array.from({ length: 12 }, (_, k) => ({
      id: 10 + k,
      name: `g${k}`,
      slug: `g${k}`,
      parent_id: k < 4 ? 1 : 10 + (k % 4),
    })),
    ...Array.from({ length: 12 }, (_, k) => ({ id: 40 + k, name: `p${k}`, slug: `p${k}`, parent_id: 2 })),
  ];
  const pick = (from: number, span: number) => from + Math.floor(next() * span);
  return {
    epoch: 1,
    products: Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      name: `producto ${String(index).padStart(6, '0')}`,
      reference: `BT-${index}`,
      format: 'caja',
      price_cents: pick(100, 6000),
      vat_rate: 10,
      stock_units: 1,
      image_count: 0,
      image_hue: 140,
      picture_version: null,
      reference_rank: count - index,
    })),
    categories,
    tags: Array.from({ length: 10 }, (_, k) => ({ id: 100 + k, name: `t${k}`, slug: `t${k}` })),
    productCategories: Array.from({ length: count }, (_, index) => [
      { product_id: index + 1, category_id: pick(10, 12) },
      ...(next() < 0.7 ? [{ product_id: index + 1, category_id: pick(40, 12) }] : []),
    ]).flat(),
    productTags: Array.from({ length: count }, (_, index) =>
      next() < 0.4 ? [{ product_id: index + 1, tag_id: pick(100, 10) }] : [],
    ).flat(),
    specialPrices: [],
    clientGroups: [],
  };
}

describe('the catalogue snapshot against brute force', () => {
  it('lists, pages and counts facets as a product-by-product count does, for random filters', () => {
    const next = random(20261129);
    const rows = generated(3_000, next);
    const snapshot = new CatalogueSnapshot(rows);
    const parent = new Map(rows.categories.map((category) => [category.id, category.parent_id]));
    const rootOf = (id: number) => {
      let at = id;
      while (parent.get(at) != null) at = parent.get(at) as number;
      return at;
    };
    // Each product's categories with their ancestors, and its tags.
    const categoriesOf = new Map<number, Set<number>>();
    for (const link of rows.productCategories) {
      const set = categoriesOf.get(link.product_id) ?? new Set<number>();
      for (let at: number | null | undefined = link.category_id; at != null; at = parent.get(at)) set.add(at);
      categoriesOf.set(link.product_id, set);
    }
    const tagsOf = new Map<number, Set<number>>();
    for (const link of rows.productTags) {
      tagsOf.set(link.product_id, (tagsOf.get(link.product_id) ?? new Set<number>()).add(link.tag_id));
    }
    const inCategory = (productId: number, categoryId: number) =>
      categoriesOf.get(productId)?.has(categoryId) === true;
    const tagged = (productId: number, tagId: number) => tagsOf.get(productId)?.has(tagId) === true;
    for (let round = 0; round < 40; round += 1) {
      const categories = Array.from(
        { length: Math.floor(next() * 3) },
        () => rows.categories[Math.floor(next() * rows.categories.length)]?.id ?? 1,
      );
      const tags = Array.from({ length: Math.floor(next() * 2) }, () => 100 + Math.floor(next() * 10));
      const narrow = next() < 0.5;
      const filters = {
        ...(categories.length ? { categories } : {}),
        ...(tags.length ? { tags } : {}),
        ...(narrow ? { minCents: 1_000, maxCents: 1_000 + Math.floor(next() * 2_000) } : {}),
        ...(next() < 0.3
          ? {
              matches: Int32Array.from({ length: 200 }, () => Math.floor(next() * 3_000)).filter(
                (v, i, all) => all.indexOf(v) === i,
              ),
            }
          : {}),
      };
      const label = `round ${round}: ${JSON.stringify({ ...filters, matches: filters.matches?.length })}`;
      const passes = (
        product: (typeof rows.products)[number],
        except?: { root?: number; tags?: boolean },
      ) => {
        const position = snapshot.positionOf(product.id) ?? -1;
        if (filters.matches && !filters.matches.includes(position)) return false;
        if (
          filters.minCents !== undefined &&
          (product.price_cents < filters.minCents || product.price_cents > (filters.maxCents ?? 0))
        )
          return false;
        const byRoot = new Map<number, number[]>();
        for (const id of categories) byRoot.set(rootOf(id), [...(byRoot.get(rootOf(id)) ?? []), id]);
        for (const [root, ids] of byRoot) {
          if (root !== except?.root && !ids.some((id) => inCategory(product.id, id))) return false;
        }
        if (tags.length && !except?.tags && !tags.some((id) => tagged(product.id, id))) return false;
        return true;
      };
      const full = snapshot.list(filters, 'price_asc');
      const kept = rows.products.filter((product) => passes(product));
      expect(full.total, label).toBe(kept.length);
      expect(full.positions.length, label).toBe(kept.length);
      const page = snapshot.list(filters, 'price_asc', { offset: 24, limit: 24 });
      expect(page.total, label).toBe(kept.length);
      expect([...page.positions], label).toEqual([...full.positions.subarray(24, 48)]);
      expect(page.facets, label).toEqual(full.facets);
      expect(full.facets.categories, label).toEqual(
        rows.categories.map((category) => ({
          id: category.id,
          count: rows.products.filter(
            (product) =>
              passes(product, { root: rootOf(category.id) }) && inCategory(product.id, category.id),
          ).length,
        })),
      );
      expect(full.facets.tags, label).toEqual(
        rows.tags.map((tag) => ({
          id: tag.id,
          count: rows.products.filter(
            (product) => passes(product, { tags: true }) && tagged(product.id, tag.id),
          ).length,
        })),
      );
    }
  });
});

describe('the catalogue index holder', () => {
  it('builds once for a burst of changes, and serves the old snapshot until the new one is ready', async () => {
    const loader = controlledLoader();
    const index = new CatalogueIndex(loader.load);
    const first = index.current();
    expect(loader.pending).toHaveLength(1);
    loader.finish();
    const old = await first;
    expect(old.epoch).toBe(1);

    loader.setEpoch(2);
    for (let change = 0; change < 10; change += 1) index.changed();
    expect(loader.pending).toHaveLength(1);
    // Still building: the old snapshot is the one held.
    expect(index.latest).toBe(old);
    // A request now waits for what it was told of.
    const waiting = index.current();
    let answered = false;
    void waiting.then(() => {
      answered = true;
    });
    loader.setEpoch(3);
    index.changed();
    loader.finish();
    await new Promise((resolve) => setImmediate(resolve));
    // The build under way began at the first change of the burst: one more build for the others.
    expect(index.latest?.epoch).toBe(2);
    expect(loader.pending).toHaveLength(1);
    expect(answered).toBe(false);
    loader.finish();
    expect((await waiting).epoch).toBe(3);
    expect(index.latest?.epoch).toBe(3);
    // Twelve changes, two builds after the first.
    expect(index.builds).toBe(3);
    expect(loader.pending).toHaveLength(0);
  });

  it('builds again for a change heard by a request the last build released', async () => {
    const loader = controlledLoader();
    const index = new CatalogueIndex(loader.load);
    const first = index.current().then((snapshot) => {
      index.changed();
      return snapshot;
    });
    loader.finish();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(loader.pending).toHaveLength(1);
    loader.finish();
    await index.current();
    expect(index.builds).toBe(2);
  });

  it('answers from the older snapshot when a build fails, and fails only without any', async () => {
    let fail = true;
    const index = new CatalogueIndex(async () => {
      if (fail) throw new Error('database away');
      return new CatalogueSnapshot(rows(5));
    });
    await expect(index.current()).rejects.toThrow('database away');
    fail = false;
    const built = await index.current();
    expect(built.epoch).toBe(5);
    fail = true;
    index.changed();
    expect(await index.current()).toBe(built);
  });

  it('keeps the snapshot when the epoch has not moved (the loader reads nothing more)', async () => {
    let loads = 0;
    const index = new CatalogueIndex(async (unlessEpoch) => {
      loads += 1;
      return unlessEpoch === 1 ? undefined : new CatalogueSnapshot(rows(1));
    });
    const first = await index.current();
    index.changed();
    expect(await index.current()).toBe(first);
    expect(loads).toBe(2);
    expect(index.builds).toBe(1);
  });
});
