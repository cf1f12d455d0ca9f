/**
 * The back office's catalogue: the products as the staff look them up (inactive ones too, matched by
 * text as the portal's search matches them), one product as its edit form starts from it, the
 * admins' edits and new references, and the two category trees' changes. Every change is one
 * transaction with its audit row; the products' and categories' triggers move the pricing epoch with
 * its commit, so every instance's carts and searches see it at once.
 */
import {
  ADMIN_CATALOGUE_MESSAGES,
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminCategory,
  type AdminCategoryCreateRequest,
  type AdminCategoryUpdateRequest,
  type AdminProduct,
  type AdminProductCategory,
  type AdminProductCreateRequest,
  type AdminProductEditRequest,
  type AdminProductRow,
  type AdminProductsQuery,
  type AdminProductsResponse,
} from '@botica/api-client/admin';
import {
  CATEGORY_TREE_HEALTH_PROBLEMS,
  CATEGORY_TREE_RANGES,
  centsToEuros,
  isValidEan13,
  normaliseNationalCode,
  parseEuros,
  parsePrice,
  type VatRate,
} from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { lockPricingEpoch } from '../db/pricing-epoch-lock.ts';
import { slugify } from '../demo-data/catalogue.ts';
import { type FieldErrors, HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';
import { LOW_STOCK_UNITS, productImage, stockState } from '../pricing/pricing-service.ts';
import {
  productPrices,
  replaceProductPrices,
  unknownDiscountGroups,
} from '../pricing/product-prices-service.ts';
import { textFilter } from '../search/search-service.ts';
import { sendBackInStockAlerts } from '../stock-alerts/stock-alerts-service.ts';

const M = ADMIN_CATALOGUE_MESSAGES;
const INVALID = 'Algunos datos introducidos son incorrectos.';
const ROOTS: ReadonlySet<number> = new Set([CATEGORY_TREE_RANGES, CATEGORY_TREE_HEALTH_PROBLEMS]);

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  position: number;
}

/** Every category, by parent and position (a short table, read whole). */
async function allCategories(context: Pick<CoreContext, 'db'>): Promise<CategoryRow[]> {
  return selectRows<CategoryRow>(
    context.db,
    sql`select id, name, slug, parent_id, position from categories order by parent_id nulls first, position, name, id`,
  );
}

/** The root of each category's tree (itself for a root), following parents. */
function rootsOf(rows: readonly CategoryRow[]): Map<number, number> {
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  const roots = new Map<number, number>();
  for (const row of rows) {
    let id = row.id;
    for (let steps = 0; steps < rows.length; steps += 1) {
      const parent = parentOf.get(id);
      if (parent === null || parent === undefined) break;
      id = parent;
    }
    roots.set(row.id, id);
  }
  return roots;
}

