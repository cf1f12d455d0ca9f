/**
 * One immutable snapshot of the active catalogue, in memory: what the search box, the catalogue's
 * filters, sorts and facet counts, the category counts and the price filter's bounds are answered
 * from. Products have positions 0…n−1 in the order of their names, then ids (PostgreSQL's collation:
 * the order comes from the database); a set of products is a bitset of positions (`Uint32Array`, a bit
 * per product), so a filter is a few word-wise ANDs and ORs and a count is a population count.
 *
 * It also holds what the listing's page shows of each product (its format, VAT, stock) and the prices
 * of the discount groups with the group of each pharmacy, so a page is priced for its pharmacy here,
 * without a statement: everything it holds moves the pricing epoch, so a change to any of it builds
 * another snapshot.
 *
 * Built by `catalogue-index.ts` from rows read in one transaction; never changed afterwards (a
 * change builds another, and the holder swaps them).
 */
import { imageAddress, type PricedProductRow } from '../pricing/pricing-service.ts';
import { buildTextIndex, type TextIndex } from './text-index.ts';

/** A product as the snapshot reads it (active only), in the order of name, then id. */
export interface SnapshotProduct {
  id: number;
  name: string;
  reference: string;
  format: string;
  price_cents: number;
  vat_rate: number;
  stock_units: number;
  image_count: number;
  image_hue: number;
  /** The version of the uploaded picture number 1, if any. */
  picture_version: string | null;
  /** Its rank in the order of references (1 first), as PostgreSQL sorts them. */
  reference_rank: number;
}

/** A category row, in the order the forest lists them (position, name, id). */
export interface SnapshotCategory {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
}

/** A tag row, in the order of names. */
export interface SnapshotTag {
  id: number;
  name: string;
  slug: string;
}

/** What a snapshot is built from. */
export interface SnapshotRows {
  epoch: number;
  products: SnapshotProduct[];
  categories: SnapshotCategory[];
  tags: SnapshotTag[];
  productCategories: { product_id: number; category_id: number }[];
  productTags: { product_id: number; tag_id: number }[];
  /** The discount groups' prices. */
  specialPrices: { discount_group_id: number; product_id: number; price_cents: number }[];
  /** The discount group of each pharmacy that has one. */
  clientGroups: { client_id: number; discount_group_id: number }[];
}

/** A set of product positions: bit `p % 32` of word `p >>> 5`. */
export type Bitset = Uint32Array;

/** The catalogue listing's filters, as the snapshot applies them. */
export interface SnapshotFilters {
  /** Category ids: any of a tree's (with their descendants), and every tree named. */
  categories?: readonly number[];
  /** Tag ids: any of them. */
  tags?: readonly number[];
  /** The text's matches, best first (from the text index), or undefined for no text. */
  matches?: Int32Array;
  minCents?: number;
  maxCents?: number;
}

export type SnapshotSort = 'relevance' | 'name_asc' | 'name_desc' | 'price_asc' | 'price_desc' | 'reference';

/** Which of a listing's positions to return: `limit` of them from the `offset`th (a page). */
export interface SnapshotWindow {
  offset: number;
  limit: number;
}

/** A filtered, sorted listing: the positions in order (only the window's, when one was asked). */
export interface SnapshotListing {
  positions: Int32Array;
  /** How many products the filters leave. */
  total: number;
  /** The facet counts, disjunctive per tree and over the tags. */
  facets: { categories: { id: number; count: number }[]; tags: { id: number; count: number }[] };
}

function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function countBits(set: Bitset): number {
  let count = 0;
  for (let index = 0; index < set.length; index += 1) count += popcount32(set[index] ?? 0);
  return count;
}

function countBoth(a: Bitset, b: Bitset): number {
  let count = 0;
  for (let index = 0; index < a.length; index += 1) count += popcount32((a[index] ?? 0) & (b[index] ?? 0));
  return count;
}

