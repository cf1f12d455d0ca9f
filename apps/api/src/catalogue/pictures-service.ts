/**
 * The products' uploaded pictures: adding, reordering and deleting them, and reading image n of a
 * product in one size, the stored picture or else the drawn SVG. Every change runs in one transaction
 * that also rewrites the product's `image_count`: that update moves the pricing epoch on (its trigger
 * on `products`), so the search answers that every instance caches under the epoch, whose image
 * addresses depend on the count, are dropped everywhere.
 */
import { createHash } from 'node:crypto';
import type { AdminPicture, AdminProductPictures } from '@botica/api-client/admin';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { lockPricingEpoch } from '../db/pricing-epoch-lock.ts';
import { HttpError } from '../http/errors.ts';
import { type ImageSize, PICTURE_VERSION_CHARS, productImage } from '../pricing/pricing-service.ts';
import { processPicture } from './pictures.ts';
import { defaultImageSvg, type ImageProduct, productImageSvg } from './product-image.ts';
import { productPictures, products } from './tables.ts';

/** The most pictures a product may have (the image number in an address has three digits at most). */
export const MAX_PICTURES_PER_PRODUCT = 20;

/** Positions are moved out of the way by this much first, so that no step repeats a primary key. */
const PARKED = 1000;

/** Who made a change to a product's pictures, for the audit log (null: a script or the command line). */
export interface PictureChangeOptions {
  actor?: AuditActor;
}

/** A product's image as the route sends it: a stored picture or a drawing. */
export type ProductImageAnswer =
  | {
      kind: 'picture';
      /** The ETag's value (without quotes). */
      digest: string;
      /** The picture's version, as its addresses carry it (`?v=`). */
      version: string;
      contentType: string;
      /** Null when the client already has this version (its If-None-Match matched). */
      bytes: Buffer | null;
    }
  | { kind: 'svg'; svg: string };

async function lockProduct(context: CoreContext, productId: number): Promise<void> {
  const [row] = await selectRows<{ id: number }>(
    context.db,
    sql`select id from products where id = ${productId} for update`,
  );
  if (!row) throw new HttpError(404, 'El producto no existe.');
}

async function positionsOf(context: CoreContext, productId: number): Promise<number[]> {
  const rows = await context.db
    .selectDistinct({ position: productPictures.position })
    .from(productPictures)
    .where(eq(productPictures.productId, productId))
    .orderBy(asc(productPictures.position));
  return rows.map((row) => row.position);
}

/** Writes the product's image count; the update's trigger moves the pricing epoch on. */
async function setImageCount(context: CoreContext, productId: number, count: number): Promise<void> {
  await context.db.update(products).set({ imageCount: count }).where(eq(products.id, productId));
}

/** A stored digest as picture addresses carry it. */
function versionOf(digest: string): string {
  return digest.slice(0, PICTURE_VERSION_CHARS);
}

/**
 * The versions of a product's uploaded pictures by position (none for a product without): what its
 * image addresses carry as `?v=`, so that a changed picture gets another address.
 */
export async function pictureVersions(
  context: Pick<CoreContext, 'db'>,
  productId: number,
): Promise<Map<number, string>> {
  const rows = await context.db
    .select({ position: productPictures.position, digest: productPictures.digest })
    .from(productPictures)
    .where(and(eq(productPictures.productId, productId), eq(productPictures.size, 'full')))
    .orderBy(asc(productPictures.position));
  return new Map(rows.map((row) => [row.position, versionOf(row.digest)]));
}

/** The pictures' versions in order, as the audit log records them before and after a change. */
async function auditedPictures(context: CoreContext, productId: number): Promise<{ pictures: string[] }> {
  return { pictures: [...(await pictureVersions(context, productId)).values()] };
}

/**
 * A product's uploaded pictures in order, as the back office shows them: each with its versioned
 * addresses in the three sizes and its sizes in bytes; the product also when withdrawn.
 * @throws HttpError 404 for an unknown product.
 */
