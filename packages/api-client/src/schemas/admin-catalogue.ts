/**
 * The back office's product edit: the fields the laboratory's staff change, the volume tiers and the
 * discount groups' special prices, and the `version` the edit was made on. The rules are
 * `@botica/domain`'s (`nationalCodeProblem`, `ean13Problem`, `priceProblem`, `productPriceProblems`),
 * run by these schemas' refinements, so the form and the server refuse alike: a 422 whose `errors`
 * carry the domain's Spanish messages under the field paths (`tiers.2.min_quantity`).
 */
import {
  ean13Problem,
  eanFromNationalCode,
  NATIONAL_CODE_EAN_PREFIX,
  nationalCodeProblem,
  PRICE_RULE_MESSAGES,
  PRODUCT_CODE_MESSAGES,
  parseEuros,
  parsePrice,
  priceProblem,
  productPriceProblems,
  SEARCH_QUERY_MAX_LENGTH,
} from '@botica/domain';
import * as z from 'zod/mini';
import { StockSchema, VatRateSchema } from './catalogue.ts';
import {
  DateTimeSchema,
  EurosSchema,
  IdSchema,
  MAX_ID,
  PaginationMetaSchema,
  ProductImageSchema,
  trimmedText,
} from './common.ts';

/** The Spanish messages of the product edit's own refusals (the rules' are the domain's). */
export const ADMIN_PRODUCT_MESSAGES = {
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: 'El nombre puede tener como máximo 200 caracteres.',
  referenceRequired: 'La referencia es obligatoria.',
  referenceTooLong: 'La referencia puede tener como máximo 50 caracteres.',
  formatTooLong: 'El formato puede tener como máximo 100 caracteres.',
  descriptionTooLong: 'La descripción puede tener como máximo 20.000 caracteres.',
  vatRateInvalid: 'El IVA debe ser 4, 10 o 21.',
  eanNotOfNationalCode: 'El EAN no corresponde al código nacional.',
  tooManyTiers: 'Un producto puede tener como máximo 10 tramos.',
  tooManySpecialPrices: 'Un producto puede tener como máximo 200 precios especiales.',
  numberRequired: 'Debe ser un número.',
  textRequired: 'Debe ser un texto.',
  versionRequired: 'Falta la versión del producto.',
  activeRequired: 'Indica si el producto está activo.',
  expectedDateInvalid: 'Escribe una fecha válida (aaaa-mm-dd).',
  stockUnitsInvalid: 'Las unidades en stock deben ser un número entero entre 0 y 10.000.000.',
} as const;

/** The most volume tiers of one product. */
export const MAX_PRODUCT_TIERS = 10;
/** The most special prices of one product (one per discount group). */
export const MAX_PRODUCT_SPECIAL_PRICES = 200;

const M = ADMIN_PRODUCT_MESSAGES;

/** A volume tier as the form sends it; its rules are checked with the product's other prices. */
export const EditedTierSchema = z.object({
  /** The first quantity of the tier (2 or more, above the previous tier's). */
  min_quantity: z.number(M.numberRequired),
  /** The discount on the list price, in percent (over 0, under 100, two decimals at most). */
  discount_percent: z.number(M.numberRequired),
});
export type EditedTier = z.infer<typeof EditedTierSchema>;

/** A discount group's special price as typed (`'9,50'`): over 0 and below the list price. */
export const EditedSpecialPriceSchema = z.object({
  discount_group_id: IdSchema,
  price: z.string(M.textRequired).check(z.maxLength(40, PRICE_RULE_MESSAGES.priceInvalid)),
});
export type EditedSpecialPrice = z.infer<typeof EditedSpecialPriceSchema>;

