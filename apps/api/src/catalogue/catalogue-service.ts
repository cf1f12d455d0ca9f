/**
 * The catalogue: category trees (1: ranges, the 'gama'; 2: health problems), tags, the product
 * search of the catalogue page, the product page, the price filter's bounds, and the photo the portal preloads with a product page.
 */
import type {
  Category,
  PriceRange,
  Product,
  ProductSearchRequest,
  ProductSearchResponse,
  Tag,
} from '@botica/api-client/schemas';
import { centsToEuros, eurosToCents } from '@botica/domain';
import { asc, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { deepFreeze } from '../http/validation.ts';
import {
  PICTURE_VERSION_CHARS,
  PRICED_COLUMNS,
  type PricedProductRow,
  pictureVersionSql,
  pricedProductsOfClient,
  productImage,
  productSummary,
} from '../pricing/pricing-service.ts';
import type { CatalogueIndex } from '../search/catalogue-index.ts';
import type { CatalogueSnapshot, SnapshotFilters } from '../search/catalogue-index-snapshot.ts';
import { cleanQuery } from '../search/text-match.ts';
import { tags } from './tables.ts';

/**
 * Every category with the number of active products in it and its descendants, from the catalogue
 * index.
 */
export async function categoryForest(index: CatalogueIndex): Promise<Category[]> {
  return forestAnswer(await index.current()).data;
}

/**
 * The category tree's answer, `{ data }`, the same object for every request on one snapshot, frozen:
 * the response's check parses it once (src/http/validation.ts `output`).
 */
export async function categoriesAnswer(index: CatalogueIndex): Promise<{ data: Category[] }> {
  return forestAnswer(await index.current());
}

/** Each snapshot's category tree, built once. */
const forests = new WeakMap<CatalogueSnapshot, { data: Category[] }>();

function forestAnswer(snapshot: CatalogueSnapshot): { data: Category[] } {
  const known = forests.get(snapshot);
  if (known) return known;
  const byId = new Map<number, Category>();
  for (const row of snapshot.categories) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      parent_id: row.parent_id,
      product_count: snapshot.categoryCount(row.id),
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const category of byId.values()) {
    const parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    if (parent) parent.children.push(category);
    else roots.push(category);
  }
  const answer = deepFreeze({ data: roots });
  forests.set(snapshot, answer);
  return answer;
}