/** Per position, the indexes of the sets it belongs to (compressed rows: `items[start[p]…start[p+1]]`). */
interface Membership {
  start: Int32Array;
  items: Int32Array;
}

function membership(sets: readonly (Bitset | undefined)[], count: number): Membership {
  const start = new Int32Array(count + 1);
  const each = (visit: (position: number, index: number) => void) =>
    sets.forEach((set, index) => {
      if (set) forEachBit(set, (position) => visit(position, index));
    });
  each((position) => {
    start[position + 1] = (start[position + 1] ?? 0) + 1;
  });
  for (let position = 0; position < count; position += 1) {
    start[position + 1] = (start[position + 1] ?? 0) + (start[position] ?? 0);
  }
  const items = new Int32Array(start[count] ?? 0);
  const next = start.slice(0, count);
  each((position, index) => {
    const at = next[position] ?? 0;
    items[at] = index;
    next[position] = at + 1;
  });
  return { start, items };
}

function forEachBit(set: Bitset, visit: (position: number) => void): void {
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] ?? 0;
    while (bits !== 0) {
      const lowest = bits & -bits;
      visit((word << 5) + 31 - Math.clz32(lowest));
      bits ^= lowest;
    }
  }
}

/**
 * How many of `set`'s positions each of `sets` holds: by walking `set`'s positions and their
 * memberships when it is sparse, else a population count of each intersection.
 */
function countEach(set: Bitset, sets: readonly (Bitset | undefined)[], members: Membership): Int32Array {
  const counts = new Int32Array(sets.length);
  const population = countBits(set);
  const perPosition = members.items.length / Math.max(1, members.start.length - 1);
  if (population * (perPosition + 1) < sets.length * set.length) {
    forEachBit(set, (position) => {
      const end = members.start[position + 1] ?? 0;
      for (let at = members.start[position] ?? 0; at < end; at += 1) {
        const index = members.items[at] ?? 0;
        counts[index] = (counts[index] ?? 0) + 1;
      }
    });
  } else {
    sets.forEach((other, index) => {
      counts[index] = other ? countBoth(set, other) : 0;
    });
  }
  return counts;
}