/** The categories of some products, ranges first, as the back office names them. */
async function categoriesOfProducts(
  context: Pick<CoreContext, 'db'>,
  productIds: readonly number[],
): Promise<Map<number, AdminProductCategory[]>> {
  const byProduct = new Map<number, AdminProductCategory[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await allCategories(context);
  const roots = rootsOf(rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const links = await selectRows<{ product_id: number; category_id: number }>(
    context.db,
    sql`select product_id, category_id from product_categories
        where product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const link of links) {
    const category = byId.get(link.category_id);
    if (!category) continue;
    const list = byProduct.get(link.product_id) ?? [];
    list.push({
      id: category.id,
      name: category.name,
      parent_id: category.parent_id,
      root_id: roots.get(category.id) ?? category.id,
    });
    byProduct.set(link.product_id, list);
  }
  for (const list of byProduct.values()) {
    list.sort((a, b) => a.root_id - b.root_id || a.name.localeCompare(b.name, 'es') || a.id - b.id);
  }
  return byProduct;
}

const SORTS: Record<string, SQL> = {
  name_asc: sql`p.name asc, p.id`,
  name_desc: sql`p.name desc, p.id`,
  price_asc: sql`p.price_cents asc, p.id`,
  price_desc: sql`p.price_cents desc, p.id`,
  reference: sql`p.reference asc`,
  newest: sql`p.created_at desc, p.id desc`,
};

interface ProductListRow {
  id: number;
  reference: string;
  name: string;
  format: string;
  national_code: string | null;
  price_cents: number;
  vat_rate: number;
  is_active: boolean;
  stock_units: number;
  stock_expected_on: string | null;
  image_count: number;
  version: number;
  total: number | string;
}

/** The stock of a product as the back office shows it. */
function stockOf(units: number, expectedOn: string | null): AdminProduct['stock'] {
  return { state: stockState(units), units, expected_on: expectedOn };
}

/**
 * The text filter, or a product's codes typed whole: the staff also look a product up by its
 * Código Nacional (any written form) or its EAN, which the portal's search does not know.
 */
function codeMatch(q: string, textWhere: SQL): SQL {
  const nationalCode = normaliseNationalCode(q);
  const ean = q.trim();
  const codes: SQL[] = [];
  if (nationalCode !== null) codes.push(sql`p.national_code = ${nationalCode}`);
  if (isValidEan13(ean)) codes.push(sql`p.ean = ${ean}`);
  return codes.length === 0 ? textWhere : sql`(${sql.join([textWhere, ...codes], sql` or `)})`;
}

/**
 * `GET /api/v1/admin/products`: one page of the products, active or not, matched by text as the
 * portal's catalogue matches them (`textFilter`) or by a code typed whole, narrowed by category (and its descendants), status
 * and stock state.
 */
export async function listAdminProducts(
  context: CoreContext,
  query: AdminProductsQuery,
): Promise<AdminProductsResponse> {
  const page = query.page ?? 1;
  const where: SQL[] = [sql`true`];
  if (query.status === 'active') where.push(sql`p.is_active`);
  if (query.status === 'inactive') where.push(sql`not p.is_active`);
  if (query.stock === 'in_stock') where.push(sql`p.stock_units >= ${LOW_STOCK_UNITS}`);
  if (query.stock === 'low_stock') where.push(sql`p.stock_units > 0 and p.stock_units < ${LOW_STOCK_UNITS}`);
  if (query.stock === 'out_of_stock') where.push(sql`p.stock_units <= 0`);
  if (query.category_id !== undefined) {
    where.push(sql`p.id in (
        with recursive tree(id) as (
          select id from categories where id = ${query.category_id}
          union
          select c.id from categories c join tree on c.parent_id = tree.id
        )
        select pc.product_id from product_categories pc join tree on tree.id = pc.category_id)`);
  }
  const text = textFilter(query.q ?? '');
  if (text) where.push(codeMatch(query.q ?? '', text.where));
  const sort = query.sort ?? 'relevance';
  const order = SORTS[sort] ?? (text ? sql`${text.relevance}, p.name, p.id` : sql`p.name asc, p.id`);
  const whereSql = sql.join(where, sql` and `);
  const rows = await selectRows<ProductListRow>(
    context.db,
    sql`select p.id, p.reference, p.name, p.format, p.national_code, p.price_cents, p.vat_rate, p.is_active,
               p.stock_units, p.stock_expected_on::text as stock_expected_on, p.image_count, p.version,
               count(*) over () as total
          from products p
          where ${whereSql}
          order by ${order}
          limit ${ADMIN_PRODUCTS_PER_PAGE} offset ${(page - 1) * ADMIN_PRODUCTS_PER_PAGE}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from products p where ${whereSql}`,
    );
    total = Number(count?.total ?? 0);
  }
  const categories = await categoriesOfProducts(
    context,
    rows.map((row) => row.id),
  );
  const publicUrl = context.settings.publicUrl;
  const data: AdminProductRow[] = rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    name: row.name,
    format: row.format,
    national_code: row.national_code,
    price: centsToEuros(row.price_cents),
    vat_rate: row.vat_rate as VatRate,
    is_active: row.is_active,
    stock: stockOf(row.stock_units, row.stock_expected_on),
    categories: categories.get(row.id) ?? [],
    image: productImage(publicUrl, row.id, row.image_count),
    version: row.version,
  }));
  return {
    data,
    meta: pageMeta(page, ADMIN_PRODUCTS_PER_PAGE, total),
  };
}

/** Cents as the edit form writes them: a decimal comma, no thousands' dots (`1234,50`). */
export function typedEuros(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole)},${String(cents % 100).padStart(2, '0')}`;
}

interface ProductEditRow {
  id: number;
  reference: string;
  name: string;
  format: string;
  description: string;
  national_code: string | null;
  ean: string | null;
  price_cents: number;
  vat_rate: number;
  is_active: boolean;
  stock_units: number;
  stock_expected_on: string | null;
  image_count: number;
  version: number;
  created_at: Date | string;
}

/**
 * `GET /api/v1/admin/products/{id}`: the product as its edit form starts from it.
 * @throws HttpError 404 for an unknown product.
 */
export async function adminProduct(context: CoreContext, productId: number): Promise<AdminProduct> {
  const [row] = await selectRows<ProductEditRow>(
    context.db,
    sql`select id, reference, name, format, description, national_code, ean, price_cents, vat_rate, is_active,
               stock_units, stock_expected_on::text as stock_expected_on, image_count, version, created_at
          from products where id = ${productId}`,
  );
  if (!row) throw new HttpError(404, M.productNotFound);
  const categories = (await categoriesOfProducts(context, [productId])).get(productId) ?? [];
  const tagRows = await selectRows<{ tag_id: number }>(
    context.db,
    sql`select tag_id from product_tags where product_id = ${productId} order by tag_id`,
  );
  const prices = await productPrices(context, productId);
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    national_code: row.national_code,
    ean: row.ean,
    format: row.format,
    description: row.description,
    price: typedEuros(row.price_cents),
    vat_rate: row.vat_rate as VatRate,
    category_ids: categories.map((category) => category.id),
    tag_ids: tagRows.map((tag) => tag.tag_id),
    tiers: prices.tiers.map((tier) => ({
      min_quantity: tier.minQuantity,
      discount_percent: tier.discountPercent,
    })),
    special_prices: prices.specialPrices.map((special) => ({
      discount_group_id: special.discountGroupId,
      price: typedEuros(special.priceCents),
    })),
    is_active: row.is_active,
    stock_expected_on: row.stock_expected_on,
    version: row.version,
    categories,
    stock: stockOf(row.stock_units, row.stock_expected_on),
    image: productImage(context.settings.publicUrl, row.id, row.image_count),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What the audit keeps of a product: the edit's fields, without the display-only parts. */
function audited(product: AdminProduct): Record<string, unknown> {
  const { categories: _categories, image: _image, stock, created_at: _createdAt, ...fields } = product;
  return { ...fields, stock_units: stock.units };
}

/** Of `ids` in a table, those that name nothing there. */
async function unknownIds(
  context: Pick<CoreContext, 'db'>,
  table: 'categories' | 'tags',
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const list = sql.join(
    unique.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await selectRows<{ id: number }>(
    context.db,
    sql`select id from ${sql.identifier(table)} where id in (${list})`,
  );
  const known = new Set(found.map((row) => Number(row.id)));
  return unique.filter((id) => !known.has(id));
}

/**
 * The checks a product's fields need from the database (the rules of the fields alone ran in the
 * schema): a reference another product has, categories, tags and discount groups that do not exist.
 */
async function assertReferencesExist(
  context: Pick<CoreContext, 'db'>,
  fields: AdminProductCreateRequest,
  productId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  const [taken] = await selectRows<{ id: number }>(
    context.db,
    sql`select id from products where reference = ${fields.reference} and id <> ${productId ?? 0}`,
  );
  if (taken) errors.reference = [M.referenceTaken];
  if ((await unknownIds(context, 'categories', fields.category_ids)).length > 0)
    errors.category_ids = [M.categoryUnknown];
  if ((await unknownIds(context, 'tags', fields.tag_ids)).length > 0) errors.tag_ids = [M.tagUnknown];
  const unknownGroups = await unknownDiscountGroups(
    context,
    fields.special_prices.map((special) => special.discount_group_id),
  );
  fields.special_prices.forEach((special, index) => {
    if (unknownGroups.has(special.discount_group_id))
      errors[`special_prices.${String(index)}.discount_group_id`] = [M.discountGroupUnknown];
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID, errors);
}

/** The product's columns of the fields, as stored (the CN as its seven digits, amounts in cents). */
function productColumns(fields: AdminProductCreateRequest) {
  return {
    name: fields.name,
    reference: fields.reference,
    nationalCode: fields.national_code === null ? null : normaliseNationalCode(fields.national_code),
    ean: fields.ean === null ? null : fields.ean.trim(),
    format: fields.format,
    description: fields.description,
    // The schema's rules ran: the price reads.
    priceCents: parsePrice(fields.price) ?? 0,
    vatRate: fields.vat_rate,
    isActive: fields.is_active,
    stockExpectedOn: fields.stock_expected_on,
    /** Null: the units stay as they are (the ERP's last figure). */
    stockUnits: fields.stock_units ?? null,
  };
}

/** Replaces the product's categories, tags, tiers and special prices with the fields'. */
async function writeLinks(tx: CoreContext, productId: number, fields: AdminProductCreateRequest) {
  await tx.db.execute(sql`delete from product_categories where product_id = ${productId}`);
  const categoryIds = [...new Set(fields.category_ids)];
  if (categoryIds.length > 0) {
    await tx.db.execute(
      sql`insert into product_categories (product_id, category_id) values ${sql.join(
        categoryIds.map((id) => sql`(${productId}, ${id})`),
        sql`, `,
      )}`,
    );
  }
  await tx.db.execute(sql`delete from product_tags where product_id = ${productId}`);
  const tagIds = [...new Set(fields.tag_ids)];
  if (tagIds.length > 0) {
    await tx.db.execute(
      sql`insert into product_tags (product_id, tag_id) values ${sql.join(
        tagIds.map((id) => sql`(${productId}, ${id})`),
        sql`, `,
      )}`,
    );
  }
  await replaceProductPrices(tx, productId, {
    tiers: fields.tiers.map((tier) => ({
      minQuantity: tier.min_quantity,
      discountPercent: tier.discount_percent,
    })),
    specialPrices: fields.special_prices.map((special) => ({
      discountGroupId: special.discount_group_id,
      priceCents: parseEuros(special.price) ?? 0,
    })),
  });
}

/**
 * `PUT /api/v1/admin/products/{id}`: the product, its links and prices as the edit leaves them, if
 * the product is still at the edit's `version` (the row is locked first, so of two edits on one
 * version the second finds the first's and is refused). One transaction with its audit row.
 * @throws HttpError 404 unknown product, 409 on an older version, 422 a reference taken or an id that
 * names nothing.
 */
export async function updateAdminProduct(
  context: CoreContext,
  { actor, productId, edit }: { actor: AuditActor; productId: number; edit: AdminProductEditRequest },
): Promise<AdminProduct> {
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    const [locked] = await selectRows<{ version: number }>(
      tx.db,
      sql`select version from products where id = ${productId} for update`,
    );
    if (!locked) throw new HttpError(404, M.productNotFound);
    if (locked.version !== edit.version) throw new HttpError(409, M.versionConflict);
    const { version: _version, ...fields } = edit;
    await assertReferencesExist(tx, fields, productId);
    const before = await adminProduct(tx, productId);
    const columns = productColumns(fields);
    await tx.db.execute(sql`update products set
        name = ${columns.name}, reference = ${columns.reference}, national_code = ${columns.nationalCode},
        ean = ${columns.ean}, format = ${columns.format}, description = ${columns.description},
        price_cents = ${columns.priceCents}, vat_rate = ${columns.vatRate}, is_active = ${columns.isActive},
        stock_expected_on = ${columns.stockExpectedOn}::date,
        stock_units = coalesce(${columns.stockUnits}::integer, stock_units), version = version + 1
      where id = ${productId}`);
    await writeLinks(tx, productId, fields);
    await sendBackInStockAlerts(tx);
    const after = await adminProduct(tx, productId);
    await recordAudit(tx, {
      actor,
      action: 'product.updated',
      objectType: 'product',
      objectId: productId,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/** A slug no row of `table` has yet: `base`, else `base-2`, `base-3`… */
async function freeSlug(
  context: Pick<CoreContext, 'db'>,
  table: 'products' | 'categories',
  base: string,
): Promise<string> {
  const stem = base === '' ? table.slice(0, -1) : base;
  const rows = await selectRows<{ slug: string }>(
    context.db,
    sql`select slug from ${sql.identifier(table)} where slug = ${stem} or slug like ${`${stem}-%`}`,
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) if (!taken.has(`${stem}-${String(n)}`)) return `${stem}-${String(n)}`;
}

/**
 * `POST /api/v1/admin/products`: a new reference, with the units given or none until the ERP sends them, no pictures
 * (the default image) and version 0. One transaction with its audit row.
 * @throws HttpError 422 a reference taken or an id that names nothing.
 */
export async function createAdminProduct(
  context: CoreContext,
  { actor, fields }: { actor: AuditActor; fields: AdminProductCreateRequest },
): Promise<AdminProduct> {
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    await assertReferencesExist(tx, fields, null);
    const columns = productColumns(fields);
    const slug = await freeSlug(tx, 'products', slugify(`${fields.name} ${fields.reference}`));
    const [created] = await selectRows<{ id: number }>(
      tx.db,
      sql`insert into products (reference, name, slug, description, format, price_cents, vat_rate, stock_units,
            image_count, is_active, national_code, ean, stock_expected_on)
          values (${columns.reference}, ${columns.name}, ${slug}, ${columns.description}, ${columns.format},
            ${columns.priceCents}, ${columns.vatRate}, ${columns.stockUnits ?? 0}, 0, ${columns.isActive},
            ${columns.nationalCode},
            ${columns.ean}, ${columns.stockExpectedOn}::date)
          returning id`,
    );
    if (!created) throw new Error('the product was not inserted');
    await writeLinks(tx, created.id, fields);
    const after = await adminProduct(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'product.created',
      objectType: 'product',
      objectId: created.id,
      before: null,
      after: audited(after),
    });
    return after;
  });
}

/** `GET /api/v1/admin/categories`: both trees, each category with its direct products (active or not). */
export async function adminCategoryForest(context: Pick<CoreContext, 'db'>): Promise<AdminCategory[]> {
  const rows = await selectRows<CategoryRow & { product_count: number | string }>(
    context.db,
    sql`select c.id, c.name, c.slug, c.parent_id, c.position,
               (select count(*) from product_categories pc where pc.category_id = c.id) as product_count
          from categories c order by c.parent_id nulls first, c.position, c.name, c.id`,
  );
  const byId = new Map<number, AdminCategory>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      parent_id: row.parent_id,
      position: row.position,
      product_count: Number(row.product_count),
      children: [],
    });
  }
  const roots: AdminCategory[] = [];
  for (const category of byId.values()) {
    const parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    if (parent) parent.children.push(category);
    else roots.push(category);
  }
  return roots.sort((a, b) => a.id - b.id);
}

function findCategory(forest: readonly AdminCategory[], id: number): AdminCategory | undefined {
  for (const category of forest) {
    if (category.id === id) return category;
    const found = findCategory(category.children, id);
    if (found) return found;
  }
  return undefined;
}

/** One category of the back office's trees, with its subtree. */
async function adminCategory(context: Pick<CoreContext, 'db'>, id: number): Promise<AdminCategory> {
  const category = findCategory(await adminCategoryForest(context), id);
  if (!category) throw new HttpError(404, M.categoryNotFound);
  return category;
}

function auditedCategory(category: CategoryRow): Record<string, unknown> {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    parent_id: category.parent_id,
    position: category.position,
  };
}

/**
 * The category changes lock the table against each other: a move checks for a cycle on the tree as
 * it stands, which a concurrent move must not change under it. Readers are not blocked.
 */
async function lockCategories(tx: CoreContext): Promise<CategoryRow[]> {
  await tx.db.execute(sql`lock table categories in share row exclusive mode`);
  return allCategories(tx);
}

/**
 * Places `id` at `position` among the children of `parentId` (last when undefined or past the end)
 * and numbers those children 0, 1, 2… in their order.
 */
async function placeAmongSiblings(
  tx: CoreContext,
  rows: readonly CategoryRow[],
  parentId: number | null,
  id: number | null,
  position: number | undefined,
): Promise<void> {
  const siblings = rows
    .filter((row) => row.parent_id === parentId && row.id !== id)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'es') || a.id - b.id)
    .map((row) => row.id);
  if (id !== null) siblings.splice(Math.min(position ?? siblings.length, siblings.length), 0, id);
  for (const [index, siblingId] of siblings.entries()) {
    const current = rows.find((row) => row.id === siblingId);
    if (current?.position === index && siblingId !== id) continue;
    await tx.db.execute(sql`update categories set position = ${index} where id = ${siblingId}`);
  }
}

