/**
 * The catalogue's transport: category trees, tags, the product search of the catalogue page, the
 * product page, its volume tiers and the price filter's bounds; and the product images, in the sizes
 * the spec names. The images are public (an `<img>` may come from a page on another origin, where the
 * session cookie does not travel) and cacheable; an unknown product, an image number it does not
 * have, or a product without images gets the default image.
 */
import {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  PriceRangeSchema,
  ProductResponseSchema,
  ProductSearchRequestSchema,
  ProductSearchResponseSchema,
  TagsResponseSchema,
  VolumeRulesResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireClient } from '../http/guards.ts';
import { sendSvg } from '../http/send-svg.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { IMAGE_SIZES, type ImageSize, volumeTierTable } from '../pricing/pricing-service.ts';
import {
  categoryById,
  categoryForest,
  listTags,
  priceRange,
  productDetail,
  productImageSvgOf,
  searchCatalogue,
} from './catalogue-service.ts';
import { defaultImageSvg } from './product-image.ts';

function imageSize(value: unknown): ImageSize {
  if (!IMAGE_SIZES.includes(value as ImageSize)) {
    throw new HttpError(404, 'El tamaño de imagen no existe: thumbnail, miniproduct o full.');
  }
  return value as ImageSize;
}

export function registerCatalogueRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/categories', async (request) => {
    requireClient(request);
    return output(CategoriesResponseSchema, { data: await categoryForest(context) });
  });

  app.get('/api/v1/categories/:id', async (request) => {
    requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    return output(CategoryResponseSchema, { data: await categoryById(context, id) });
  });

  app.get('/api/v1/tags', async (request) => {
    requireClient(request);
    return output(TagsResponseSchema, { data: await listTags(context) });
  });

  const searchProducts = async (request: FastifyRequest) => {
    const user = requireClient(request);
    const filters = parse(ProductSearchRequestSchema, request.body ?? {});
    return output(
      ProductSearchResponseSchema,
      await searchCatalogue(context, { clientId: user.clientId, filters }),
    );
  };
  app.post('/api/v1/products/search', (request) => context.heavy.run(request, () => searchProducts(request)));

  app.get('/api/v1/products/maxMinPrices', async (request) => {
    requireClient(request);
    return output(PriceRangeSchema, await priceRange(context));
  });

  app.get('/api/v1/products/:id', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    return output(ProductResponseSchema, {
      data: await productDetail(context, { clientId: user.clientId, productId: id }),
    });
  });

  app.get('/api/v1/products/:id/table-cartrules', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id: string }).id);
    return output(VolumeRulesResponseSchema, {
      data: await volumeTierTable(context, { clientId: user.clientId, productId: id }),
    });
  });

  app.get('/api/v1/products/images/default/:size', async (request, reply) => {
    const size = imageSize((request.params as { size: string }).size);
    return sendSvg(request, reply, defaultImageSvg(size));
  });

  app.get('/api/v1/products/:id/images/:n/:size', async (request, reply) => {
    const params = request.params as { id: string; n: string; size: string };
    const size = imageSize(params.size);
    const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
    const n = /^[1-9]\d{0,2}$/.test(params.n) ? Number(params.n) : null;
    const svg =
      id === null || n === null
        ? defaultImageSvg(size)
        : await productImageSvgOf(context, { productId: id, n, size });
    return sendSvg(request, reply, svg);
  });
}
