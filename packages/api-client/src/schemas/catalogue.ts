/** Categories (tree 1: ranges, the 'gama'; tree 2: health problems), tags and products. */
import { SEARCH_QUERY_MAX_LENGTH } from '@botica/domain';
import * as z from 'zod/mini';
import { EurosSchema, IdSchema, ProductImageSchema, paginated } from './common.ts';

/** A category and its children; the roots are id 1 (ranges) and id 2 (health problems). */
export interface Category {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  /** Number of products in the category and its descendants. */
  product_count: number;
  children: Category[];
}
export const CategorySchema: z.ZodMiniType<Category> = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  parent_id: z.nullable(IdSchema),
  product_count: z.int().check(z.gte(0)),
  get children() {
    return z.array(CategorySchema);
  },
});

export const CategoriesResponseSchema = z.object({ data: z.array(CategorySchema) });
export const CategoryResponseSchema = z.object({ data: CategorySchema });

export const TagSchema = z.object({ id: IdSchema, name: z.string(), slug: z.string() });
export type Tag = z.infer<typeof TagSchema>;
export const TagsResponseSchema = z.object({ data: z.array(TagSchema) });

/** Stock state of a product. */
export const StockSchema = z.enum(['in_stock', 'low_stock', 'out_of_stock']);
export type Stock = z.infer<typeof StockSchema>;

/** VAT rate in percent. */
export const VatRateSchema = z.union([z.literal(4), z.literal(10), z.literal(21)]);

/** A product as lists, cards and cart lines show it. */
export const ProductSummarySchema = z.object({
  id: IdSchema,
  reference: z.string(),
  name: z.string(),
  /** E.g. '60 cápsulas', '50 ml'. */
  format: z.string(),
  /** The laboratory's price before the client's conditions, in euros (VAT excluded). */
  price: EurosSchema,
  /**
   * The logged-in client's unit price before volume tiers (its discount group's special price), if
   * it differs from `price`; null otherwise. In a cart line it is the line's unit price, tier included.
   */
  final_price: z.nullable(EurosSchema),
  vat_rate: VatRateSchema,
  stock: StockSchema,
  image: ProductImageSchema,
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** `GET /api/v1/products/{id}`: the product page. */
export const ProductSchema = z.extend(ProductSummarySchema, {
  description: z.string(),
  /** Every image of the product, the first being `image`. */
  images: z.array(ProductImageSchema),
  categories: z.array(z.object({ id: IdSchema, name: z.string(), parent_id: z.nullable(IdSchema) })),
  tags: z.array(z.object({ id: IdSchema, name: z.string() })),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductResponseSchema = z.object({ data: ProductSchema });

export const ProductSortSchema = z.enum([
  'relevance',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'reference',
]);
export type ProductSort = z.infer<typeof ProductSortSchema>;

/**
 * The most category ids one product search may name (both trees together). The demo catalogue has
 * 32 (12 ranges, 20 health problems), so a pharmacist who ticks every box stays within it; the bound
 * keeps one request from costing the server a second (100 ids took 0.9 s, 50 take 40 ms).
 */
export const MAX_SEARCH_CATEGORIES = 50;
/** The most tag ids one product search may name (the portal sends none). */
export const MAX_SEARCH_TAGS = 20;
/** The largest page of a product search (the portal's catalogue asks for 24). */
export const MAX_SEARCH_PAGE_SIZE = 48;

/** `POST /api/v1/products/search`: the catalogue's filters. Unknown fields are refused. */
export const ProductSearchRequestSchema = z.strictObject({
  /** Category ids; a product matches if it is in any of them or their descendants. */
  categories: z.optional(z.array(IdSchema).check(z.maxLength(MAX_SEARCH_CATEGORIES))),
  tags: z.optional(z.array(IdSchema).check(z.maxLength(MAX_SEARCH_TAGS))),
  text: z.optional(z.string().check(z.maxLength(SEARCH_QUERY_MAX_LENGTH))),
  price: z.optional(
    z.strictObject({
      min: z.optional(z.number().check(z.gte(0), z.lte(1_000_000))),
      max: z.optional(z.number().check(z.gte(0), z.lte(1_000_000))),
    }),
  ),
  sort: z.optional(ProductSortSchema),
  page: z.optional(z.int().check(z.gte(1), z.lte(100_000))),
  per_page: z.optional(z.int().check(z.gte(1), z.lte(MAX_SEARCH_PAGE_SIZE))),
});
export type ProductSearchRequest = z.infer<typeof ProductSearchRequestSchema>;
/** How many products one option of a filter would leave: an id and its count. */
export const FacetCountSchema = z.object({ id: IdSchema, count: z.int().check(z.gte(0)) });
export type FacetCount = z.infer<typeof FacetCountSchema>;

/**
 * The counts the catalogue shows beside each filter's options, for the filters in force. A category's
 * count is the products that would match with it ticked in its tree (any of a tree's ticked
 * categories, with their descendants), every other filter unchanged: the text, the price range, the
 * other tree's and the tags' choices. A tag's likewise. Every category and tag is listed, 0 included.
 */
export const CatalogueFacetsSchema = z.object({
  categories: z.array(FacetCountSchema),
  tags: z.array(FacetCountSchema),
});
export type CatalogueFacets = z.infer<typeof CatalogueFacetsSchema>;

export const ProductSearchResponseSchema = z.extend(paginated(ProductSummarySchema), {
  facets: CatalogueFacetsSchema,
});
export type ProductSearchResponse = z.infer<typeof ProductSearchResponseSchema>;

/**
 * One volume tier of `GET /api/v1/products/{id}/table-cartrules`. With the product's `price` and
 * `final_price`, @botica/domain's `volumePriceTable` makes the product page's table from these.
 */
export const VolumeRuleSchema = z.object({
  min_quantity: z.int().check(z.gte(1)),
  /** Null for the last, open-ended tier. */
  max_quantity: z.nullable(z.int().check(z.gte(1))),
  /** The tier's discount on the laboratory's `price` (not on the client's special price), in percent. */
  discount_percent: z.number().check(z.gte(0), z.lte(100)),
  /**
   * What the logged-in client pays a unit at `min_quantity`, in euros: the lower of its price before
   * tiers (`final_price ?? price` of the product) and the best tier reached. Equal to that price when
   * the client's special price beats the tier.
   */
  unit_price: EurosSchema,
});
export type VolumeRule = z.infer<typeof VolumeRuleSchema>;
export const VolumeRulesResponseSchema = z.object({ data: z.array(VolumeRuleSchema) });

/** `GET /api/v1/products/maxMinPrices`: the bounds of the price filter, in euros. */
export const PriceRangeSchema = z.object({ min: EurosSchema, max: EurosSchema });
export type PriceRange = z.infer<typeof PriceRangeSchema>;
