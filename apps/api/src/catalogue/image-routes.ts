/**
 * Product images served by the API, in the sizes the spec names. Public (an `<img>` may come from a
 * page on another origin, where the session cookie does not travel) and cacheable; an unknown
 * product, an image number it does not have, or a product without images gets the default image.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { IMAGE_SIZES, type ImageSize } from './pricing.ts';
import { defaultImageSvg, productImageSvg } from './product-image.ts';

const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

function imageSize(value: unknown): ImageSize {
  if (!IMAGE_SIZES.includes(value as ImageSize)) {
    throw new HttpError(404, 'El tamaño de imagen no existe: thumbnail, miniproduct o full.');
  }
  return value as ImageSize;
}

/** Sends a drawn SVG, cacheable, with an ETag and a CSP that lets it run nothing. */
export function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  reply
    .header('cache-control', CACHE_CONTROL)
    .header('etag', etag)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

export function registerImageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/products/images/default/:size', async (request, reply) => {
    const size = imageSize((request.params as { size: string }).size);
    return sendSvg(request, reply, defaultImageSvg(size));
  });

  app.get('/api/v1/products/:id/images/:n/:size', async (request, reply) => {
    const params = request.params as { id: string; n: string; size: string };
    const size = imageSize(params.size);
    const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
    const n = /^[1-9]\d{0,2}$/.test(params.n) ? Number(params.n) : null;
    const [product] =
      id === null || n === null
        ? []
        : await selectRows<{ name: string; format: string; reference: string; hue: number; count: number }>(
            context.db,
            sql`select name, format, reference, image_hue as hue, image_count as count
                from products where id = ${id} and is_active`,
          );
    if (!product || n === null || n > product.count) return sendSvg(request, reply, defaultImageSvg(size));
    return sendSvg(request, reply, productImageSvg(product, n, size));
  });
}
