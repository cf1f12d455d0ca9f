/**
 * The catalogue's transport: category trees, tags, the product search of the catalogue page, the
 * product page, its volume tiers and the price filter's bounds; and the product images, in the sizes
 * the spec names. The images are public (an `<img>` may come from a page on another origin, where the
 * session cookie does not travel) and cacheable; an unknown product, an image number it does not
 * have, or a product without images gets the default image. A product the laboratory uploaded
 * pictures for gets them (WebP, with an ETag; cached for good at its current version's address);
 * the others get their drawn SVG.
 */
import { catalogue } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { sendSvg } from '../http/send-svg.ts';
import { IMAGE_SIZES, type ImageSize, volumeTierTable } from '../pricing/pricing-service.ts';
import type { CatalogueIndex } from '../search/catalogue-index.ts';
import {
  categoriesAnswer,
  categoryById,
  listTags,
  priceRange,
  productDetail,
  searchCatalogue,
} from './catalogue-service.ts';
import { productImageOf } from './pictures-service.ts';
import { defaultImageSvg } from './product-image.ts';

/**
 * An uploaded picture asked for without its version (or with an old one) may be another picture
 * tomorrow at the same address, so a browser keeps it only a few minutes before asking again with
 * its ETag (a 304 without the bytes when it is unchanged).
 */
const PICTURE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * The current version's address never serves other bytes: a changed picture has another version, so
 * every address the API gives out changes with it. A year, and no revalidation.
 */
const VERSIONED_PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The first entity tag of an If-None-Match header, without `W/` and quotes. */
function etagValue(header: string | undefined): string | undefined {
  const match = header ? /^\s*(?:W\/)?"([^"]*)"/.exec(header) : null;
  return match?.[1];
}

function imageSize(value: string): ImageSize {
  if (!IMAGE_SIZES.includes(value as ImageSize)) {
    throw new HttpError(404, 'El tamaño de imagen no existe: thumbnail, miniproduct o full.');
  }
  return value as ImageSize;
}

/** The catalogue's routes; the listing, the category counts and the price bounds read `index`. */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  context: RouteContext,
  index: CatalogueIndex,
): void {
  // The catalogue's reads may take the session from the process's cache (docs/decisions/034).
  for (const endpoint of [
    catalogue.categories,
    catalogue.category,
    catalogue.tags,
    catalogue.priceRange,
    catalogue.product,
    catalogue.volumeRules,
    catalogue.searchProducts,
  ]) {
    context.sessions.readsFromCache(endpoint);
  }
  route(app, catalogue.categories, () => categoriesAnswer(index));

  route(app, catalogue.category, async ({ params }) => ({ data: await categoryById(index, params.id) }));

  route(app, catalogue.tags, async () => ({ data: await listTags(context) }));

  route(app, catalogue.searchProducts, ({ body, request }) =>
    context.heavy.run(request, () =>
      searchCatalogue(context, { clientId: requireClient(request).clientId, filters: body, index }),
    ),
  );

  route(app, catalogue.priceRange, () => priceRange(index));

  route(app, catalogue.product, async ({ params, user }) => ({
    data: await productDetail(context, { clientId: user.clientId, productId: params.id }),
  }));

  route(app, catalogue.volumeRules, async ({ params, user }) => ({
    data: await volumeTierTable(context, { clientId: user.clientId, productId: params.id }),
  }));

  route(app, catalogue.defaultImage, async ({ params, request, reply }) =>
    sendSvg(request, reply, defaultImageSvg(imageSize(params.size))),
  );

  route(app, catalogue.productImage, async ({ params, query, request, reply }) => {
    const size = imageSize(params.size);
    // Text that cannot name a product or a picture gets the default image, as an unknown one does.
    const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
    const n = /^[1-9]\d{0,2}$/.test(params.n) ? Number(params.n) : null;
    if (id === null || n === null) return sendSvg(request, reply, defaultImageSvg(size));
    const ifNoneMatch = etagValue(request.headers['if-none-match']);
    const image = await productImageOf(context, { productId: id, n, size, ifNoneMatch });
    if (image.kind === 'svg') return sendSvg(request, reply, image.svg);
    const current = query.v !== undefined && query.v === image.version;
    reply
      .header('cache-control', current ? VERSIONED_PICTURE_CACHE_CONTROL : PICTURE_CACHE_CONTROL)
      .header('etag', `"${image.digest}"`)
      .header('x-content-type-options', 'nosniff');
    if (image.bytes === null) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
}