/** The fields of a product as the back office writes it, before the rules (`productRules`). */
const ProductFieldsObject = z.object({
  name: trimmedText(200, M.nameTooLong, M.nameRequired, M.textRequired),
  reference: trimmedText(50, M.referenceTooLong, M.referenceRequired, M.textRequired),
  national_code: z.nullable(
    z.string(M.textRequired).check(z.maxLength(20, PRODUCT_CODE_MESSAGES.nationalCodeFormat)),
  ),
  ean: z.nullable(z.string(M.textRequired).check(z.maxLength(20, PRODUCT_CODE_MESSAGES.eanFormat))),
  format: trimmedText(100, M.formatTooLong, undefined, M.textRequired),
  description: z.string(M.textRequired).check(z.maxLength(20_000, M.descriptionTooLong)),
  price: z.string(M.textRequired).check(z.maxLength(40, PRICE_RULE_MESSAGES.priceInvalid)),
  vat_rate: z.union([VatRateSchema], M.vatRateInvalid),
  category_ids: z.array(IdSchema).check(z.maxLength(50)),
  tag_ids: z.array(IdSchema).check(z.maxLength(20)),
  tiers: z.array(EditedTierSchema).check(z.maxLength(MAX_PRODUCT_TIERS, M.tooManyTiers)),
  special_prices: z
    .array(EditedSpecialPriceSchema)
    .check(z.maxLength(MAX_PRODUCT_SPECIAL_PRICES, M.tooManySpecialPrices)),
  /** Whether pharmacies see and may order it; an inactive product stays in the back office only. */
  is_active: z.boolean(M.activeRequired),
  /** When a sold-out product is expected back (a Madrid day, `2026-12-15`), or null. */
  stock_expected_on: z.nullable(z.iso.date(M.expectedDateInvalid)),
  /**
   * The units in stock now, when the staff set them (the state follows: 0 sold out, under 10 last
   * units); left out, they stay as the ERP last sent them (0 for a new product).
   */
  stock_units: z.optional(
    z.int(M.stockUnitsInvalid).check(z.gte(0, M.stockUnitsInvalid), z.lte(10_000_000, M.stockUnitsInvalid)),
  ),
});
/** A product's fields, as written; the edit adds the `version` it was made on. */
export type AdminProductFields = z.infer<typeof ProductFieldsObject>;

/**
 * The domain's rules over a product's fields: the codes' check digits, the list price, the tiers and
 * the special prices, each problem under its field path.
 */
const productRules = z.superRefine((product: AdminProductFields, context) => {
  const problem = (path: (string | number)[], message: string | null) => {
    if (message !== null) context.issues.push({ code: 'custom', message, input: product, path });
  };
  const national = product.national_code;
  const ean = product.ean;
  const nationalProblem = national === null ? null : nationalCodeProblem(national);
  problem(['national_code'], nationalProblem);
  const eanProblem = ean === null ? null : ean13Problem(ean);
  problem(['ean'], eanProblem);
  // A medicine's EAN carries its CN: the two must name the same box.
  if (national !== null && ean !== null && nationalProblem === null && eanProblem === null) {
    const mismatch =
      ean.trim().startsWith(NATIONAL_CODE_EAN_PREFIX) && ean.trim() !== eanFromNationalCode(national);
    problem(['ean'], mismatch ? M.eanNotOfNationalCode : null);
  }

  problem(['price'], priceProblem(product.price));
  // A special price that does not read gets the typed price's message ('-5': negative); the
  // rules judge those that read.
  const unread = new Set<string>();
  const specialPrices = product.special_prices.map((special, index) => {
    const cents = parseEuros(special.price);
    if (cents === null) {
      unread.add(`special_prices.${String(index)}.price`);
      problem(['special_prices', index, 'price'], priceProblem(special.price));
    }
    return { discountGroupId: special.discount_group_id, priceCents: cents ?? Number.NaN };
  });
  const rules = productPriceProblems({
    priceCents: parsePrice(product.price),
    tiers: product.tiers.map((tier) => ({
      minQuantity: tier.min_quantity,
      discountPercent: tier.discount_percent,
    })),
    specialPrices,
  });
  for (const [path, messages] of Object.entries(rules)) {
    // The list price's own message is given above, as an unread special price's.
    if (path === 'price' || unread.has(path)) continue;
    const segments = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    for (const message of messages) problem(segments, message);
  }
});

/**
 * `POST /api/v1/admin/products`: a new reference, with every field of the edit but `version`.
 * Amounts are as typed (`'12,50'`, `'1.234,50'`); the national code in any of its written forms
 * (`'123456.8'`, the server stores its seven digits) or null, as the EAN.
 */
export const AdminProductCreateRequestSchema = ProductFieldsObject.check(productRules);
export type AdminProductCreateRequest = z.infer<typeof AdminProductCreateRequestSchema>;

/**
 * `PUT /api/v1/admin/products/{id}`: the product as the staff leave it, as the create takes it, and
 * the `version` of the product as the form read it: an edit on an older one is a 409 and writes nothing.
 */
