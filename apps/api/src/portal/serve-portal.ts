/**
 * Serves the built portal (apps/portal/dist) on the API's origin, as `npm start` does: hashed assets
 * with a year of immutable caching, every other path the SPA's index.html (no caching), compressed
 * with Brotli or gzip and kept in memory. The portal's build writes `.br` and `.gz` files beside its
 * assets: those are sent as they are, and only files without them are compressed here, once.
 * API paths never fall through to the SPA.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map', '.txt', '.webmanifest']);

/** The Content-Security-Policy of the portal's pages. */
export const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // react-aria positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

interface Asset {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Whether a folder holds a built portal. */
export function isPortalBuild(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

export function registerPortal(app: FastifyInstance, dist: string): void {
  const cache = new Map<string, Asset | null>();
  const root = normalize(dist + sep);

  const load = (path: string): Asset | null => {
    if (cache.has(path)) return cache.get(path) ?? null;
    let asset: Asset | null = null;
    const file = normalize(join(root, path));
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      const extension = extname(file);
      const raw = readFileSync(file);
      asset = { type: TYPES[extension] ?? 'application/octet-stream', raw };
      if (COMPRESSIBLE.has(extension) && raw.length > 1024) {
        // Compressing a large bundle at level 11 takes a second of the event loop: the build does it.
        asset.br = existsSync(`${file}.br`)
          ? readFileSync(`${file}.br`)
          : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        asset.gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(raw, { level: 9 });
      }
    }
    cache.set(path, asset);
    return asset;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, asset: Asset, cacheControl: string) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply
      .header('content-type', asset.type)
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding');
    if (asset.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(asset.br);
    if (asset.gzip && /\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (/^\/(api|sanctum)(\/|$)/.test(path))
        return sendError(reply, 404, 'La ruta solicitada no existe en la API.');
      const asset = path === '/' ? null : load(path);
      if (asset) {
        const immutable = path.startsWith('/assets/');
        return send(
          request,
          reply,
          asset,
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      }
      const index = load('/index.html');
      if (index === null) return sendError(reply, 404, 'La ruta solicitada no existe.');
      reply.header('content-security-policy', PORTAL_CSP);
      return send(request, reply, index, 'no-cache');
    },
  });
}
