/**
 * The catalogue's import kinds: categories (the two trees of the portal's filters), products (with
 * their categories, tags and volume tiers) and the discount groups' special prices.
 */
import {
  CATEGORY_TREE_HEALTH_PROBLEMS,
  CATEGORY_TREE_RANGES,
  ean13Problem,
  nationalCodeProblem,
  normaliseNationalCode,
} from '@botica/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  categories,
  discountGroups,
  productCategories,
  products,
  productTags,
  specialPrices,
  tags,
  volumeRules,
} from '../db/schema.ts';
import { slugify } from '../demo-data/catalogue.ts';
import { optional, required } from './columns.ts';
import {
  type CellReader,
  code,
  euros,
  type ImportedTier,
  integer,
  list,
  slug,
  text,
  tiers,
  vatRate,
  yesNo,
} from './fields.ts';
import { changes, type ImportKindSpec, sameValue } from './kind.ts';

/** The roots of the two category trees, which the portal finds by id (`@botica/domain`). */
export const CATEGORY_ROOTS = [
  { id: CATEGORY_TREE_RANGES, slug: 'gamas', name: 'Gamas', position: 0 },
  { id: CATEGORY_TREE_HEALTH_PROBLEMS, slug: 'problemas-de-salud', name: 'Problemas de salud', position: 1 },
] as const;

/** Rows per multi-row insert: far under PostgreSQL's 65,535 parameters per statement. */
const BATCH_ROWS = 500;

/**
 * Lets the event loop turn between two statements of a long write: PGlite runs each statement on the
 * server's own thread, so without a turn the server answers nothing else (not even /healthz) until
 * the whole import has run.
 */