function has(set: Bitset, position: number): boolean {
  return ((set[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0;
}

function add(set: Bitset, position: number): void {
  set[position >>> 5] = (set[position >>> 5] ?? 0) | (1 << (position & 31));
}

function andInto(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index += 1)
    target[index] = (target[index] ?? 0) & (other[index] ?? 0);
}

function orInto(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index += 1)
    target[index] = (target[index] ?? 0) | (other[index] ?? 0);
}

export class CatalogueSnapshot {
  /** The pricing epoch the rows were read under. */
  readonly epoch: number;
  readonly products: readonly SnapshotProduct[];
  /** Every category, in the forest's order, with its direct parent. */
  readonly categories: readonly SnapshotCategory[];
  readonly tags: readonly SnapshotTag[];
  readonly text: TextIndex;
  /**
   * Per position, the address of the product's first image in the search box's size, after the
   * public URL (`imageAddress`): worked out here once, not for every hit of every search.
   */
  readonly miniproduct: readonly string[];
  readonly #words: number;
  readonly #positionOf = new Map<number, number>();
  /** Per category, its products and its descendants'. */
  readonly #inCategory = new Map<number, Bitset>();
  /** Per category, the root of its tree. */
  readonly #rootOf = new Map<number, number>();
  readonly #withTag = new Map<number, Bitset>();
  /** Per category and per tag, its number of products (the facet counts when nothing filters). */
  readonly #categoryCounts = new Map<number, number>();
  readonly #tagCounts = new Map<number, number>();
  /** Each category's and tag's set in the order of `categories` and `tags`, and per position its own. */
  readonly #categorySets: (Bitset | undefined)[];
  readonly #tagSets: (Bitset | undefined)[];
  readonly #categoriesAt: Membership;
  readonly #tagsAt: Membership;
  /** The list prices in the order of `price_asc`: a price range is a slice of it. */
  readonly #ascendingPrices: Int32Array;
  readonly #orders: Record<Exclude<SnapshotSort, 'relevance'>, Int32Array>;
  /** Per discount group, its prices by product id; per pharmacy with one, its group. */
  readonly #specialCents = new Map<number, Map<number, number>>();
  readonly #groupOf = new Map<number, number>();
  readonly minCents: number;
  readonly maxCents: number;
  /** The bytes the snapshot holds, about: its arrays, sets and strings, and the text index's. */
  readonly memoryBytes: number;

  constructor(rows: SnapshotRows) {
    this.epoch = rows.epoch;
    this.products = rows.products;
    this.categories = rows.categories;
    this.tags = rows.tags;
    const count = rows.products.length;
    this.#words = Math.ceil(count / 32);
    rows.products.forEach((product, position) => {
      this.#positionOf.set(product.id, position);
    });
    this.text = buildTextIndex(rows.products);
    this.miniproduct = rows.products.map((product) =>
      imageAddress(product.id, product.image_count, 1, 'miniproduct', product.picture_version),
    );

    const parentOf = new Map(rows.categories.map((category) => [category.id, category.parent_id]));
    const direct = new Map<number, Bitset>();
    for (const { product_id, category_id } of rows.productCategories) {
      const position = this.#positionOf.get(product_id);
      if (position === undefined || !parentOf.has(category_id)) continue;
      let set = direct.get(category_id);
      if (!set) {
        set = this.#emptySet();
        direct.set(category_id, set);
      }
      add(set, position);
    }
    for (const category of rows.categories) {
      this.#inCategory.set(category.id, this.#emptySet());
      // Up the tree to the root (a cycle, which the back office refuses, is cut where it closes).
      const seen = new Set<number>();
      let root = category.id;
      for (let parent = parentOf.get(root) ?? null; parent !== null && !seen.has(parent); ) {
        seen.add(root);
        root = parent;
        parent = parentOf.get(root) ?? null;
      }
      this.#rootOf.set(category.id, root);
    }
    for (const category of rows.categories) {
      const own = direct.get(category.id);
      if (!own) continue;
      // The category's products count in it and in every ancestor.
      const seen = new Set<number>();
      for (let id: number | null = category.id; id !== null && !seen.has(id); id = parentOf.get(id) ?? null) {
        seen.add(id);
        const set = this.#inCategory.get(id);
        if (set) orInto(set, own);
      }
    }
    for (const tag of rows.tags) this.#withTag.set(tag.id, this.#emptySet());
    for (const { product_id, tag_id } of rows.productTags) {
      const position = this.#positionOf.get(product_id);
      const set = this.#withTag.get(tag_id);
      if (position !== undefined && set) add(set, position);
    }

    const byName = Int32Array.from({ length: count }, (_, position) => position);
    const idOf = (position: number) => rows.products[position]?.id ?? 0;
    const priceOf = (position: number) => rows.products[position]?.price_cents ?? 0;
    // Names descending, ids ascending within one name (as `order by name desc, id`).
    const nameDesc: number[] = [];
    for (let end = count; end > 0; ) {
      let start = end - 1;
      while (start > 0 && rows.products[start - 1]?.name === rows.products[end - 1]?.name) start -= 1;
      for (let position = start; position < end; position += 1) nameDesc.push(position);
      end = start;
    }
    this.#orders = {
      name_asc: byName,
      name_desc: Int32Array.from(nameDesc),
      price_asc: byName.slice().sort((a, b) => priceOf(a) - priceOf(b) || idOf(a) - idOf(b)),
      price_desc: byName.slice().sort((a, b) => priceOf(b) - priceOf(a) || idOf(a) - idOf(b)),
      reference: byName
        .slice()
        .sort((a, b) => (rows.products[a]?.reference_rank ?? 0) - (rows.products[b]?.reference_rank ?? 0)),
    };
    this.#ascendingPrices = Int32Array.from(this.#orders.price_asc, (position) => priceOf(position));
    for (const [id, set] of this.#inCategory) this.#categoryCounts.set(id, countBits(set));
    this.#categorySets = rows.categories.map((category) => this.#inCategory.get(category.id));
    this.#tagSets = rows.tags.map((tag) => this.#withTag.get(tag.id));
    this.#categoriesAt = membership(this.#categorySets, count);
    this.#tagsAt = membership(this.#tagSets, count);
    for (const [id, set] of this.#withTag) this.#tagCounts.set(id, countBits(set));
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const product of rows.products) {
      min = Math.min(min, product.price_cents);
      max = Math.max(max, product.price_cents);
    }
    this.minCents = count === 0 ? 0 : min;
    this.maxCents = count === 0 ? 0 : max;

    for (const { discount_group_id, product_id, price_cents } of rows.specialPrices) {
      let prices = this.#specialCents.get(discount_group_id);
      if (!prices) {
        prices = new Map();
        this.#specialCents.set(discount_group_id, prices);
      }
      prices.set(product_id, price_cents);
    }
    for (const { client_id, discount_group_id } of rows.clientGroups)
      this.#groupOf.set(client_id, discount_group_id);

    const setBytes = (this.#inCategory.size + this.#withTag.size) * this.#words * 4;
    const stringBytes = rows.products.reduce(
      (sum, product, position) =>
        sum +
        2 *
          (product.name.length +
            product.reference.length +
            product.format.length +
            (this.miniproduct[position]?.length ?? 0)) +
        112,
      0,
    );
    // A map entry is about 40 bytes (V8's ordered hash tables: key, value, chain, and slack).
    const mapBytes = (rows.specialPrices.length + rows.clientGroups.length + count) * 40;
    this.memoryBytes = setBytes + stringBytes + mapBytes + count * 4 * 6 + this.text.memoryBytes;
  }

  #emptySet(): Bitset {
    return new Uint32Array(this.#words);
  }

  /** The position of an active product, or undefined. */
  positionOf(id: number): number | undefined {
    return this.#positionOf.get(id);
  }

  /**
   * A product of the snapshot as a pharmacy's page shows it: its row with the price of the pharmacy's
   * discount group (null without a group or without a price of its group), as the SQL of
   * `pricedProductsOfClient` reads it.
   */
  pricedRow(position: number, clientId: number): PricedProductRow | undefined {
    const product = this.products[position];
    if (!product) return undefined;
    const group = this.#groupOf.get(clientId);
    const special = group === undefined ? undefined : this.#specialCents.get(group)?.get(product.id);
    return {
      id: product.id,
      reference: product.reference,
      name: product.name,
      format: product.format,
      price_cents: product.price_cents,
      vat_rate: product.vat_rate,
      stock_units: product.stock_units,
      image_count: product.image_count,
      image_hue: product.image_hue,
      picture_version: product.picture_version,
      special_cents: special ?? null,
    };
  }

  /** The number of active products in a category and its descendants (0 for an unknown one). */
  categoryCount(id: number): number {
    return this.#categoryCounts.get(id) ?? 0;
  }

  /** The positions whose list price is within [min, max]: a slice of the price order, by bisection. */
  #priced(min: number, max: number): Bitset {
    const prices = this.#ascendingPrices;
    const first = (bound: number, inclusive: boolean) => {
      let low = 0;
      let high = prices.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const price = prices[middle] ?? 0;
        if (inclusive ? price < bound : price <= bound) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const set = this.#emptySet();
    const order = this.#orders.price_asc;
    const end = first(max, false);
    for (let index = first(min, true); index < end; index += 1) add(set, order[index] ?? 0);
    return set;
  }

  /**
   * The category ids grouped by the root of their tree. An unknown id is a group of its own, so it
   * matches nothing instead of being ignored.
   */
  #groups(ids: readonly number[]): { root: number; ids: number[] }[] {
    const groups = new Map<number, number[]>();
    for (const id of new Set(ids)) {
      const root = this.#rootOf.get(id) ?? -id;
      groups.set(root, [...(groups.get(root) ?? []), id]);
    }
    return [...groups].map(([root, members]) => ({ root, ids: members }));
  }

  #union(sets: Map<number, Bitset>, ids: readonly number[]): Bitset {
    const set = this.#emptySet();
    for (const id of ids) {
      const members = sets.get(id);
      if (members) orInto(set, members);
    }
    return set;
  }

  /**
   * Filters, sorts and counts the facets: the catalogue listing. With a `window` (a page), only its
   * positions are sorted out: the order is walked until the window is full, and the total is the
   * filtered set's population count.
   */
  list(filters: SnapshotFilters, sort: SnapshotSort, window?: SnapshotWindow): SnapshotListing {
    // The text and the price range: the base every count starts from (undefined: every product).
    let base: Bitset | undefined;
    if (filters.matches) {
      base = this.#emptySet();
      for (const position of filters.matches) add(base, position);
    }
    if (filters.minCents !== undefined || filters.maxCents !== undefined) {
      const priced = this.#priced(
        filters.minCents ?? Number.NEGATIVE_INFINITY,
        filters.maxCents ?? Number.POSITIVE_INFINITY,
      );
      if (base) andInto(base, priced);
      else base = priced;
    }
    const groups = this.#groups(filters.categories ?? []).map((group) => ({
      ...group,
      set: this.#union(this.#inCategory, group.ids),
    }));
    const tagged = filters.tags?.length ? this.#union(this.#withTag, filters.tags) : undefined;

    /** The base with every filter but one tree's (or the tags'); undefined when that is every product. */
    const without = (except: { root?: number; tags?: boolean }): Bitset | undefined => {
      let set: Bitset | undefined;
      const narrow = (other: Bitset) => {
        if (set) andInto(set, other);
        else set = other.slice();
      };
      if (base) narrow(base);
      for (const group of groups) if (group.root !== except.root) narrow(group.set);
      if (tagged && !except.tags) narrow(tagged);
      return set;
    };
    const kept = without({});

    // One count per distinct set: a tree nothing in the filters chose counts against `kept`.
    const chosenRoots = new Set(groups.map((group) => group.root));
    const byRoot = new Map<number, Bitset | undefined>();
    const categoryCounts = new Map<Bitset | undefined, Int32Array>();
    const categories = this.categories.map((category, index) => {
      const root = this.#rootOf.get(category.id) ?? category.id;
      if (!byRoot.has(root)) byRoot.set(root, chosenRoots.has(root) ? without({ root }) : kept);
      const others = byRoot.get(root);
      if (!others) return { id: category.id, count: this.categoryCount(category.id) };
      let counts = categoryCounts.get(others);
      if (!counts) {
        counts = countEach(others, this.#categorySets, this.#categoriesAt);
        categoryCounts.set(others, counts);
      }
      return { id: category.id, count: counts[index] ?? 0 };
    });
    const untagged = tagged ? without({ tags: true }) : kept;
    const tagCounts = untagged ? countEach(untagged, this.#tagSets, this.#tagsAt) : undefined;
    const tags = this.tags.map((tag, index) => ({
      id: tag.id,
      count: tagCounts ? (tagCounts[index] ?? 0) : (this.#tagCounts.get(tag.id) ?? 0),
    }));

    const order = sort === 'relevance' ? (filters.matches ?? this.#orders.name_asc) : this.#orders[sort];
    const total = kept ? countBits(kept) : this.products.length;
    const from = window ? Math.max(0, window.offset) : 0;
    const to = window ? Math.min(total, from + Math.max(0, window.limit)) : total;
    const positions = new Int32Array(Math.max(0, to - from));
    let seen = 0;
    for (let index = 0; index < order.length && seen < to; index += 1) {
      const position = order[index] ?? 0;
      if (kept && !has(kept, position)) continue;
      if (seen >= from) positions[seen - from] = position;
      seen += 1;
    }
    return { positions, total, facets: { categories, tags } };
  }
}