export const AdminProductEditRequestSchema = z
  .extend(ProductFieldsObject, {
    version: z.int(M.versionRequired).check(z.gte(0, M.versionRequired)),
  })
  .check(productRules);
export type AdminProductEditRequest = z.infer<typeof AdminProductEditRequestSchema>;

/** The Spanish messages of the catalogue's back-office endpoints, as the server sends them. */
export const ADMIN_CATALOGUE_MESSAGES = {
  productNotFound: 'El producto no existe.',
  versionConflict: 'Otra persona ha cambiado este producto. Recarga para ver sus cambios.',
  referenceTaken: 'Ya hay un producto con esa referencia.',
  categoryUnknown: 'La categoría no existe.',
  tagUnknown: 'La etiqueta no existe.',
  discountGroupUnknown: 'El grupo de descuento no existe.',
  categoryNotFound: 'La categoría no existe.',
  categoryNameRequired: 'El nombre es obligatorio.',
  categoryNameTooLong: 'El nombre puede tener como máximo 100 caracteres.',
  categoryNameTaken: 'Ya hay una categoría con ese nombre en ese nivel.',
  categoryCycle: 'Una categoría no puede ir dentro de sí misma ni de una de sus subcategorías.',
  categoryRoot: 'Las dos raíces (gamas y problemas de salud) no se pueden mover ni borrar.',
  categoryParentRequired: 'Elige dónde va la categoría.',
  categoryNotEmpty: 'La categoría tiene productos o subcategorías: vacíala antes de borrarla.',
  positionInvalid: 'La posición debe ser un número entero desde 0.',
  searchTooLong: `La búsqueda puede tener como máximo ${String(SEARCH_QUERY_MAX_LENGTH)} caracteres.`,
  idInvalid: 'Debe ser un identificador válido.',
  pageInvalid: 'Debe ser un número entero.',
} as const;

const C = ADMIN_CATALOGUE_MESSAGES;

/** The products a page of the back office's list holds. */
export const ADMIN_PRODUCTS_PER_PAGE = 50;

const QueryIdSchema = z.coerce
  .number(C.idInvalid)
  .check(z.refine(Number.isInteger, C.idInvalid), z.gte(1, C.idInvalid), z.lte(MAX_ID, C.idInvalid));

/** The list's sorts: by relevance to `q` (by name without one), name, price, reference, newest. */
export const AdminProductSortSchema = z.enum([
  'relevance',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'reference',
  'newest',
]);
export type AdminProductSort = z.infer<typeof AdminProductSortSchema>;

/**
 * `GET /api/v1/admin/products`: `q` matches as the portal's search does (references as typed, names
 * regardless of accents and case, typos), or a Código Nacional or EAN typed whole; `category_id` keeps the products in that category or
 * below it; `status` active, inactive or all (the default: the back office sees both); `stock` one
 * stock state; 1-based `page` of 50.
 */
export const AdminProductsQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_QUERY_MAX_LENGTH, C.searchTooLong))),
  category_id: z.optional(QueryIdSchema),
  status: z.optional(z.enum(['all', 'active', 'inactive'])),
  stock: z.optional(StockSchema),
  sort: z.optional(AdminProductSortSchema),
  page: z.optional(
    z.coerce
      .number(C.pageInvalid)
      .check(
        z.refine(Number.isInteger, C.pageInvalid),
        z.gte(1, C.pageInvalid),
        z.lte(100_000, C.pageInvalid),
      ),
  ),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

/** A category as a product names it: with its tree's root (1 ranges, 2 health problems). */
export const AdminProductCategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  parent_id: z.nullable(IdSchema),
  root_id: IdSchema,
});
export type AdminProductCategory = z.infer<typeof AdminProductCategorySchema>;

/**
 * A product's stock: its state as the portal shows it (`in_stock` available, `low_stock` last units,
 * `out_of_stock` sold out), the units and, when sold out, the day it is expected back (or null).
 */
export const AdminProductStockSchema = z.object({
  state: StockSchema,
  units: z.int(),
  expected_on: z.nullable(z.iso.date()),
});
export type AdminProductStock = z.infer<typeof AdminProductStockSchema>;