export function betweenStatements(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const ROOT_SLUGS: ReadonlySet<string> = new Set(CATEGORY_ROOTS.map((root) => root.slug));

/**
 * Creates the two roots with their fixed ids when they are missing (an empty database), and moves the
 * identity sequence past them. A database of the demo data already has them.
 */
export async function ensureCategoryRoots(tx: Database): Promise<void> {
  const existing = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
  const missing = CATEGORY_ROOTS.filter((root) => !existing.some((row) => row.slug === root.slug));
  if (missing.length === 0) return;
  for (const root of missing) {
    if (existing.some((row) => row.id === root.id))
      throw new Error(`category id ${root.id} is taken, but the portal needs it for the tree «${root.slug}»`);
    await tx.insert(categories).values({ ...root, parentId: null });
  }
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`,
  );
}

const categoryColumns = {
  code: required('codigo', slug, 'código único de la categoría, en minúsculas y con guiones (defensas)'),
  name: required('nombre', text(120), 'nombre que ve la farmacia (Defensas)'),
  parent: required(
    'padre',
    slug,
    'código de la categoría madre: «gamas» o «problemas-de-salud» para el primer nivel, u otra categoría',
  ),
  position: optional('orden', integer(0, 100_000), 'orden entre sus hermanas, de menor a mayor (0)'),
};

/** `categories`: the ranges ('gamas') and health problems, as trees under the two fixed roots. */
export const categoriesKind: ImportKindSpec<typeof categoryColumns> = {
  kind: 'categories',
  label: 'categorías',
  columns: categoryColumns,
  key: { column: 'code', of: (values) => values.code },
  async apply(tx, rows, context) {
    await ensureCategoryRoots(tx);
    const stored = await tx.select().from(categories);
    const bySlug = new Map(stored.map((row) => [row.slug, row]));
    const slugById = new Map(stored.map((row) => [row.id, row.slug]));
    // The parent of every code once the file is applied: stored, then the file's rows over them.
    const parentOf = new Map<string, string | null>(
      stored.map((row) => [row.slug, row.parentId === null ? null : (slugById.get(row.parentId) ?? null)]),
    );
    let pending = rows.filter((row) => {
      if (ROOT_SLUGS.has(row.values.code)) {
        context.reject(row, 'code', 'Es una de las dos raíces fijas del catálogo: no se importa.');
        return false;
      }
      if (row.values.parent === row.values.code) {
        context.reject(row, 'parent', 'Una categoría no puede ser su propia madre.');
        return false;
      }
      parentOf.set(row.values.code, row.values.parent);
      return true;
    });
    // Rows whose chain of parents does not end at a root (an unknown code, a loop) are rejected; that
    // may strand their children, so repeat until nothing changes.
    const reachesRoot = (start: string) => {
      const seen = new Set<string>();
      for (let at: string | null | undefined = start; ; at = parentOf.get(at)) {
        if (at === undefined) return false;
        if (at !== null && ROOT_SLUGS.has(at)) return true;
        if (at === null || seen.has(at)) return false;
        seen.add(at);
      }
    };
    for (let changed = true; changed; ) {
      changed = false;
      pending = pending.filter((row) => {
        if (reachesRoot(row.values.code)) return true;
        const known = parentOf.has(row.values.parent) || ROOT_SLUGS.has(row.values.parent);
        context.reject(
          row,
          'parent',
          known
            ? 'La categoría madre forma un ciclo con esta categoría.'
            : `No existe la categoría madre «${row.values.parent}» (ni en la base de datos ni en este fichero).`,
        );
        parentOf.delete(row.values.code);
        changed = true;
        return false;
      });
    }
    // Parents first: a row whose parent is also in the file waits for it.
    const depth = (code: string) => {
      let levels = 0;
      for (let at = parentOf.get(code); at && !ROOT_SLUGS.has(at); at = parentOf.get(at)) levels += 1;
      return levels;
    };
    pending.sort((a, b) => depth(a.values.code) - depth(b.values.code));
    // New categories get their id before their children need it; moves within the file are fine.
    for (const row of pending) {
      const parent = bySlug.get(row.values.parent);
      if (!parent) throw new Error(`category parent ${row.values.parent} missing after ordering`);
      const position = row.values.position === undefined ? undefined : (row.values.position ?? 0);
      const next = { name: row.values.name, parentId: parent.id, position };
      const current = bySlug.get(row.values.code);
      if (!current) {
        const [created] = await tx
          .insert(categories)
          .values({
            slug: row.values.code,
            name: next.name,
            parentId: next.parentId,
            position: next.position ?? 0,
          })
          .returning();
        if (created) bySlug.set(created.slug, created);
        context.outcome(row, 'created');
        continue;
      }
      const changed = changes(current, next);
      if (Object.keys(changed).length === 0) {
        context.outcome(row, 'unchanged');
        continue;
      }
      const [updated] = await tx
        .update(categories)
        .set(changed)
        .where(eq(categories.id, current.id))
        .returning();
      if (updated) bySlug.set(updated.slug, updated);
      context.outcome(row, 'updated');
    }
  },
};

/** A Código Nacional with its check digit (`123456.8`, `1234568`), stored as its seven digits. */
export const nationalCode: CellReader<string> = (value) => {
  const problem = nationalCodeProblem(value);
  return problem === null
    ? { ok: true, value: normaliseNationalCode(value) as string }
    : { ok: false, reason: problem };
};

/** An EAN-13 with its check digit. */
export const ean13: CellReader<string> = (value) => {
  const problem = ean13Problem(value);
  return problem === null ? { ok: true, value: value.trim() } : { ok: false, reason: problem };
};

/** A calendar day written `aaaa-mm-dd` that exists (`2026-12-15`). */
export const day: CellReader<string> = (value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    return { ok: false, reason: 'Escribe una fecha válida (aaaa-mm-dd).' };
  return { ok: true, value };
};

const productColumns = {
  reference: required('referencia', code(40), 'referencia del laboratorio, única (BT-10399)'),
  name: required('nombre', text(200), 'nombre del producto'),
  description: optional(
    'descripcion',
    text(5_000, { multiline: true }),
    'descripción (puede tener saltos de línea)',
  ),
  format: required('formato', text(80), 'presentación (60 cápsulas, 250 ml)'),
  price: required('precio', euros, 'precio del laboratorio sin IVA, en euros (12,50)'),
  vatRate: required('iva', vatRate, 'tipo de IVA: 4, 10 o 21'),
  nationalCode: optional(
    'codigo_nacional',
    nationalCode,
    'Código Nacional con su dígito de control (123456.8); vacío = sin código',
  ),
  ean: optional('ean', ean13, 'EAN-13 de la caja, con su dígito de control; vacío = sin EAN'),
  stock: optional('stock', integer(0, 10_000_000), 'unidades disponibles; 0 = sin existencias (0)'),
  stockExpectedOn: optional(
    'reposicion',
    day,
    'día en que se espera reponer un producto agotado (2026-12-15); vacío = sin fecha',
  ),
  active: optional('activo', yesNo, '«no» lo retira del portal sin borrarlo (sí)'),
  featured: optional('destacado', yesNo, 'producto destacado (no)'),
  categories: optional(
    'categorias',
    list(slug, { max: 20 }),
    'códigos de sus categorías separados por | (defensas|resfriado-y-gripe)',
  ),
  tags: optional('etiquetas', list(text(60), { max: 20 }), 'etiquetas separadas por | (Vegano|Sin gluten)'),
  tiers: optional(
    'tramos',
    tiers,
    'precios por volumen: unidades:descuento % separados por | (6:5|12:10); vacío = sin tramos',
  ),
};

/** A product as stored, with its links, in the shape the file's rows are compared with. */
interface StoredProduct {
  id: number;
  name: string;
  description: string;
  format: string;
  priceCents: number;
  vatRate: number;
  nationalCode: string | null;
  ean: string | null;
  stockUnits: number;
  stockExpectedOn: string | null;
  isActive: boolean;
  isFeatured: boolean;
  categoryIds: number[];
  tagIds: number[];
  tiers: ImportedTier[];
}

async function storedProducts(tx: Database): Promise<Map<string, StoredProduct>> {
  const rows = await tx
    .select({
      id: products.id,
      reference: products.reference,
      name: products.name,
      description: products.description,
      format: products.format,
      priceCents: products.priceCents,
      vatRate: products.vatRate,
      nationalCode: products.nationalCode,
      ean: products.ean,
      stockUnits: products.stockUnits,
      stockExpectedOn: products.stockExpectedOn,
      isActive: products.isActive,
      isFeatured: products.isFeatured,
    })
    .from(products);
  const byId = new Map<number, StoredProduct>();
  const byReference = new Map<string, StoredProduct>();
  for (const row of rows) {
    const product: StoredProduct = { ...row, categoryIds: [], tagIds: [], tiers: [] };
    byId.set(row.id, product);
    byReference.set(row.reference.toUpperCase(), product);
  }
  for (const link of await tx.select().from(productCategories))
    byId.get(link.productId)?.categoryIds.push(link.categoryId);
  for (const link of await tx.select().from(productTags)) byId.get(link.productId)?.tagIds.push(link.tagId);
  const rules = await tx.select().from(volumeRules).orderBy(volumeRules.productId, volumeRules.minQuantity);
  for (const rule of rules)
    byId
      .get(rule.productId)
      ?.tiers.push({ minQuantity: rule.minQuantity, discountPercent: Number(rule.discountPercent) });
  for (const product of byId.values()) {
    product.categoryIds.sort((a, b) => a - b);
    product.tagIds.sort((a, b) => a - b);
  }
  return byReference;
}

/** `products`: the catalogue, by reference; links and tiers follow the file when their column is in it. */
export const productsKind: ImportKindSpec<typeof productColumns> = {
  kind: 'products',
  label: 'productos',
  columns: productColumns,
  key: { column: 'reference', of: (values) => values.reference },
  async apply(tx, rows, context) {
    await ensureCategoryRoots(tx);
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    const tagIds = new Map(
      (await tx.select({ id: tags.id, slug: tags.slug }).from(tags)).map((row) => [row.slug, row.id]),
    );
    const stored = await storedProducts(tx);
    const slugs = new Set((await tx.select({ slug: products.slug }).from(products)).map((row) => row.slug));
    const created: {
      reference: string;
      values: typeof products.$inferInsert;
      categoryIds: number[];
      tagIds: number[];
      tiers: ImportedTier[];
    }[] = [];
    // Changed products as they are to be: written together after the loop, a few statements in all.
    const updated: StoredProduct[] = [];
    const relink = {
      categories: new Map<number, number[]>(),
      tags: new Map<number, number[]>(),
      tiers: new Map<number, ImportedTier[]>(),
    };

    for (const row of rows) {
      const values = row.values;
      let linkedCategories: number[] | undefined;
      if (values.categories !== undefined) {
        const unknown = (values.categories ?? []).filter((code) => !categoryIds.has(code));
        if (unknown.length > 0) {
          context.reject(
            row,
            'categories',
            `No existe la categoría ${unknown.map((code) => `«${code}»`).join(', ')}: impórtela antes con el fichero de categorías.`,
          );
          continue;
        }
        linkedCategories = (values.categories ?? []).map((code) => categoryIds.get(code) as number);
        linkedCategories.sort((a, b) => a - b);
      }
      let linkedTags: number[] | undefined;
      if (values.tags !== undefined) {
        const names = values.tags ?? [];
        const nameless = names.find((name) => slugify(name) === '');
        if (nameless !== undefined) {
          context.reject(
            row,
            'tags',
            `«${nameless}» no sirve como etiqueta: debe tener alguna letra o cifra.`,
          );
          continue;
        }
        linkedTags = [];
        for (const name of names) {
          const tagSlug = slugify(name);
          let id = tagIds.get(tagSlug);
          if (id === undefined) {
            const [created] = await tx
              .insert(tags)
              .values({ name, slug: tagSlug })
              .returning({ id: tags.id });
            id = created?.id as number;
            tagIds.set(tagSlug, id);
          }
          if (!linkedTags.includes(id)) linkedTags.push(id);
        }
        linkedTags.sort((a, b) => a - b);
      }
      const linkedTiers = values.tiers === undefined ? undefined : (values.tiers ?? []);
      const fields = {
        name: values.name,
        description: values.description === undefined ? undefined : (values.description ?? ''),
        format: values.format,
        priceCents: values.price,
        vatRate: values.vatRate as number,
        nationalCode: values.nationalCode,
        ean: values.ean,
        stockUnits: values.stock === undefined ? undefined : (values.stock ?? 0),
        stockExpectedOn: values.stockExpectedOn,
        isActive: values.active === undefined ? undefined : (values.active ?? true),
        isFeatured: values.featured === undefined ? undefined : (values.featured ?? false),
      };

      const current = stored.get(values.reference);
      if (!current) {
        let productSlug = slugify(`${values.name} ${values.format}`) || slugify(values.reference);
        if (slugs.has(productSlug)) productSlug = `${productSlug}-${slugify(values.reference)}`;
        for (let suffix = 2; slugs.has(productSlug); suffix += 1) productSlug = `${productSlug}-${suffix}`;
        slugs.add(productSlug);
        created.push({
          reference: values.reference,
          values: {
            ...fields,
            reference: values.reference,
            slug: productSlug,
            description: fields.description ?? '',
            nationalCode: fields.nationalCode ?? null,
            ean: fields.ean ?? null,
            stockUnits: fields.stockUnits ?? 0,
            stockExpectedOn: fields.stockExpectedOn ?? null,
            isActive: fields.isActive ?? true,
            isFeatured: fields.isFeatured ?? false,
            // No photo yet: the portal shows the default image until the laboratory adds them.
            imageCount: 0,
          },
          categoryIds: linkedCategories ?? [],
          tagIds: linkedTags ?? [],
          tiers: linkedTiers ?? [],
        });
        context.outcome(row, 'created');
        continue;
      }
      let changed = false;
      const scalar = changes(current as unknown as Record<string, unknown>, fields);
      if (Object.keys(scalar).length > 0) {
        updated.push({ ...current, ...scalar });
        changed = true;
      }
      if (linkedCategories && !sameValue(current.categoryIds, linkedCategories)) {
        relink.categories.set(current.id, linkedCategories);
        changed = true;
      }
      if (linkedTags && !sameValue(current.tagIds, linkedTags)) {
        relink.tags.set(current.id, linkedTags);
        changed = true;
      }
      if (linkedTiers && !sameValue(current.tiers, linkedTiers)) {
        relink.tiers.set(current.id, linkedTiers);
        changed = true;
      }
      context.outcome(row, changed ? 'updated' : 'unchanged');
    }

    for (let start = 0; start < updated.length; start += BATCH_ROWS) {
      await betweenStatements();
      const batch = updated.slice(start, start + BATCH_ROWS).map((product) => ({
        id: product.id,
        name: product.name,
        description: product.description,
        format: product.format,
        price_cents: product.priceCents,
        vat_rate: product.vatRate,
        national_code: product.nationalCode,
        ean: product.ean,
        stock_units: product.stockUnits,
        stock_expected_on: product.stockExpectedOn,
        is_active: product.isActive,
        is_featured: product.isFeatured,
      }));
      await tx.execute(sql`
        update products p set name = v.name, description = v.description, format = v.format,
          price_cents = v.price_cents, vat_rate = v.vat_rate, national_code = v.national_code, ean = v.ean,
          stock_units = v.stock_units, stock_expected_on = v.stock_expected_on, is_active = v.is_active,
          is_featured = v.is_featured
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id integer, name text, description text,
          format text, price_cents integer, vat_rate smallint, national_code text, ean text, stock_units integer,
          stock_expected_on date, is_active boolean, is_featured boolean)
        where p.id = v.id`);
    }
    // New products in a few multi-row statements (a statement per product costs tens of seconds for a
    // catalogue of thousands on PGlite), then their links with the changed ones'.
    const replaced = {
      categories: [...relink.categories.keys()],
      tags: [...relink.tags.keys()],
      tiers: [...relink.tiers.keys()],
    };
    for (let start = 0; start < created.length; start += BATCH_ROWS) {
      await betweenStatements();
      const batch = created.slice(start, start + BATCH_ROWS);
      const ids = await tx
        .insert(products)
        .values(batch.map((item) => item.values))
        .returning({ id: products.id, reference: products.reference });
      const idOf = new Map(ids.map((row) => [row.reference, row.id]));
      for (const item of batch) {
        const id = idOf.get(item.reference) as number;
        relink.categories.set(id, item.categoryIds);
        relink.tags.set(id, item.tagIds);
        relink.tiers.set(id, item.tiers);
      }
    }
    if (replaced.categories.length > 0)
      await tx.delete(productCategories).where(inArray(productCategories.productId, replaced.categories));
    if (replaced.tags.length > 0)
      await tx.delete(productTags).where(inArray(productTags.productId, replaced.tags));
    if (replaced.tiers.length > 0)
      await tx.delete(volumeRules).where(inArray(volumeRules.productId, replaced.tiers));
    const categoryLinks = [...relink.categories].flatMap(([productId, ids]) =>
      ids.map((categoryId) => ({ productId, categoryId })),
    );
    const tagLinks = [...relink.tags].flatMap(([productId, ids]) =>
      ids.map((tagId) => ({ productId, tagId })),
    );
    const tierRows = [...relink.tiers].flatMap(([productId, list]) =>
      list.map((tier) => ({ productId, ...tier })),
    );
    for (let start = 0; start < categoryLinks.length; start += BATCH_ROWS) {
      await betweenStatements();
      await tx.insert(productCategories).values(categoryLinks.slice(start, start + BATCH_ROWS));
    }
    for (let start = 0; start < tagLinks.length; start += BATCH_ROWS) {
      await betweenStatements();
      await tx.insert(productTags).values(tagLinks.slice(start, start + BATCH_ROWS));
    }
    for (let start = 0; start < tierRows.length; start += BATCH_ROWS) {
      await betweenStatements();
      await tx.insert(volumeRules).values(tierRows.slice(start, start + BATCH_ROWS));
    }
  },
};

const specialPriceColumns = {
  group: required('grupo_descuento', text(100), 'nombre del grupo de descuento (Farmacias Oro)'),
  reference: required('referencia', code(40), 'referencia del producto'),
  price: required('precio', euros, 'precio especial del grupo sin IVA, en euros (10,95)'),
};

/** `special-prices`: a discount group's own unit price of a product (the client's `final_price`). */
export const specialPricesKind: ImportKindSpec<typeof specialPriceColumns> = {
  kind: 'special-prices',
  label: 'precios especiales',
  columns: specialPriceColumns,
  key: { column: 'reference', of: (values) => `${values.group.toLowerCase()}|${values.reference}` },
  async apply(tx, rows, context) {
    const groups = new Map(
      (await tx.select().from(discountGroups)).map((group) => [group.name.toLowerCase(), group.id]),
    );
    const productIds = new Map(
      (await tx.select({ id: products.id, reference: products.reference }).from(products)).map((row) => [
        row.reference.toUpperCase(),
        row.id,
      ]),
    );
    const stored = new Map(
      (await tx.select().from(specialPrices)).map((row) => [
        `${row.discountGroupId}|${row.productId}`,
        row.priceCents,
      ]),
    );
    for (const row of rows) {
      const groupId = groups.get(row.values.group.toLowerCase());
      if (groupId === undefined) {
        context.reject(row, 'group', `No existe el grupo de descuento «${row.values.group}».`);
        continue;
      }
      const productId = productIds.get(row.values.reference);
      if (productId === undefined) {
        context.reject(row, 'reference', `No existe el producto «${row.values.reference}».`);
        continue;
      }
      const key = `${groupId}|${productId}`;
      const current = stored.get(key);
      if (current === row.values.price) {
        context.outcome(row, 'unchanged');
        continue;
      }
      if (current === undefined) {
        await tx
          .insert(specialPrices)
          .values({ discountGroupId: groupId, productId, priceCents: row.values.price });
      } else {
        await tx
          .update(specialPrices)
          .set({ priceCents: row.values.price })
          .where(and(eq(specialPrices.discountGroupId, groupId), eq(specialPrices.productId, productId)));
      }
      stored.set(key, row.values.price);
      context.outcome(row, current === undefined ? 'created' : 'updated');
    }
  },
};