export async function listProductPictures(
  context: CoreContext,
  productId: number,
): Promise<AdminProductPictures> {
  const [product] = await context.db
    .select({
      id: products.id,
      reference: products.reference,
      name: products.name,
      format: products.format,
      isActive: products.isActive,
      imageCount: products.imageCount,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, 'El producto no existe.');
  const rows = await context.db
    .select({
      position: productPictures.position,
      size: productPictures.size,
      digest: productPictures.digest,
      bytes: sql<number>`octet_length(${productPictures.bytes})`,
      createdAt: productPictures.createdAt,
    })
    .from(productPictures)
    .where(eq(productPictures.productId, productId))
    .orderBy(asc(productPictures.position), asc(productPictures.size));
  const publicUrl = context.settings.publicUrl;
  const byPosition = new Map<number, AdminPicture>();
  for (const row of rows) {
    const picture = byPosition.get(row.position) ?? {
      position: row.position,
      version: '',
      image: productImage(publicUrl, productId, product.imageCount, row.position),
      bytes: { thumbnail: 0, miniproduct: 0, full: 0 },
      created_at: row.createdAt.toISOString(),
    };
    picture.bytes[row.size as ImageSize] = Number(row.bytes);
    if (row.size === 'full') {
      picture.version = versionOf(row.digest);
      picture.image = productImage(publicUrl, productId, product.imageCount, row.position, picture.version);
    }
    byPosition.set(row.position, picture);
  }
  const pictures = [...byPosition.values()];
  return {
    product: {
      id: product.id,
      reference: product.reference,
      name: product.name,
      format: product.format,
      is_active: product.isActive,
      image: productImage(publicUrl, productId, product.imageCount, 1, pictures[0]?.version),
    },
    pictures,
    max_bytes: context.settings.pictureMaxBytes,
    max_pictures: MAX_PICTURES_PER_PRODUCT,
  };
}

/**
 * Adds a picture after a product's last one: the file goes through the pipeline (type, size, pixel
 * limit, metadata stripped, three WebP sizes) before the transaction starts.
 * @returns the new picture's position (its image number) and the product's number of pictures.
 * @throws HttpError 413 or 422 for a refused file, 404 for an unknown product, 409 past the limit.
 */
export async function addProductPicture(
  context: CoreContext,
  productId: number,
  file: Uint8Array,
  options: PictureChangeOptions & { name?: string } = {},
): Promise<{ position: number; count: number }> {
  const picture = await processPicture(file, { maxBytes: context.settings.pictureMaxBytes });
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    await lockProduct(tx, productId);
    const before = await auditedPictures(tx, productId);
    const positions = await positionsOf(tx, productId);
    if (positions.length >= MAX_PICTURES_PER_PRODUCT) {
      throw new HttpError(409, `Un producto tiene como máximo ${MAX_PICTURES_PER_PRODUCT} imágenes.`);
    }
    const position = positions.length + 1;
    await tx.db.insert(productPictures).values(
      picture.variants.map((variant) => ({
        productId,
        position,
        size: variant.size,
        bytes: variant.bytes,
        contentType: variant.contentType,
        width: variant.width,
        height: variant.height,
        digest: createHash('sha256').update(variant.bytes).digest('base64url'),
      })),
    );
    await setImageCount(tx, productId, position);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: 'product.picture_added',
      objectType: 'product',
      objectId: productId,
      before,
      after: {
        ...(await auditedPictures(tx, productId)),
        file: { name: options.name ?? null, type: picture.type, bytes: file.length },
      },
    });
    return { position, count: position };
  });
}

/**
 * Puts a product's pictures in a new order: `order` lists every current position once, the one to
 * show first first (`[2, 1]` swaps two pictures).
 * @throws HttpError 422 when `order` is not a permutation of the positions, 404 for an unknown product.
 */
export async function reorderProductPictures(
  context: CoreContext,
  productId: number,
  order: readonly number[],
  options: PictureChangeOptions = {},
): Promise<void> {
  await inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    await lockProduct(tx, productId);
    const before = await auditedPictures(tx, productId);
    const positions = await positionsOf(tx, productId);
    const sorted = [...order].sort((a, b) => a - b);
    if (
      sorted.length !== positions.length ||
      sorted.some((position, index) => position !== positions[index])
    ) {
      const message = 'El nuevo orden debe nombrar cada imagen del producto una vez.';
      throw new HttpError(422, message, { order: [message] });
    }
    await tx.db
      .update(productPictures)
      .set({ position: sql`${productPictures.position} + ${PARKED}` })
      .where(eq(productPictures.productId, productId));
    for (const [index, old] of order.entries()) {
      await tx.db
        .update(productPictures)
        .set({ position: index + 1 })
        .where(and(eq(productPictures.productId, productId), eq(productPictures.position, old + PARKED)));
    }
    await setImageCount(tx, productId, positions.length);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: 'product.pictures_reordered',
      objectType: 'product',
      objectId: productId,
      before,
      after: await auditedPictures(tx, productId),
    });
  });
}