function nameTaken(
  rows: readonly CategoryRow[],
  parentId: number,
  name: string,
  exceptId: number | null,
): boolean {
  const wanted = slugify(name);
  return rows.some(
    (row) => row.parent_id === parentId && row.id !== exceptId && slugify(row.name) === wanted,
  );
}

/**
 * `POST /api/v1/admin/categories`: a new category under `parent_id`, at `position` (else last).
 * @throws HttpError 422 an unknown parent or a name its siblings have.
 */
export async function createAdminCategory(
  context: CoreContext,
  { actor, input }: { actor: AuditActor; input: AdminCategoryCreateRequest },
): Promise<AdminCategory> {
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    const rows = await lockCategories(tx);
    if (!rows.some((row) => row.id === input.parent_id))
      throw new HttpError(422, INVALID, { parent_id: [M.categoryUnknown] });
    if (nameTaken(rows, input.parent_id, input.name, null))
      throw new HttpError(422, INVALID, { name: [M.categoryNameTaken] });
    const slug = await freeSlug(tx, 'categories', slugify(input.name));
    const [created] = await selectRows<CategoryRow>(
      tx.db,
      sql`insert into categories (name, slug, parent_id, position)
          values (${input.name}, ${slug}, ${input.parent_id}, 0)
          returning id, name, slug, parent_id, position`,
    );
    if (!created) throw new Error('the category was not inserted');
    await placeAmongSiblings(tx, [...rows, created], input.parent_id, created.id, input.position);
    const after = await adminCategory(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'category.created',
      objectType: 'category',
      objectId: created.id,
      before: null,
      after: auditedCategory(after),
    });
    return after;
  });
}

