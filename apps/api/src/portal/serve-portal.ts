/**
 * Serves the built portal (apps/portal/dist) on the API's origin, as `npm start` does: hashed assets
 * with a year of immutable caching, every other path the SPA's index.html (no caching), compressed
 * with Brotli or gzip and kept in memory. The portal's build writes `.br` and `.gz` files beside its
 * assets: those are sent as they are, and only files without them are compressed here, once, off
 * the event loop.
 * API paths never fall through to the SPA. A client route's page names the lazy chunks, styles and
 * API GETs its first render needs (the build lists them per route in `.vite/route-preloads.json`),
 * so the browser fetches them together with the entry instead of discovering them after running it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/database.ts';
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
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map', '.txt', '.webmanifest']);

/**
 * The Content-Security-Policy of the portal's pages. A help chat widget's origin (`CHAT_WIDGET_URL`)
 * may run its script and load what a chat needs from its own origin (styles, images, fonts, frames,
 * its connections, `wss:` included); nothing else is let in. Every page carries it: a pharmacist
 * reaches /login/register from /login without a new page.
 */
export function portalCsp(chatWidgetUrl: string | null = null): string {
  const widget = chatWidgetUrl === null ? '' : ` ${new URL(chatWidgetUrl).origin}`;
  const widgetSocket = chatWidgetUrl === null ? '' : ` wss://${new URL(chatWidgetUrl).host}`;
  return [
    "default-src 'self'",
    `script-src 'self'${widget}`,
    // react-aria positions popovers with inline style attributes.
    `style-src 'self' 'unsafe-inline'${widget}`,
    `img-src 'self' data:${widget}`,
    `connect-src 'self'${widget}${widgetSocket}`,
    `font-src 'self'${widget}`,
    ...(chatWidgetUrl === null ? [] : [`frame-src${widget}`]),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The Content-Security-Policy of the portal's pages without a chat widget. */
export const PORTAL_CSP = portalCsp();

interface Asset {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What the portal's build lists for one client route (apps/portal/scripts/vite-plugins.ts). */
export interface RoutePreload {
  /** In react-router's syntax: `/catalog`, `/products/:id?`. */
  path: string;
  /** API GETs, `:param`s filled from the page's path. */
  fetches: string[];
  scripts: string[];
  styles: string[];
}

const API_PATH = /^\/(api|sanctum)(\/|$)/;

const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

/** What the portal's build lists: each client route's preloads, and every page path (none: unknown). */
interface BuildRoutes {
  routes: RoutePreload[];
  pages: string[] | null;
}

function readBuildRoutes(dist: string): BuildRoutes {
  const file = join(dist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { routes: [], pages: null };
  const isUrlList = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((url) => typeof url === 'string' && url.startsWith('/'));
  const { routes, pages } = JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown; pages?: unknown };
  return {
    routes: Array.isArray(routes)
      ? routes.filter(
          (route): route is RoutePreload =>
            typeof route?.path === 'string' &&
            isUrlList(route.fetches) &&
            isUrlList(route.scripts) &&
            isUrlList(route.styles),
        )
      : [],
    pages: isUrlList(pages) ? pages : null,
  };
}

/**
 * The parameters of a page's path in a route pattern of react-router's syntax, or undefined when it
 * does not match: `/products/:id?` matches `/products` and `/products/12` (`{ id: '12' }`).
 * Parameters are the API's numeric ids, nothing else.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const segments = path.split('/').filter(Boolean);
  const parts = pattern.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  const matches =
    segments.length <= parts.length &&
    parts.every((part, index) => {
      const segment = segments[index];
      if (!part.startsWith(':')) return segment === part;
      if (segment === undefined) return part.endsWith('?');
      if (!/^\d{1,15}$/.test(segment)) return false;
      params[part.slice(1).replace(/\?$/, '')] = segment;
      return true;
    });
  return matches ? params : undefined;
}

/** The route of a page's path and its parameters (see `matchPath`). */
export function routePreloadFor(
  routes: readonly RoutePreload[],
  path: string,
): { route: RoutePreload; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * index.html with a route's data, styles and chunks named in its head (data whose parameter is
 * missing is left out), and the page's largest image when it is known. `withData: false` leaves the
 * API GETs out: for a visitor without a client's session they would only answer 401, and the browser
 * would hand those 401s to the portal's first matching calls even after the visitor logs in.
 */
export function withRoutePreload(
  html: string,
  route: RoutePreload,
  params: Record<string, string> = {},
  heroImage: string | null = null,
  { withData = true }: { withData?: boolean } = {},
): string {
  const fetches = (withData ? route.fetches : []).flatMap((template) => {
    let isComplete = true;
    const url = template.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) isComplete = false;
      return value ?? '';
    });
    return isComplete ? [url] : [];
  });
  const links = [
    ...(heroImage
      ? [`<link rel="preload" as="image" fetchpriority="high" href="${attribute(heroImage)}">`]
      : []),
    // The API client's calls are credentialed fetches: the same mode, or the browser fetches twice.
    ...fetches.map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`,
    ),
    ...route.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * What a page says about the session it was served to: a client's, another user's (the portal logs
 * it out), or none. The portal then knows without asking `GET /api/v1/user`, whose 401 every
 * anonymous first visit otherwise logged in the browser's console.
 */
export type SessionHint = 'client' | 'other' | 'none';

/** The session hint of a request (its session is loaded by auth/sessions.ts). */
export function sessionHintOf(request: FastifyRequest): SessionHint {
  const role = request.session?.user?.role;
  return role === undefined ? 'none' : role === 'client' ? 'client' : 'other';
}

/** index.html with `<meta name="botica-session" content="…">` in its head. */
export function withSessionHint(html: string, session: SessionHint): string {
  if (!html.includes('</head>')) return html;
  return html.replace('</head>', `  <meta name="botica-session" content="${session}">\n  </head>`);
}

/** The help chat of /login/register: its script and the cookie consent it needs (settings.ts). */
export interface ChatWidget {
  url: string;
  consent: 'none' | 'analytics' | 'marketing';
}

/**
 * index.html with `<meta name="botica-chat-widget" content="…" data-consent="…">` in its head, which
 * the portal reads to load the chat on /login/register (apps/portal features/access/chat-widget.ts).
 */
export function withChatWidget(html: string, widget: ChatWidget | null): string {
  if (widget === null || !html.includes('</head>')) return html;
  return html.replace(
    '</head>',
    `  <meta name="botica-chat-widget" content="${attribute(widget.url)}" data-consent="${widget.consent}">\n  </head>`,
  );
}

/**
 * index.html with `<meta name="botica-laboratory" content="{json}">` in its head: the laboratory's
 * identity (settings `LAB_*`), which the portal's footer and legal pages read without a request
 * (apps/portal src/laboratory.ts; `GET /api/v1/laboratory` serves the same to a portal elsewhere).
 */
export function withLaboratory(html: string, identity: object | null): string {
  if (identity === null || !html.includes('</head>')) return html;
  return html.replace(
    '</head>',
    `  <meta name="botica-laboratory" content="${attribute(JSON.stringify(identity))}">\n  </head>`,
  );
}

/**
 * Compresses a file the build left uncompressed (a source map, a page with its preloads): in zlib's
 * thread pool and at a fast level, so the event loop never waits on it. Brotli's level 11 on a
 * source map of a couple of megabytes held the event loop for seconds, and every pharmacy's
 * request with it, whenever a browser's developer tools (or Lighthouse) asked for one.
 */
function compressNow(raw: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipAsync(raw, { level: 6 });
}

/** Whether a folder holds a built portal. */
export function isPortalBuild(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

/**
 * The page every client route answers with 503 while the database cannot be reached or the
 * maintenance switch is on: self-contained (the portal's scripts could do nothing without the API),
 * in Spanish, with the spec's text for the 503 error page, and a link that tries the page again.
 */
export const MAINTENANCE_PAGE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#1f5e46">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <title>Servicio en mantenimiento · Botica</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
        box-sizing: border-box; background: #f5f7f6; color: #1d2421;
        font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { max-width: 32rem; background: #fff; border-top: 0.375rem solid #1f5e46;
        border-radius: 0.5rem; padding: 2rem 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
      p.code { margin: 0; font-size: 3rem; font-weight: 700; color: #1f5e46; line-height: 1; }
      h1 { font-size: 1.5rem; margin: 0.75rem 0 0.5rem; }
      a { display: inline-block; margin-top: 1rem; padding: 0.75rem 1.25rem; border-radius: 0.375rem;
        background: #1f5e46; color: #fff; font-weight: 600; text-decoration: none; }
      a:focus-visible { outline: 3px solid #1d2421; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <p class="code">503</p>
      <h1>Servicio en mantenimiento</h1>
      <p>La página esta en mantenimiento.</p>
      <p>Nuestros técnicos están actualizando la aplicación. Volveremos a estar disponibles en breve.</p>
      <a href="">Volver a intentarlo</a>
    </main>
  </body>
</html>
`;

/**
 * Whether pages may be served now: `ok`, `maintenance` (the maintenance switch is on) or
 * `unavailable` (the database does not answer).
 */
export type PortalAvailability = 'ok' | 'maintenance' | 'unavailable';

/** How long a browser, a proxy or a monitor should wait before trying a 503 page again, in seconds. */
const RETRY_AFTER: Readonly<Record<Exclude<PortalAvailability, 'ok'>, string>> = {
  maintenance: '120',
  unavailable: '5',
};

/** Whether a path names a file (an asset, the favicon) rather than a page of the SPA. */
const isFilePath = (path: string) => path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);

export interface PortalOptions {
  /**
   * Whether pages may be served: asked before a client route's page is sent, so that while the
   * database is down (or the maintenance switch is on) a visitor gets the maintenance page with 503
   * and `Retry-After`, not a 200 shell whose every call then fails. A throw counts as `unavailable`.
   * Absent: always `ok`.
   */
  availability?: () => Promise<PortalAvailability>;
  /**
   * The largest image of a page when only the data knows it (the product page's photo): the page
   * preloads it with high priority. Null when the page has none or it is unknown.
   */
  heroImage?: (path: string) => Promise<string | null>;
  /** The help chat of /login/register, named in every page (with its origin in the CSP); none by default. */
  chatWidget?: ChatWidget | null;
  /** The laboratory's identity, named in every page (the footer, the legal pages); none by default. */
  laboratory?: object | null;
}

export function registerPortal(app: FastifyInstance, dist: string, options: PortalOptions = {}): void {
  const cache = new Map<string, Promise<Asset | null>>();
  const root = normalize(dist + sep);
  const { routes, pages: pagePaths } = readBuildRoutes(dist);
  const chatWidget = options.chatWidget ?? null;
  const csp = portalCsp(chatWidget?.url ?? null);
  /** Whether the portal has a page at a path (every path, for a build that does not list them). */
  const isPage = (path: string) =>
    pagePaths === null || pagePaths.some((pattern) => matchPath(pattern, path) !== undefined);
  // One page per route and parameters; product pages are many, so only the latest few are kept.
  const pages = new Map<string, Asset>();

  const compressed = async (type: string, raw: Buffer, file?: string): Promise<Asset> => {
    const asset: Asset = { type, raw };
    if (raw.length > 1024) {
      [asset.br, asset.gzip] = await Promise.all([
        file && existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : compressNow(raw, 'br'),
        file && existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : compressNow(raw, 'gzip'),
      ]);
    }
    return asset;
  };

  const read = async (path: string): Promise<Asset | null> => {
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return null;
    const extension = extname(file);
    const type = TYPES[extension] ?? 'application/octet-stream';
    const raw = readFileSync(file);
    return COMPRESSIBLE.has(extension) ? compressed(type, raw, file) : { type, raw };
  };

  /**
   * A file of the build, read (and compressed) once; concurrent requests share the work. Only files
   * are kept: a path that is none, or a failed read, is forgotten (anyone can ask for any path).
   */
  const load = (path: string): Promise<Asset | null> => {
    let asset = cache.get(path);
    if (asset === undefined) {
      asset = read(path);
      cache.set(path, asset);
      asset.then(
        (found) => found ?? cache.delete(path),
        () => cache.delete(path),
      );
    }
    return asset;
  };

  /**
   * The SPA's page for a path: index.html with the session hint, and with the route's preloads when
   * the build lists them (its API data only for a client's session).
   */
  const pageFor = async (
    path: string,
    session: SessionHint,
    isKnown: boolean,
    log: FastifyRequest['log'],
  ): Promise<Asset | null> => {
    const index = await load('/index.html');
    if (index === null) return null;
    const match = isKnown ? routePreloadFor(routes, path) : undefined;
    let heroImage: string | null = null;
    try {
      // Only a client sees the page: anyone else is sent to /login, where the photo is of no use.
      if (match && session === 'client') heroImage = (await options.heroImage?.(path)) ?? null;
    } catch (error) {
      // A preload is a hint: the page works without it.
      log.warn({ err: error, path }, 'no hero image for the page');
    }
    const key = `${match?.route.path ?? '-'} ${JSON.stringify(match?.params ?? {})} ${heroImage} ${session}`;
    let page = pages.get(key);
    if (page === undefined) {
      let html = withLaboratory(
        withChatWidget(withSessionHint(index.raw.toString('utf8'), session), chatWidget),
        options.laboratory ?? null,
      );
      if (match) {
        html = withRoutePreload(html, match.route, match.params, heroImage, {
          withData: session === 'client',
        });
      }
      page = await compressed(index.type, Buffer.from(html));
      if (pages.size >= 200) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    }
    return page;
  };

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    asset: Asset,
    cacheControl: string,
    vary = 'accept-encoding',
  ) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.header('content-type', asset.type).header('cache-control', cacheControl).header('vary', vary);
    if (asset.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(asset.br);
    if (asset.gzip && /\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  };

  const sendMaintenance = (reply: FastifyReply, why: Exclude<PortalAvailability, 'ok'>) =>
    reply
      .code(503)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('retry-after', RETRY_AFTER[why])
      .header('content-security-policy', PORTAL_CSP)
      .send(MAINTENANCE_PAGE);

  const availability = async (log: FastifyRequest['log']): Promise<PortalAvailability> => {
    try {
      return (await options.availability?.()) ?? 'ok';
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'page: the database does not answer',
      );
      return 'unavailable';
    }
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // A page's request whose session could not be read (auth/sessions.ts, before the handler) because
    // the database is down: the maintenance page, not the API's JSON 503.
    errorHandler: (error: FastifyError, request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (
        !API_PATH.test(path) &&
        !isFilePath(path) &&
        (isDatabaseUnavailable(error) || isStatementTimeout(error))
      ) {
        request.log.warn({ reason: error.message }, 'page: the database does not answer');
        return sendMaintenance(reply, 'unavailable');
      }
      return app.errorHandler(error, request, reply);
    },
    handler: async (request, reply) => {
      const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (API_PATH.test(path)) return sendError(reply, 404, 'La ruta solicitada no existe en la API.');
      const asset = path === '/' ? null : await load(path);
      if (asset) {
        const immutable = path.startsWith('/assets/');
        return send(
          request,
          reply,
          asset,
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      }
      // A file that is not there (an old build's chunk, a mistyped asset) is a 404, never the page.
      if (isFilePath(path)) {
        return sendError(reply, 404, 'El fichero solicitado no existe.');
      }
      const state = await availability(request.log);
      if (state !== 'ok') return sendMaintenance(reply, state);
      const isKnown = isPage(path);
      const index = await pageFor(path, sessionHintOf(request), isKnown, request.log);
      if (index === null) return sendError(reply, 404, 'La ruta solicitada no existe.');
      // An unknown page: the SPA shows its 404 page, with the status to match.
      if (!isKnown) reply.code(404);
      reply.header('content-security-policy', csp);
      // The page's preloads depend on the session: no shared cache may hand one visitor's to another.
      return send(request, reply, index, 'no-cache', 'accept-encoding, cookie');
    },
  });
}