function findCategory(forest: Category[], id: number): Category | undefined {
  for (const category of forest) {
    if (category.id === id) return category;
    const found = findCategory(category.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * One category with its subtree and counts.
 * @throws HttpError 404 when there is no such category.
 */
export async function categoryById(index: CatalogueIndex, id: number): Promise<Category> {
  const category = findCategory(await categoryForest(index), id);
  if (!category) throw new HttpError(404, 'La categoría no existe.');
  return category;
}

/** Every tag, by name. */
export async function listTags(context: CoreContext): Promise<Tag[]> {
  const rows = await context.db.select().from(tags).orderBy(asc(tags.name), asc(tags.id));
  return rows.map(({ id, name, slug }) => ({ id, name, slug }));
}

/** A listing's filters as the catalogue index takes them: the text matched, the prices in cents. */
export function snapshotFilters(snapshot: CatalogueSnapshot, filters: ProductSearchRequest): SnapshotFilters {
  const text = cleanQuery(filters.text ?? '');
  return {
    ...(filters.categories?.length ? { categories: filters.categories } : {}),
    ...(filters.tags?.length ? { tags: filters.tags } : {}),
    ...(text === '' ? {} : { matches: snapshot.text.match(text) }),
    ...(filters.price?.min === undefined ? {} : { minCents: eurosToCents(filters.price.min) }),
    ...(filters.price?.max === undefined ? {} : { maxCents: eurosToCents(filters.price.max) }),
  };
}

/**
 * One page of the catalogue's products for a client's filters, with the client's prices, and the
 * facet counts: all of it from the catalogue index, which holds the discount groups' prices and each
 * pharmacy's group too (so a page is priced without a statement). The snapshot answered from includes
 * every change this process has heard of; a change made through the API is heard by every process
 * before its answer is sent (the barrier of docs/decisions/034), one made by hand in SQL within the
 * index's notification, or its poll.
 */
export async function searchCatalogue(
  context: Pick<CoreContext, 'settings'>,
  {
    clientId,
    filters,
    index,
  }: {
    clientId: number;
    filters: ProductSearchRequest;
    index: CatalogueIndex;
  },
): Promise<ProductSearchResponse> {
  const page = filters.page ?? 1;
  const perPage = filters.per_page ?? 20;
  const sort = filters.sort ?? 'relevance';
  const snapshot = await index.current();
  const listing = snapshot.list(snapshotFilters(snapshot, filters), sort, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  const publicUrl = context.settings.publicUrl;
  const data: ProductSearchResponse['data'] = [];
  for (const position of listing.positions) {
    const row = snapshot.pricedRow(position, clientId);
    if (row) data.push(productSummary(row, publicUrl));
  }
  const total = listing.total;
  return {
    data,
    meta: pageMeta(page, perPage, total),
    facets: listing.facets,
  };
}

/** The lowest and highest price of the active products, in euros (the price filter's bounds). */
export async function priceRange(index: CatalogueIndex): Promise<PriceRange> {
  const snapshot = await index.current();
  return { min: centsToEuros(snapshot.minCents), max: centsToEuros(snapshot.maxCents) };
}

/** A product page's row: the priced product with its description, categories, tags and picture versions. */
type ProductPageRow = PricedProductRow & {
  description: string;
  categories: { id: number; name: string; parent_id: number | null }[];
  tags: { id: number; name: string }[];
  /** The version of each uploaded picture, by position (as text: a JSON object's keys). */
  picture_versions: Record<string, string>;
};

/**
 * The product page's one statement: the product with the client's price (its discount group read in
 * a subquery), its categories (roots first, then by position and name), its tags by name and the
 * versions of its uploaded pictures, each list aggregated as JSON; no row for an unknown or withdrawn
 * product. The session was read before it, as on every GET.
 */
const productPage = preparedStatement<ProductPageRow>(
  'botica_product_page',
  sql`select ${PRICED_COLUMNS}, p.description,
        coalesce((
          select json_agg(json_build_object('id', c.id, 'name', c.name, 'parent_id', c.parent_id)
                          order by c.parent_id nulls first, c.position, c.name)
          from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = p.id
        ), '[]'::json) as categories,
        coalesce((
          select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
          from product_tags pt join tags t on t.id = pt.tag_id
          where pt.product_id = p.id
        ), '[]'::json) as tags,
        coalesce((
          select json_object_agg(pv.position, left(pv.digest, ${sql.raw(String(PICTURE_VERSION_CHARS))}))
          from product_pictures pv
          where pv.product_id = p.id and pv.size = 'full'
        ), '{}'::json) as picture_versions
      from ${pricedProductsOfClient(sql`${sql.placeholder('clientId')}::int`)}
      where p.id = ${sql.placeholder('productId')}::int and p.is_active`,
);

/**
 * The product page: an active product with the client's price, its images, categories and tags, in
 * one statement (`productPage`).
 * @throws HttpError 404 when the product does not exist or is withdrawn.
 */
export async function productDetail(
  context: CoreContext,
  { clientId, productId }: { clientId: number; productId: number },
): Promise<Product> {
  const publicUrl = context.settings.publicUrl;
  const [row] = await productPage(context.db, { clientId, productId });
  if (!row) throw new HttpError(404, 'El producto no existe.');
  const images = Array.from({ length: Math.max(1, row.image_count) }, (_, index) =>
    productImage(publicUrl, row.id, row.image_count, index + 1, row.picture_versions[String(index + 1)]),
  );
  return {
    ...productSummary(row, publicUrl),
    description: row.description,
    images,
    categories: row.categories,
    tags: row.tags,
  };
}

/**
 * The photo the portal's product page shows first: that page's largest paint, which only the
 * database knows. The portal server preloads it with the page (portal/serve-portal.ts), so it loads
 * together with the scripts instead of after the product has been fetched and rendered.
 * @returns the first photo of the product of a `/products/{id}` page, or null for any other path.
 */
export async function productPagePhoto(context: CoreContext, path: string): Promise<string | null> {
  const match = /^\/products\/([1-9]\d{0,8})\/?$/.exec(path);
  if (!match) return null;
  const id = Number(match[1]);
  const [row] = await selectRows<{ image_count: number; picture_version: string | null }>(
    context.db,
    sql`select image_count, ${pictureVersionSql(sql`${id}`, 1)} as picture_version
          from products where id = ${id} and is_active`,
  );
  return row
    ? productImage(context.settings.publicUrl, id, row.image_count, 1, row.picture_version).full
    : null;
}