/** Whether `candidate` is `id` or below it in the tree. */
function isWithin(rows: readonly CategoryRow[], candidate: number, id: number): boolean {
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  let current: number | null | undefined = candidate;
  for (let steps = 0; current !== null && current !== undefined && steps <= rows.length; steps += 1) {
    if (current === id) return true;
    current = parentOf.get(current);
  }
  return false;
}

/**
 * `PATCH /api/v1/admin/categories/{id}`: renames, moves (with its subtree) and reorders a category.
 * @throws HttpError 404 unknown category; 422 a root moved, an unknown parent, a move into itself or
 * its subtree, a name its new siblings have.
 */
export async function updateAdminCategory(
  context: CoreContext,
  { actor, id, input }: { actor: AuditActor; id: number; input: AdminCategoryUpdateRequest },
): Promise<AdminCategory> {
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    const rows = await lockCategories(tx);
    const before = rows.find((row) => row.id === id);
    if (!before) throw new HttpError(404, M.categoryNotFound);
    const moves = input.parent_id !== undefined && input.parent_id !== before.parent_id;
    const reorders = input.position !== undefined || moves;
    if (ROOTS.has(id) && reorders) throw new HttpError(422, INVALID, { parent_id: [M.categoryRoot] });
    const parentId = input.parent_id ?? before.parent_id;
    if (moves && !rows.some((row) => row.id === input.parent_id))
      throw new HttpError(422, INVALID, { parent_id: [M.categoryUnknown] });
    if (moves && parentId !== null && isWithin(rows, parentId, id))
      throw new HttpError(422, INVALID, { parent_id: [M.categoryCycle] });
    const name = input.name ?? before.name;
    if (parentId !== null && (input.name !== undefined || moves) && nameTaken(rows, parentId, name, id))
      throw new HttpError(422, INVALID, { name: [M.categoryNameTaken] });
    await tx.db.execute(sql`update categories set name = ${name}, parent_id = ${parentId} where id = ${id}`);
    if (reorders) {
      const moved = rows.map((row) => (row.id === id ? { ...row, parent_id: parentId } : row));
      await placeAmongSiblings(tx, moved, parentId, id, input.position);
      if (moves) await placeAmongSiblings(tx, moved, before.parent_id, null, undefined);
    }
    const after = await adminCategory(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'category.updated',
      objectType: 'category',
      objectId: id,
      before: auditedCategory(before),
      after: auditedCategory(after),
    });
    return after;
  });
}

