/**
 * Serves a built single-page app (a Vite `dist/`) on the API's origin at a base path: the portal at
 * `/`, the back office at `/backoffice/`, the component library's Storybook at `/storybook/`. Hashed
 * assets (`assets/`) with a year of immutable caching, every other path the SPA's index.html (no
 * caching), compressed with Brotli or gzip and kept in memory. A build writes `.br` and `.gz` files
 * beside its assets: those are sent as they are, and only files without them are compressed here,
 * once, off the event loop.
 * API paths never fall through to an SPA. A build may list its pages and, per client route, the lazy
 * chunks, styles and API GETs its first render needs (`.vite/route-preloads.json`): a path that is no
 * page answers 404 with the SPA, and a page names its route's preloads so the browser fetches them
 * together with the entry instead of discovering them after running it.
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
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.webmanifest',
  '.wasm',
]);

interface Asset {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a build lists for one client route (the apps' builds write it with @botica/app-shell/vite's routePreloads). */
export interface RoutePreload {
  /** In react-router's syntax, inside the app's base path: `/catalog`, `/products/:id?`. */
  path: string;
  /** API GETs, `:param`s filled from the page's path. */
  fetches: string[];
  /** Absolute URLs, the build's base path included. */
  scripts: string[];
  styles: string[];
  /** Its layout starts with the app's header, which the page paints first for a session with data. */
  hasHeader?: boolean;
}

const API_PATH = /^\/(api|sanctum)(\/|$)/;

const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

/**
 * What a build lists: each client route's preloads, every page path (none: unknown), and the
 * markup of the header its pages paint first (none: no first paint).
 */
interface BuildRoutes {
  routes: RoutePreload[];
  pages: string[] | null;
  firstPaint: string | null;
}