/**
 * Deletes picture `position` of a product; the ones after it move up one place. A product whose last
 * picture is deleted shows the default image.
 * With `options.version`, only the picture of that version: another one in its place is a 409.
 * @returns the product's number of pictures left.
 * @throws HttpError 404 for an unknown product or picture, 409 for another version.
 */
export async function deleteProductPicture(
  context: CoreContext,
  productId: number,
  position: number,
  options: PictureChangeOptions & { version?: string } = {},
): Promise<{ count: number }> {
  return inTransaction(context, async (tx) => {
    await lockPricingEpoch(tx.db);
    await lockProduct(tx, productId);
    const versions = await pictureVersions(tx, productId);
    const current = versions.get(position);
    if (current !== undefined && options.version !== undefined && options.version !== current) {
      throw new HttpError(409, 'Esa imagen ha cambiado desde que se abrió la página: vuelve a cargarla.');
    }
    const before = { pictures: [...versions.values()] };
    const deleted = await tx.db
      .delete(productPictures)
      .where(and(eq(productPictures.productId, productId), eq(productPictures.position, position)))
      .returning({ size: productPictures.size });
    if (deleted.length === 0) throw new HttpError(404, 'La imagen no existe.');
    const after = and(eq(productPictures.productId, productId), gt(productPictures.position, position));
    await tx.db
      .update(productPictures)
      .set({ position: sql`${productPictures.position} + ${PARKED}` })
      .where(after);
    await tx.db
      .update(productPictures)
      .set({ position: sql`${productPictures.position} - ${PARKED + 1}` })
      .where(and(eq(productPictures.productId, productId), gt(productPictures.position, PARKED)));
    const count = (await positionsOf(tx, productId)).length;
    await setImageCount(tx, productId, count);
    await recordAudit(tx, {
      actor: options.actor ?? null,
      action: 'product.picture_deleted',
      objectType: 'product',
      objectId: productId,
      before,
      after: { ...(await auditedPictures(tx, productId)), deleted: position },
    });
    return { count };
  });
}

/**
 * Image `n` of an active product in one size, in one statement: its stored picture when it has one,
 * else the drawn SVG; the default image for an unknown product, a withdrawn one, or an image number
 * it does not have. `ifNoneMatch` is the digest the client holds: when it matches, the bytes are not
 * read.
 */
export async function productImageOf(
  context: CoreContext,
  {
    productId,
    n,
    size,
    ifNoneMatch,
  }: { productId: number; n: number; size: ImageSize; ifNoneMatch?: string },
): Promise<ProductImageAnswer> {
  const [row] = await selectRows<
    ImageProduct & {
      count: number;
      digest: string | null;
      content_type: string | null;
      bytes: Uint8Array | null;
      full_digest: string | null;
    }
  >(
    context.db,
    sql`select p.name, p.format, p.reference, p.image_hue as hue, p.image_count as count,
               pp.digest, pp.content_type, pf.digest as full_digest,
               case when pp.digest = ${ifNoneMatch ?? ''} then null else pp.bytes end as bytes
        from products p
        left join product_pictures pp on pp.product_id = p.id and pp.position = ${n} and pp.size = ${size}
        left join product_pictures pf on pf.product_id = p.id and pf.position = ${n} and pf.size = 'full'
        where p.id = ${productId} and p.is_active`,
  );
  if (row?.digest && row.content_type) {
    return {
      kind: 'picture',
      digest: row.digest,
      version: versionOf(row.full_digest ?? row.digest),
      contentType: row.content_type,
      bytes: row.bytes === null ? null : Buffer.from(row.bytes),
    };
  }
  if (!row || n > row.count) return { kind: 'svg', svg: defaultImageSvg(size) };
  return { kind: 'svg', svg: productImageSvg(row, n, size) };
}