/**
 * `DELETE /api/v1/admin/categories/{id}`: an empty category (no products, no subcategories); its
 * siblings close the gap.
 * @throws HttpError 404 unknown category; 409 a root, or one with products or subcategories.
 */
export async function deleteAdminCategory(
  context: CoreContext,
  { actor, id }: { actor: AuditActor; id: number },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    const rows = await lockCategories(tx);
    const before = rows.find((row) => row.id === id);
    if (!before) throw new HttpError(404, M.categoryNotFound);
    if (ROOTS.has(id)) throw new HttpError(409, M.categoryRoot);
    // The products' links are locked too, so a product cannot be put in it while it goes.
    await tx.db.execute(sql`lock table product_categories in share row exclusive mode`);
    const [used] = await selectRows<{ used: boolean }>(
      tx.db,
      sql`select exists (select 1 from product_categories where category_id = ${id}) as used`,
    );
    if (used?.used || rows.some((row) => row.parent_id === id)) throw new HttpError(409, M.categoryNotEmpty);
    await tx.db.execute(sql`delete from categories where id = ${id}`);
    await placeAmongSiblings(
      tx,
      rows.filter((row) => row.id !== id),
      before.parent_id,
      null,
      undefined,
    );
    await recordAudit(tx, {
      actor,
      action: 'category.deleted',
      objectType: 'category',
      objectId: id,
      before: auditedCategory(before),
      after: null,
    });
  });
}
