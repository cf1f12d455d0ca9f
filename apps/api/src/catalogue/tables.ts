/**
 * The catalogue module's tables: the category trees, the tags, the products, their links to
 * categories and tags, and the pictures the laboratory uploaded.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

/** The category trees: id 1 roots the ranges (the 'gama'), id 2 the health problems. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const tags = pgTable('tags', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The laboratory's reference, e.g. 'BT-01234'. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    /** E.g. '60 cápsulas', '50 ml'. */
    format: text('format').notNull(),
    /** The laboratory's price, VAT excluded. */
    priceCents: integer('price_cents').notNull(),
    vatRate: smallint('vat_rate').notNull(),
    stockUnits: integer('stock_units').notNull(),
    /** How many images the product has (served as /api/v1/products/{id}/images/{n}/{size}); 0 → default image. */
    imageCount: smallint('image_count').notNull().default(1),
    /** Hue of the generated demo image, 0–359. */
    imageHue: smallint('image_hue').notNull().default(140),
    /** The name without accents, in lower case: what the search matches (trigram-indexed, migration 0003). */
    searchName: text('search_name').generatedAlwaysAs(sql`botica_normalise(name)`),
    /**
     * The reference as pharmacists type it: letters and digits only, lower case ('BT-10399' →
     * 'bt10399'), so 'bt10399', 'bt 10399' and 'BT-10399' all match it (prefix-indexed, migration 0008).
     */
    searchReference: text('search_reference').generatedAlwaysAs(
      sql`regexp_replace(botica_normalise(reference), '[^a-z0-9]+', '', 'g')`,
    ),
    /** The digits of the reference ('BT-10399' → '10399'): what a query of digits only matches (migration 0008). */
    referenceDigits: text('reference_digits').generatedAlwaysAs(
      sql`regexp_replace(reference, '[^0-9]+', '', 'g')`,
    ),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** The seven digits of its Código Nacional (a medicine's or parapharmacy's CN), or null. */
    nationalCode: text('national_code'),
    /** The EAN-13 of its box, or null. */
    ean: text('ean'),
    /** When a sold-out product is expected back (a Madrid day), or null. */
    stockExpectedOn: date('stock_expected_on', { mode: 'string' }),
    /**
     * Moves on with every edit made through the back office, and with any other change to what the
     * edit shows (a trigger of migration 0027: the ERP's import): an edit names the version it was
     * made on and is refused when the product has moved on since (two staff members, one product).
     */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} >= 0`),
    check('products_vat_rate', sql`${t.vatRate} IN (4, 10, 21)`),
    // The quick order's lookup matches a scanned or typed Código Nacional or EAN whole, one probe a code.
    index('products_national_code_idx').on(t.nationalCode),
    index('products_ean_idx').on(t.ean),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/** PostgreSQL's `bytea`, read and written as a Buffer (node-postgres and PGlite both give one back). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The pictures the laboratory uploaded, one row per picture and size, in the database so that every
 * API instance serves the same ones (docs/decisions/021-product-pictures.md). Position n is image n
 * of the product; a product with rows here has `image_count` equal to its number of pictures.
 */
export const productPictures = pgTable(
  'product_pictures',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 1 for the first picture. */
    position: smallint('position').notNull(),
    /** 'thumbnail', 'miniproduct' or 'full'. */
    size: text('size').notNull(),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    /** A digest of the bytes: the picture's ETag. */
    digest: text('digest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position, t.size] }),
    check('product_pictures_position', sql`${t.position} >= 1`),
    check('product_pictures_size', sql`${t.size} IN ('thumbnail', 'miniproduct', 'full')`),
  ],
);
