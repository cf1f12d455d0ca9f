/**
 * A client's prices (docs/decisions/003): the laboratory's price, the discount group's special price
 * (`final_price`), the volume tiers and the cart-level discount of the group. Every euro amount that
 * leaves the server is computed here with @botica/domain, from integer cents. The catalogue, the cart
 * and the showcase read their priced product rows through `PRICED_COLUMNS` and `pricedProducts`.
 */
import { catalogue, fillPath } from '@botica/api-client/endpoints';
import type { ProductImage, ProductSummary, Stock } from '@botica/api-client/schemas';
import {
  type ClientUnitPrices,
  centsToEuros,
  baseUnitCents as domainBaseUnitCents,
  stockStateOf,
  type VatRate,
  type VolumeTier,
  volumeUnitCents,
} from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { preparedStatement, selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/** Below this many units a product shows as low in stock (the domain's rule). */
export { LOW_STOCK_UNITS } from '@botica/domain';

/** The image sizes of the spec: thumbnail (cart lines, toasts), miniproduct (search, cards), full. */
export const IMAGE_SIZES = ['thumbnail', 'miniproduct', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** A product row with the client's special price, as the pricing reads it. */
export interface PricedProductRow {
  id: number;
  reference: string;
  name: string;
  format: string;
  price_cents: number;
  vat_rate: number;
  stock_units: number;
  image_count: number;
  image_hue: number;
  /** The version of its first uploaded picture (`?v=` of its image addresses), null without one. */
  picture_version?: string | null;
  /** The client's discount-group price, or null. */
  special_cents: number | null;
}

/** The pricing conditions of a client: its discount group, if any. */
export interface ClientConditions {
  clientId: number;
  discountGroupId: number | null;
  groupName: string | null;
  discountPercent: number;
}

/** Reads a client's conditions. */
export async function clientConditions(
  context: Pick<CoreContext, 'db'>,
  clientId: number,
): Promise<ClientConditions> {
  // Reads the accounts module's `clients` for the client's group: one row, on every priced read.
  const [row] = await selectRows<{
    discount_group_id: number | null;
    name: string | null;
    percent: string | null;
  }>(
    context.db,
    sql`select c.discount_group_id, g.name, g.discount_percent::text as percent
        from clients c left join discount_groups g on g.id = c.discount_group_id
        where c.id = ${clientId}`,
  );
  return {
    clientId,
    discountGroupId: row?.discount_group_id ?? null,
    groupName: row?.name ?? null,
    discountPercent: row?.percent ? Number(row.percent) : 0,
  };
}

/** The cart-level discount lines of a client's group (none when the group gives 0 %). */
export function groupDiscounts(
  conditions: ClientConditions,
): { group_name: string; discount_percent: number }[] {
  if (conditions.groupName === null || conditions.discountPercent <= 0) return [];
  return [{ group_name: conditions.groupName, discount_percent: conditions.discountPercent }];
}

/** The stock state shown for a number of units (the domain's rule). */
export function stockState(units: number): Stock {
  return stockStateOf(units);
}

/** The characters of a picture's digest that its addresses carry as `?v=`. */
export const PICTURE_VERSION_CHARS = 16;

/**
 * SQL: the version of a product's uploaded picture at a position (its largest size's digest,
 * shortened), null when it has none there. A changed picture has another digest, so its addresses
 * change with it and no browser or proxy keeps the old one.
 */
export function pictureVersionSql(productId: SQL, position: SQL | number): SQL {
  // The catalogue module's pictures, read for the addresses every priced list gives out.
  return sql`(select left(pv.digest, ${sql.raw(String(PICTURE_VERSION_CHARS))}) from product_pictures pv
    where pv.product_id = ${productId} and pv.position = ${position} and pv.size = 'full')`;
}

/**
 * An image's address without the public URL in front (`api/v1/…`), all but its size: every size of
 * an image is this and the size's name, so `productImage` fills the path once for its three sizes.
 */
const PRODUCT_IMAGE_SIZE = '{size}';
if (!catalogue.productImage.path.endsWith(`/${PRODUCT_IMAGE_SIZE}`))
  throw new Error(`${catalogue.productImage.path}: the size must be the image address's last part`);
const PRODUCT_IMAGE_PATH = catalogue.productImage.path.slice(0, -PRODUCT_IMAGE_SIZE.length);

/** The default image's address in each size, the same for every product without images. */
const DEFAULT_IMAGE_ADDRESSES = Object.fromEntries(
  IMAGE_SIZES.map((size) => [size, fillPath(catalogue.defaultImage.path, { size })]),
) as Record<ImageSize, string>;

/**
 * An image's address in every size but its size's name, and what follows it: a version's query.
 * A product without images has none (its sizes are the default image's).
 */
function imageAddressParts(
  productId: number,
  imageCount: number,
  n: number,
  version?: string | null,
): { before: string; after: string } | undefined {
  if (imageCount <= 0) return undefined;
  return {
    before: fillPath(PRODUCT_IMAGE_PATH, { id: productId, n }),
    after: version ? `?v=${encodeURIComponent(version)}` : '',
  };
}

/**
 * The path of one image of a product in one size (a default image when the product has none); an
 * uploaded picture's carries its version, so that it may be cached for good.
 */
export function imagePath(
  publicUrl: string,
  productId: number,
  imageCount: number,
  n: number,
  size: ImageSize,
  version?: string | null,
) {
  return `${publicUrl}/${imageAddress(productId, imageCount, n, size, version)}`;
}

/**
 * `imagePath` without the public URL in front (`api/v1/…`): what the catalogue index works out once
 * per product when it is built, so that a search hit only prefixes it.
 */
export function imageAddress(
  productId: number,
  imageCount: number,
  n: number,
  size: ImageSize,
  version?: string | null,
): string {
  const parts = imageAddressParts(productId, imageCount, n, version);
  return parts ? `${parts.before}${size}${parts.after}` : DEFAULT_IMAGE_ADDRESSES[size];
}

/**
 * One image of a product in the three sizes; `version` that of its uploaded picture, if any. Every
 * priced list gives one per product: its path is filled once for the three.
 */
export function productImage(
  publicUrl: string,
  productId: number,
  imageCount: number,
  n = 1,
  version?: string | null,
): ProductImage {
  const parts = imageAddressParts(productId, imageCount, n, version);
  const address = (size: ImageSize) =>
    `${publicUrl}/${parts ? `${parts.before}${size}${parts.after}` : DEFAULT_IMAGE_ADDRESSES[size]}`;
  return { thumbnail: address('thumbnail'), miniproduct: address('miniproduct'), full: address('full') };
}

/** The client's unit price without volume tiers: the special price if lower than the price. */
export function baseUnitCents(row: Pick<PricedProductRow, 'price_cents' | 'special_cents'>): number {
  return domainBaseUnitCents(row.price_cents, row.special_cents);
}

/** A row's prices before volume tiers, as @botica/domain's volume pricing takes them. */
export function clientUnitPrices(
  row: Pick<PricedProductRow, 'price_cents' | 'special_cents'>,
): ClientUnitPrices {
  return { listCents: row.price_cents, baseCents: baseUnitCents(row) };
}

/**
 * The client's unit price for a quantity: the special price or the best volume tier the quantity
 * reaches, whichever is lower (@botica/domain's `volumeUnitCents`, which the portal's table uses too).
 * @example unitCentsFor({ price_cents: 1000, special_cents: 900 }, [{ minQuantity: 6, discountPercent: 15 }], 6) // 850
 */
export function unitCentsFor(
  row: Pick<PricedProductRow, 'price_cents' | 'special_cents'>,
  tiers: readonly VolumeTier[],
  quantity: number,
): number {
  return volumeUnitCents(clientUnitPrices(row), tiers, quantity);
}

/** `final_price` on the wire: the client's unit price when it differs from `price`, else null. */
export function finalPrice(priceCents: number, unitCents: number): number | null {
  return unitCents === priceCents ? null : centsToEuros(unitCents);
}

/** A product as lists, cards and search show it, with the client's price. */
export function productSummary(
  row: PricedProductRow,
  publicUrl: string,
  unitCents = baseUnitCents(row),
): ProductSummary {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    format: row.format,
    price: centsToEuros(row.price_cents),
    final_price: finalPrice(row.price_cents, unitCents),
    vat_rate: row.vat_rate as VatRate,
    stock: stockState(row.stock_units),
    image: productImage(publicUrl, row.id, row.image_count, 1, row.picture_version),
  };
}

/** The SQL columns of a `PricedProductRow` for the products `p` joined with a group's special prices. */
export const PRICED_COLUMNS = sql`p.id, p.reference, p.name, p.format, p.price_cents, p.vat_rate, p.stock_units,
  p.image_count, p.image_hue, ${pictureVersionSql(sql`p.id`, 1)} as picture_version, sp.price_cents as special_cents`;

/** `products p left join special_prices sp` for a discount group (none when null). */
export function pricedProducts(discountGroupId: number | null) {
  // The catalogue module's `products`, joined with this module's special prices: every priced list.
  return sql`products p left join special_prices sp
    on sp.product_id = p.id and sp.discount_group_id = ${discountGroupId ?? 0}`;
}

/**
 * `products p left join special_prices sp` for a client, its discount group read in the same
 * statement (`clientId`: SQL, e.g. a placeholder): for a page that reads its prices in one statement.
 */
export function pricedProductsOfClient(clientId: SQL) {
  // The accounts module's `clients` for the client's group, as `clientConditions` reads it.
  return sql`products p left join special_prices sp on sp.product_id = p.id
    and sp.discount_group_id = coalesce((select c.discount_group_id from clients c where c.id = ${clientId}), 0)`;
}

/** One row of a product's volume table, as the product page shows it. */
export interface VolumeTierRow {
  min_quantity: number;
  max_quantity: number | null;
  discount_percent: number;
  unit_price: number;
}

/**
 * The volume table's one statement: an active product's prices for the client (its discount group
 * read in a subquery) and its tiers by quantity, as JSON; no row for an unknown or withdrawn product.
 */
const volumeTable = preparedStatement<
  Pick<PricedProductRow, 'price_cents' | 'special_cents'> & {
    tiers: { minQuantity: number; discountPercent: number }[];
  }
>(
  'botica_volume_table',
  sql`select p.price_cents, sp.price_cents as special_cents,
        coalesce((
          select json_agg(json_build_object('minQuantity', v.min_quantity, 'discountPercent', v.discount_percent)
                          order by v.min_quantity)
          from volume_rules v where v.product_id = p.id
        ), '[]'::json) as tiers
      from ${pricedProductsOfClient(sql`${sql.placeholder('clientId')}::int`)}
      where p.id = ${sql.placeholder('productId')}::int and p.is_active`,
);

/**
 * The volume tiers of an active product, each with the client's unit price from its quantity on
 * (`GET /api/v1/products/{id}/table-cartrules`), in one statement (`volumeTable`).
 * @throws HttpError 404 when the product does not exist or is withdrawn.
 */
export async function volumeTierTable(
  context: CoreContext,
  { clientId, productId }: { clientId: number; productId: number },
): Promise<VolumeTierRow[]> {
  const [row] = await volumeTable(context.db, { clientId, productId });
  if (!row) throw new HttpError(404, 'El producto no existe.');
  // numeric travels in JSON as a number literal (`10.00`), which parses to the number drizzle reads.
  const tiers = row.tiers;
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    const unit = unitCentsFor(row, tiers, tier.minQuantity);
    return {
      min_quantity: tier.minQuantity,
      max_quantity: next ? next.minQuantity - 1 : null,
      discount_percent: tier.discountPercent,
      unit_price: centsToEuros(unit),
    };
  });
}