/** A product as the back office's list shows it. */
export const AdminProductRowSchema = z.object({
  id: IdSchema,
  reference: z.string(),
  name: z.string(),
  format: z.string(),
  /** The seven digits of its Código Nacional, or null. */
  national_code: z.nullable(z.string()),
  /** The list price, VAT excluded, in euros. */
  price: EurosSchema,
  vat_rate: VatRateSchema,
  is_active: z.boolean(),
  stock: AdminProductStockSchema,
  /** Both trees' categories, ranges first. */
  categories: z.array(AdminProductCategorySchema),
  image: ProductImageSchema,
  version: z.int().check(z.gte(0)),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductsResponseSchema = z.object({
  data: z.array(AdminProductRowSchema),
  meta: PaginationMetaSchema,
});
export type AdminProductsResponse = z.infer<typeof AdminProductsResponseSchema>;

/**
 * `GET /api/v1/admin/products/{id}`: every field the edit takes, as the edit writes them (amounts
 * as text with a decimal comma, `'12,50'`; the national code's seven digits), so the form starts
 * from it and sends it back with `version`; and, to show, its categories with their trees, its
 * stock, its first image, when it was created. The tiers come by quantity.
 */
export const AdminProductSchema = z.extend(ProductFieldsObject, {
  id: IdSchema,
  version: z.int().check(z.gte(0)),
  categories: z.array(AdminProductCategorySchema),
  stock: AdminProductStockSchema,
  image: ProductImageSchema,
  created_at: DateTimeSchema,
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductResponseSchema = z.object({ data: AdminProductSchema });
export type AdminProductResponse = z.infer<typeof AdminProductResponseSchema>;

/** A category of the back office's trees, with its place among its siblings and its subtree. */
export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  /** 0-based, among its siblings. */
  position: number;
  /** The products (active or not) directly in it; deleting needs 0 here and no children. */
  product_count: number;
  children: AdminCategory[];
}
export const AdminCategorySchema: z.ZodMiniType<AdminCategory> = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  parent_id: z.nullable(IdSchema),
  position: z.int().check(z.gte(0)),
  product_count: z.int().check(z.gte(0)),
  get children() {
    return z.array(AdminCategorySchema);
  },
});

/** `GET /api/v1/admin/categories`: the two trees, the ranges' root (1) first. */
export const AdminCategoriesResponseSchema = z.object({ data: z.array(AdminCategorySchema) });
export type AdminCategoriesResponse = z.infer<typeof AdminCategoriesResponseSchema>;

export const AdminCategoryResponseSchema = z.object({ data: AdminCategorySchema });
export type AdminCategoryResponse = z.infer<typeof AdminCategoryResponseSchema>;

const CategoryNameSchema = z
  .string(M.textRequired)
  .check(z.trim(), z.minLength(1, C.categoryNameRequired), z.maxLength(100, C.categoryNameTooLong));
const BodyIdSchema = z.int(C.idInvalid).check(z.positive(C.idInvalid), z.lte(MAX_ID, C.idInvalid));
const PositionSchema = z
  .int(C.positionInvalid)
  .check(z.gte(0, C.positionInvalid), z.lte(10_000, C.positionInvalid));

/**
 * `POST /api/v1/admin/categories`: a new category under `parent_id` (a root or any category of its
 * tree), last among its siblings unless `position` says where.
 */
export const AdminCategoryCreateRequestSchema = z.object({
  name: CategoryNameSchema,
  parent_id: BodyIdSchema,
  position: z.optional(PositionSchema),
});
export type AdminCategoryCreateRequest = z.infer<typeof AdminCategoryCreateRequestSchema>;

/**
 * `PATCH /api/v1/admin/categories/{id}`: renames (`name`), moves (`parent_id`: into itself or one of
 * its own subcategories is a 422) and reorders (`position` among the new siblings, 0-based; the
 * others shift). Each field optional.
 */
export const AdminCategoryUpdateRequestSchema = z.object({
  name: z.optional(CategoryNameSchema),
  parent_id: z.optional(BodyIdSchema),
  position: z.optional(PositionSchema),
});
export type AdminCategoryUpdateRequest = z.infer<typeof AdminCategoryUpdateRequestSchema>;

/** A tag the edit may give a product. */
export const AdminTagSchema = z.object({ id: IdSchema, name: z.string(), slug: z.string() });
export type AdminTag = z.infer<typeof AdminTagSchema>;

/** `GET /api/v1/admin/tags`: every tag, by name. */
export const AdminTagsResponseSchema = z.object({ data: z.array(AdminTagSchema) });
export type AdminTagsResponse = z.infer<typeof AdminTagsResponseSchema>;
