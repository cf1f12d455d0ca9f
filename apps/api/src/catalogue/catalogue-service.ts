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
import { asc, type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import {
  clientConditions,
  PRICED_COLUMNS,
  type PricedProductRow,
  pictureVersionSql,
  pricedProducts,
  productImage,
  productSummary,
} from '../pricing/pricing-service.ts';
import { textFilter } from '../search/search-service.ts';
import { pictureVersions } from './pictures-service.ts';
import { tags } from './tables.ts';

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  position: number;
  product_count: number | string;
}

/** Every category with the number of active products in it and its descendants. */
export async function categoryForest(context: CoreContext): Promise<Category[]> {
  const rows = await selectRows<CategoryRow>(
    context.db,
    sql`with recursive tree(root, id) as (
          select id, id from categories
          union all
          select tree.root, c.id from tree join categories c on c.parent_id = tree.id
        ),
        counts as (
          select tree.root, count(distinct pc.product_id) as product_count
          from tree
          join product_categories pc on pc.category_id = tree.id
          join products p on p.id = pc.product_id and p.is_active
          group by tree.root
        )
        select c.id, c.name, c.slug, c.parent_id, c.position, coalesce(counts.product_count, 0) as product_count
        from categories c left join counts on counts.root = c.id
        order by c.position, c.name, c.id`,
  );
  const byId = new Map<number, Category>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      parent_id: row.parent_id,
      product_count: Number(row.product_count),
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const category of byId.values()) {
    const parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    if (parent) parent.children.push(category);
    else roots.push(category);
  }
  return roots;
}

function findCategory(forest: readonly Category[], id: number): Category | undefined {
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
export async function categoryById(context: CoreContext, id: number): Promise<Category> {
  const category = findCategory(await categoryForest(context), id);
  if (!category) throw new HttpError(404, 'La categoría no existe.');
  return category;
}

/** Every tag, by name. */
export async function listTags(context: CoreContext): Promise<Tag[]> {
  const rows = await context.db.select().from(tags).orderBy(asc(tags.name), asc(tags.id));
  return rows.map(({ id, name, slug }) => ({ id, name, slug }));
}

/**
 * Groups category ids by the root of their tree (1: ranges, 2: health problems). An unknown id is a
 * group of its own, so it matches nothing instead of being ignored.
 */
async function categoriesByTree(context: CoreContext, ids: readonly number[]): Promise<number[][]> {
  const unique = [...new Set(ids)];
  const rows = await selectRows<{ start: number; root: number }>(
    context.db,
    sql`with recursive up(start, id, parent_id) as (
          select id, id, parent_id from categories where id in (${sql.join(
            unique.map((id) => sql`${id}`),
            sql`, `,
          )})
          union all
          select up.start, c.id, c.parent_id from categories c join up on c.id = up.parent_id
        )
        select start, id as root from up where parent_id is null`,
  );
  const rootOf = new Map(rows.map((row) => [Number(row.start), Number(row.root)]));
  const groups = new Map<number, number[]>();
  for (const id of unique) {
    const key = rootOf.get(id) ?? -id;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()];
}

const SORTS: Record<string, SQL> = {
  name_asc: sql`p.name asc, p.id`,
  name_desc: sql`p.name desc, p.id`,
  price_asc: sql`p.price_cents asc, p.id`,
  price_desc: sql`p.price_cents desc, p.id`,
  reference: sql`p.reference asc`,
};

/** One page of the catalogue's products for a client's filters, with the client's prices. */
export async function searchCatalogue(
  context: CoreContext,
  { clientId, filters }: { clientId: number; filters: ProductSearchRequest },
): Promise<ProductSearchResponse> {
  const conditions = await clientConditions(context, clientId);
  const page = filters.page ?? 1;
  const perPage = filters.per_page ?? 20;
  const where: SQL[] = [sql`p.is_active`];
  if (filters.categories?.length) {
    // Any of the selected categories of one tree, AND any of those of the other tree.
    for (const group of await categoriesByTree(context, filters.categories)) {
      const ids = sql.join(
        group.map((id) => sql`${id}`),
        sql`, `,
      );
      where.push(sql`p.id in (
          with recursive tree(id) as (
            select id from categories where id in (${ids})
            union
            select c.id from categories c join tree on c.parent_id = tree.id
          )
          select pc.product_id from product_categories pc join tree on tree.id = pc.category_id)`);
    }
  }
  if (filters.tags?.length) {
    const ids = sql.join(
      filters.tags.map((id) => sql`${id}`),
      sql`, `,
    );
    where.push(sql`p.id in (select product_id from product_tags where tag_id in (${ids}))`);
  }
  if (filters.price?.min !== undefined) where.push(sql`p.price_cents >= ${eurosToCents(filters.price.min)}`);
  if (filters.price?.max !== undefined) where.push(sql`p.price_cents <= ${eurosToCents(filters.price.max)}`);
  const text = textFilter(filters.text ?? '');
  if (text) where.push(text.where);
  const sort = filters.sort ?? 'relevance';
  const order = SORTS[sort] ?? (text ? sql`${text.relevance}, p.name, p.id` : sql`p.name asc, p.id`);
  const whereSql = sql.join(where, sql` and `);
  const rows = await selectRows<PricedProductRow & { total: number | string }>(
    context.db,
    sql`select ${PRICED_COLUMNS}, count(*) over () as total
          from ${pricedProducts(conditions.discountGroupId)}
          where ${whereSql}
          order by ${order}
          limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from products p where ${whereSql}`,
    );
    total = Number(count?.total ?? 0);
  }
  const publicUrl = context.settings.publicUrl;
  return {
    data: rows.map((row) => productSummary(row, publicUrl)),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}

/** The lowest and highest price of the active products, in euros (the price filter's bounds). */
export async function priceRange(context: CoreContext): Promise<PriceRange> {
  const [row] = await selectRows<{ min: number | null; max: number | null }>(
    context.db,
    sql`select min(price_cents) as min, max(price_cents) as max from products where is_active`,
  );
  return { min: centsToEuros(row?.min ?? 0), max: centsToEuros(row?.max ?? 0) };
}

/**
 * The product page: an active product with the client's price, its images, categories and tags.
 * @throws HttpError 404 when the product does not exist or is withdrawn.
 */
export async function productDetail(
  context: CoreContext,
  { clientId, productId }: { clientId: number; productId: number },
): Promise<Product> {
  const publicUrl = context.settings.publicUrl;
  const conditions = await clientConditions(context, clientId);
  const [row] = await selectRows<PricedProductRow & { description: string }>(
    context.db,
    sql`select ${PRICED_COLUMNS}, p.description
          from ${pricedProducts(conditions.discountGroupId)}
          where p.id = ${productId} and p.is_active`,
  );
  if (!row) throw new HttpError(404, 'El producto no existe.');
  const categoryRows = await selectRows<{ id: number; name: string; parent_id: number | null }>(
    context.db,
    sql`select c.id, c.name, c.parent_id from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = ${productId} order by c.parent_id nulls first, c.position, c.name`,
  );
  const tagRows = await selectRows<{ id: number; name: string }>(
    context.db,
    sql`select t.id, t.name from product_tags pt join tags t on t.id = pt.tag_id
          where pt.product_id = ${productId} order by t.name`,
  );
  const versions = await pictureVersions(context, row.id);
  const images = Array.from({ length: Math.max(1, row.image_count) }, (_, index) =>
    productImage(publicUrl, row.id, row.image_count, index + 1, versions.get(index + 1)),
  );
  return {
    ...productSummary(row, publicUrl),
    description: row.description,
    images,
    categories: categoryRows,
    tags: tagRows,
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