function readBuildRoutes(dist: string): BuildRoutes {
  const file = join(dist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { routes: [], pages: null, firstPaint: null };
  const isUrlList = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((url) => typeof url === 'string' && url.startsWith('/'));
  const { routes, pages, firstPaint } = JSON.parse(readFileSync(file, 'utf8')) as {
    routes?: unknown;
    pages?: unknown;
    firstPaint?: unknown;
  };
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
    firstPaint: typeof firstPaint === 'string' && firstPaint !== '' ? firstPaint : null,
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

/** A value made safe for an HTML attribute between double quotes. */
export const attribute = (value: string) =>
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
 * index.html with the app's header painted in its root (the build's `firstPaint` markup): what the
 * page shows while its scripts arrive, until the app's first render replaces it.
 */
export function withFirstPaint(html: string, markup: string): string {
  const root = '<div id="root"></div>';
  return html.includes(root) ? html.replace(root, `<div id="root">${markup}</div>`) : html;
}

/** index.html with `<meta name="botica-session" content="…">` in its head: the session it was served to. */
export function withSessionHint(html: string, session: string): string {
  if (!html.includes('</head>')) return html;
  return html.replace('</head>', `  <meta name="botica-session" content="${attribute(session)}">\n  </head>`);
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

/** Whether a folder holds a built SPA (its index.html). */
export function isSpaBuild(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

/**
 * The page every client route of an app at `basePath` answers with 503 while the database cannot be
 * reached or the maintenance switch is on: self-contained (the app's scripts could do nothing
 * without the API), in Spanish, with the text of the 503 error page, and a link that tries the page
 * again. Only its icon is the app's own.
 */
export function maintenancePage(basePath = '/'): string {
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#1f5e46">
    <link rel="icon" href="${attribute(basePath)}favicon.svg" type="image/svg+xml">
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
}

/**
 * Whether pages may be served now: `ok`, `maintenance` (the maintenance switch is on) or
 * `unavailable` (the database does not answer).
 */
export type SpaAvailability = 'ok' | 'maintenance' | 'unavailable';

/** How long a browser, a proxy or a monitor should wait before trying a 503 page again, in seconds. */
const RETRY_AFTER: Readonly<Record<Exclude<SpaAvailability, 'ok'>, string>> = {
  maintenance: '120',
  unavailable: '5',
};

/** Whether a path (inside the app) names a file (an asset, the favicon) rather than a page of the SPA. */
const isFilePath = (path: string) => path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);

/** The base path in one form, `/` or `/name/`; anything else is a mistake in the code that serves it. */
function normaliseBasePath(basePath: string): string {
  if (!/^\/([a-z0-9-]+\/)*$/.test(basePath)) {
    throw new Error(`serveSpa: a base path is "/" or "/name/", not "${basePath}"`);
  }
  return basePath;
}

/** Who a page is served to, as its head says and its preloads follow. */
export interface PageSession {
  /** Named in the page's `<meta name="botica-session">`. */
  hint: string;
  /** Whether the route's API data (and its largest image) is worth preloading for this visitor. */
  withData: boolean;
}

/** One app to serve: its build, where, and what its pages carry. */
export interface SpaOptions {
  /** The app's build folder (served when it holds an index.html; see `isSpaBuild`). */
  dist: string;
  /**
   * Where the app lives on the origin, `/` or `/name/` (the build's own base: its index.html and
   * preloads name their files under it). `/name` without the slash redirects to `/name/`.
   */
  basePath?: string;
  /** The Content-Security-Policy of the app's pages and HTML files. */
  csp: string;
  /** The Content-Security-Policy of the maintenance page; the app's by default. */
  maintenanceCsp?: string;
  /**
   * Cache-Control of the app's files outside `assets/` (which are hashed and cached for a year):
   * an hour by default.
   */
  fileCacheControl?: string;
  /** Headers every answer of the app carries, over the server's defaults (`x-frame-options`). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Whether pages may be served: asked before a client route's page is sent, so that while the
   * database is down (or the maintenance switch is on) a visitor gets the maintenance page with 503
   * and `Retry-After`, not a 200 shell whose every call then fails. A throw counts as `unavailable`.
   * Absent: always `ok` (an app that needs no database).
   */
  availability?: () => Promise<SpaAvailability>;
  /**
   * Who a page is served to: its session hint and whether its API data is preloaded. Absent: no
   * hint, and no API data preloaded.
   */
  session?: (request: FastifyRequest) => PageSession;
  /**
   * The largest image of a page (its path inside the app) when only the data knows it (the product
   * page's photo): the page preloads it with high priority, for a session with data. Null when the
   * page has none or it is unknown.
   */
  heroImage?: (path: string) => Promise<string | null>;
  /** The app's own tags in every page's head (the chat widget, the laboratory), after the session hint. */
  decorate?: (html: string) => string;
  /**
   * Whether a page whose layout starts with the app's header paints it from its HTML for this
   * visitor (the build's `firstPaint`): for whom the layout shows it. Absent: for a session with data.
   */
  paintsHeader?: (request: FastifyRequest) => boolean;
}

/**
 * Serves the built SPA of `options.dist` at `options.basePath` on `app`: its files, its pages (404
 * for a path its build does not list), their preloads, and the maintenance page while the database
 * is down. Several apps share an origin, each at its own base path; `/` takes whatever no other
 * route does, API paths excepted.
 */
export function serveSpa(app: FastifyInstance, options: SpaOptions): void {
  const basePath = normaliseBasePath(options.basePath ?? '/');
  // `/backoffice` for `/backoffice/`; nothing for `/`.
  const prefix = basePath.slice(0, -1);
  const cache = new Map<string, Promise<Asset | null>>();
  const root = normalize(options.dist + sep);
  const { routes, pages: pagePaths, firstPaint } = readBuildRoutes(options.dist);
  const { csp, headers = {} } = options;
  const maintenanceCsp = options.maintenanceCsp ?? csp;
  const maintenance = maintenancePage(basePath);
  const fileCacheControl = options.fileCacheControl ?? 'public, max-age=3600';
  /** Whether the app has a page at a path (every path, for a build that does not list them). */
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
   * The SPA's page for a path inside the app: index.html with the session hint and the app's tags,
   * and with the route's preloads when the build lists them (its API data only for a session with data).
   */
  const pageFor = async (
    path: string,
    session: PageSession | null,
    paintsHeader: boolean,
    isKnown: boolean,
    log: FastifyRequest['log'],
  ): Promise<Asset | null> => {
    const index = await load('/index.html');
    if (index === null) return null;
    const match = isKnown ? routePreloadFor(routes, path) : undefined;
    const withData = session?.withData ?? false;
    let heroImage: string | null = null;
    try {
      // Only a visitor with data sees the page: anyone else is sent to log in, where the photo is of no use.
      if (match && withData) heroImage = (await options.heroImage?.(path)) ?? null;
    } catch (error) {
      // A preload is a hint: the page works without it.
      log.warn({ err: error, path }, 'no hero image for the page');
    }
    // The header, painted before any script, for whoever the page's layout shows it to.
    const header = match?.route.hasHeader === true && paintsHeader ? firstPaint : null;
    const key = `${match?.route.path ?? '-'} ${JSON.stringify(match?.params ?? {})} ${heroImage} ${session?.hint ?? '-'} ${withData} ${header !== null}`;
    let page = pages.get(key);
    if (page === undefined) {
      let html = index.raw.toString('utf8');
      if (session) html = withSessionHint(html, session.hint);
      if (options.decorate) html = options.decorate(html);
      if (match) html = withRoutePreload(html, match.route, match.params, heroImage, { withData });
      if (header !== null) html = withFirstPaint(html, header);
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

  const sendMaintenance = (reply: FastifyReply, why: Exclude<SpaAvailability, 'ok'>) =>
    reply
      .code(503)
      .headers(headers)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('retry-after', RETRY_AFTER[why])
      .header('content-security-policy', maintenanceCsp)
      .send(maintenance);

  const availability = async (log: FastifyRequest['log']): Promise<SpaAvailability> => {
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

  /** A request's path inside the app (`/` for the base path itself), undecoded. */
  const pathInApp = (url: string) => (url.split('?')[0] ?? '/').slice(prefix.length) || '/';

  const serveRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PATH.test(url)) return sendError(reply, 404, 'La ruta solicitada no existe en la API.');
    const path = pathInApp(url);
    reply.headers(headers);
    const asset = path === '/' ? null : await load(path);
    if (asset) {
      if (asset.type.startsWith('text/html')) reply.header('content-security-policy', csp);
      const immutable = path.startsWith('/assets/');
      return send(
        request,
        reply,
        asset,
        immutable ? 'public, max-age=31536000, immutable' : fileCacheControl,
      );
    }
    // A file that is not there (an old build's chunk, a mistyped asset) is a 404, never the page.
    if (isFilePath(path)) {
      return sendError(reply, 404, 'El fichero solicitado no existe.');
    }
    const state = await availability(request.log);
    if (state !== 'ok') return sendMaintenance(reply, state);
    const isKnown = isPage(path);
    const session = options.session?.(request) ?? null;
    const paintsHeader = options.paintsHeader?.(request) ?? session?.withData ?? false;
    const index = await pageFor(path, session, paintsHeader, isKnown, request.log);
    if (index === null) return sendError(reply, 404, 'La ruta solicitada no existe.');
    // An unknown page: the SPA shows its 404 page, with the status to match.
    if (!isKnown) reply.code(404);
    reply.header('content-security-policy', csp);
    // The page's preloads depend on the session: no shared cache may hand one visitor's to another.
    return send(request, reply, index, 'no-cache', 'accept-encoding, cookie');
  };

  /**
   * A page's request whose session could not be read (auth/sessions.ts, before the handler) because
   * the database is down: the maintenance page, not the API's JSON 503.
   */
  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      !API_PATH.test(path) &&
      !isFilePath(pathInApp(path)) &&
      (isDatabaseUnavailable(error) || isStatementTimeout(error))
    ) {
      request.log.warn({ reason: error.message }, 'page: the database does not answer');
      return sendMaintenance(reply, 'unavailable');
    }
    return app.errorHandler(error, request, reply);
  };

  app.route({ method: ['GET', 'HEAD'], url: `${basePath}*`, errorHandler, handler: serveRequest });
  if (prefix !== '') {
    // The app's files are relative to its base path: without the slash, `./assets/…` would miss it.
    app.route({
      method: ['GET', 'HEAD'],
      url: prefix,
      errorHandler,
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        // The server ignores a trailing slash when routing: `/name/` may land here too.
        if (path !== prefix) return serveRequest(request, reply);
        const query = request.url.slice(path.length);
        return reply.headers(headers).redirect(`${basePath}${query}`, 301);
      },
    });
  }
}
