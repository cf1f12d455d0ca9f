import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session-user.ts';
import {
  isPortalBuild,
  MAINTENANCE_PAGE,
  PORTAL_CSP,
  registerPortal,
  routePreloadFor,
} from './serve-portal.ts';

/** What a build names as its header's first paint. */
const FIRST_PAINT =
  '<header class="bt-app-header" data-first-paint="" aria-hidden="true" inert>Botica</header>';

describe('serving the built portal', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  const built = `console.log(${JSON.stringify('y'.repeat(5000))});`;
  // What the portal's build writes beside its assets (a low quality, so the test can tell them apart).
  const builtBrotli = brotliCompressSync(built, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  const builtGzip = gzipSync(built, { level: 1 });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Botica</title></head><div id="root"></div></html>',
    );
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/', fetches: ['/api/v1/user'], scripts: ['/assets/home-1.js'], styles: [] },
          {
            path: '/products/:id?',
            fetches: ['/api/v1/user', '/api/v1/products/:id'],
            scripts: ['/assets/layout-2.js', '/assets/product-3.js'],
            styles: ['/assets/product-3.css'],
            hasHeader: true,
          },
        ],
        pages: ['/', '/login', '/catalog', '/products/:id?', '/cart', '/pedido-enviado'],
        firstPaint: FIRST_PAINT,
      }),
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'route-def456.js'), built);
    writeFileSync(join(dist, 'assets', 'route-def456.js.br'), builtBrotli);
    writeFileSync(join(dist, 'assets', 'route-def456.js.gz'), builtGzip);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(tmpdir(), 'secret.txt'), 'not for the web');
    app = Fastify();
    // The session as auth/sessions.ts loads it: here a client's when the request says so.
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-test-role'];
      if (role === 'client' || role === 'sales_rep') {
        request.session = { id: 's', csrfToken: 't', user: { role } as SessionUser };
      }
    });
    app.get('/api/v1/user', async () => ({ ok: true }));
    registerPortal(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('knows a build by its index.html', () => {
    expect(isPortalBuild(dist)).toBe(true);
    expect(isPortalBuild(join(dist, 'assets'))).toBe(false);
  });

  it('answers every page of the SPA with index.html, never cached, with its CSP', async () => {
    for (const url of ['/', '/catalog?gama=3', '/products/12', '/pedido-enviado']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(PORTAL_CSP);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a path that is no page with the SPA (its 404 page) and status 404, and a missing file with 404', async () => {
    for (const url of ['/nope', '/catalogo', '/products/abc', '/products/12/extra', '/login/nope']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(PORTAL_CSP);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('preload');
    }
    for (const url of ['/assets/nope.js', '/assets/index-old999.css', '/robots.txt', '/assets/']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'El fichero solicitado no existe.' });
    }
  });

  it('keeps only real files: a path asked for before its file exists is served once it does', async () => {
    expect((await app.inject({ url: '/assets/late-1a2b3c.js' })).statusCode).toBe(404);
    writeFileSync(join(dist, 'assets', 'late-1a2b3c.js'), 'console.log(1);');
    const late = await app.inject({ url: '/assets/late-1a2b3c.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(1);');
  });

  it('serves hashed assets for a year, compressed when the browser accepts it', async () => {
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.body).toBe(script);
    const brotli = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the compressed files the build wrote as they are', async () => {
    const brotli = await app.inject({
      url: '/assets/route-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.equals(builtBrotli)).toBe(true);
    const gzip = await app.inject({ url: '/assets/route-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(builtGzip)).toBe(true);
    expect((await app.inject({ url: '/assets/route-def456.js' })).body).toBe(built);
  });

  it('compresses what the build left uncompressed without holding up other requests', async () => {
    // A source map of a megabyte or two: the build compresses no maps, and only DevTools asks for one.
    const map = JSON.stringify({
      version: 3,
      mappings: Array.from({ length: 200_000 }, (_, index) => `AAAA${index.toString(36)}`).join(';'),
    });
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), map);
    const finished: string[] = [];
    const [mapResponse] = await Promise.all([
      app
        .inject({ url: '/assets/index-abc123.js.map', headers: { 'accept-encoding': 'br' } })
        .finally(() => finished.push('map')),
      app.inject({ url: '/catalog' }).finally(() => finished.push('page')),
    ]);
    expect(finished).toEqual(['page', 'map']);
    expect(mapResponse.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(mapResponse.rawPayload).toString()).toBe(map);
    const gzip = await app.inject({
      url: '/assets/index-abc123.js.map',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(map);
  });

  it("names a client route's data, chunks and styles in its page, and nothing more elsewhere", async () => {
    const client = { 'x-test-role': 'client' };
    const product = (await app.inject({ url: '/products/12?from=catalog', headers: client })).body;
    expect(product).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/products/12">',
    );
    expect(product).toContain('href="/api/v1/user"');
    expect(product).toContain('<link rel="stylesheet" crossorigin href="/assets/product-3.css">');
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/layout-2.js">');
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/product-3.js">');
    expect(product.indexOf('product-3.js')).toBeLessThan(product.indexOf('</head>'));
    expect((await app.inject({ url: '/products/13', headers: client })).body).toContain(
      'href="/api/v1/products/13"',
    );
    // Without an id the page redirects: no product to preload, the rest still helps.
    const list = (await app.inject({ url: '/products', headers: client })).body;
    expect(list).toContain('product-3.js');
    expect(list).not.toContain('/api/v1/products/');
    const home = (await app.inject({ url: '/', headers: client })).body;
    expect(home).toContain('href="/assets/home-1.js"');
    expect(home).not.toContain('product-3');
    const login = (await app.inject({ url: '/login' })).body;
    expect(login).not.toContain('preload');
    expect(login).toContain('<div id="root">');
  });

  it("paints the header in the root of a page whose layout has one, for a client's session only", async () => {
    const client = { 'x-test-role': 'client' };
    const product = (await app.inject({ url: '/products/12', headers: client })).body;
    expect(product).toContain(`<div id="root">${FIRST_PAINT}</div>`);
    expect((await app.inject({ url: '/products', headers: client })).body).toContain(FIRST_PAINT);
    // A layout without the header; a page the build names no route for; the 404.
    for (const url of ['/', '/login', '/nope']) {
      const page = (await app.inject({ url, headers: client })).body;
      expect(page, url).toContain('<div id="root"></div>');
      expect(page, url).not.toContain('data-first-paint');
    }
    // Anyone else is sent to log in: the header would only flash before the login page.
    for (const headers of [{}, { 'x-test-role': 'sales_rep' }]) {
      expect((await app.inject({ url: '/products/12', headers })).body).not.toContain('data-first-paint');
    }
  });

  it('tells each page the session it was served to, so an anonymous visit asks no /api/v1/user', async () => {
    const hint = async (url: string, role?: string) =>
      /<meta name="botica-session" content="(\w+)">/.exec(
        (await app.inject({ url, headers: role ? { 'x-test-role': role } : {} })).body,
      )?.[1];
    for (const url of ['/', '/login', '/products/12', '/nope']) {
      expect(await hint(url), url).toBe('none');
      expect(await hint(url, 'client'), url).toBe('client');
      expect(await hint(url, 'sales_rep'), url).toBe('other');
    }
  });

  it("names no API data for a visitor without a client's session, whose preloads would be 401s the portal reads after logging in", async () => {
    for (const headers of [{}, { 'x-test-role': 'sales_rep' }]) {
      const page = await app.inject({ url: '/products/12', headers });
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/product-3.js">');
      expect(page.body).not.toContain('as="fetch"');
      expect(page.headers.vary).toBe('accept-encoding, cookie');
    }
    const client = await app.inject({ url: '/products/12', headers: { 'x-test-role': 'client' } });
    expect(client.body).toContain('as="fetch"');
    expect(client.headers.vary).toBe('accept-encoding, cookie');
  });

  it("preloads a page's largest image when the app knows it, and serves the page when it fails", async () => {
    const withPhoto = Fastify();
    withPhoto.decorateRequest('session', null);
    withPhoto.addHook('onRequest', async (request) => {
      if (request.headers['x-test-role'] !== 'anonymous') {
        request.session = { id: 's', csrfToken: 't', user: { role: 'client' } as SessionUser };
      }
    });
    registerPortal(withPhoto, dist, {
      heroImage: async (path) => {
        if (path === '/products/13') throw new Error('database down');
        return path === '/products/12' ? '/api/v1/products/12/images/1/full' : null;
      },
    });
    await withPhoto.ready();
    const page = (await withPhoto.inject({ url: '/products/12' })).body;
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/v1/products/12/images/1/full">',
    );
    expect(page.indexOf('as="image"')).toBeLessThan(page.indexOf('as="fetch"'));
    const failed = await withPhoto.inject({ url: '/products/13' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toContain('as="image"');
    expect(failed.body).toContain('href="/api/v1/products/13"');
    expect((await withPhoto.inject({ url: '/' })).body).not.toContain('as="image"');
    // An anonymous visitor is sent to /login: no photo to fetch for it.
    const anonymous = await withPhoto.inject({
      url: '/products/12',
      headers: { 'x-test-role': 'anonymous' },
    });
    expect(anonymous.body).not.toContain('as="image"');
    await withPhoto.close();
  });

  it('names the help chat widget in every page, and lets only its origin into the CSP', async () => {
    expect((await app.inject({ url: '/login' })).body).not.toContain('botica-chat-widget');
    expect(PORTAL_CSP).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(PORTAL_CSP).not.toContain('frame-src');
    const withChat = Fastify();
    withChat.decorateRequest('session', null);
    registerPortal(withChat, dist, {
      chatWidget: { url: 'https://chat.example/w.js?id="x"&k=1', consent: 'marketing' },
    });
    await withChat.ready();
    for (const url of ['/login', '/catalog', '/nope']) {
      const page = await withChat.inject({ url });
      expect(page.body, url).toContain(
        '<meta name="botica-chat-widget" content="https://chat.example/w.js?id=&quot;x&quot;&amp;k=1" data-consent="marketing">',
      );
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://chat.example 'wasm-unsafe-eval';");
      expect(csp).toContain("connect-src 'self' https://chat.example wss://chat.example;");
      expect(csp).toContain('frame-src https://chat.example;');
      expect(csp).toContain("default-src 'self';");
    }
    await withChat.close();
  });

  it('matches routes in react-router syntax, with numeric parameters only', () => {
    const route = (path: string) => ({ path, fetches: [], scripts: [], styles: [] });
    const routes = [route('/'), route('/cart'), route('/products/:id?')];
    expect(routePreloadFor(routes, '/')?.route.path).toBe('/');
    expect(routePreloadFor(routes, '/cart/')?.route.path).toBe('/cart');
    expect(routePreloadFor(routes, '/cartera')).toBeUndefined();
    expect(routePreloadFor(routes, '/products/7')).toEqual({ route: routes[2], params: { id: '7' } });
    expect(routePreloadFor(routes, '/products')).toEqual({ route: routes[2], params: {} });
    expect(routePreloadFor(routes, '/products/7/extra')).toBeUndefined();
    expect(routePreloadFor(routes, '/products/"><script>')).toBeUndefined();
    expect(routePreloadFor(routes, '/productsx')).toBeUndefined();
    expect(routePreloadFor(routes, '/login')).toBeUndefined();
  });

  it('never leaves the build folder, and never answers an API path with the SPA', async () => {
    const outside = await app.inject({ url: '/..%2fsecret.txt' });
    expect(outside.body).not.toContain('not for the web');
    const api = await app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'La ruta solicitada no existe en la API.' });
    expect((await app.inject({ url: '/api/v1/user' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/sanctum/nope' })).statusCode).toBe(404);
  });
  it('answers a page with the maintenance page, 503 and Retry-After while the database is down or in maintenance, and files as usual', async () => {
    let state: 'ok' | 'maintenance' | 'unavailable' | 'throws' = 'unavailable';
    const guarded = Fastify();
    guarded.decorateRequest('session', null);
    registerPortal(guarded, dist, {
      availability: async () => {
        if (state === 'throws') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return state;
      },
    });
    await guarded.ready();
    for (const [given, retryAfter] of [
      ['unavailable', '5'],
      ['throws', '5'],
      ['maintenance', '120'],
    ] as const) {
      state = given;
      for (const url of ['/', '/catalog?gama=3', '/products/12', '/no-such-page']) {
        const page = await guarded.inject({ url });
        expect(page.statusCode, `${given} ${url}`).toBe(503);
        expect(page.headers['retry-after']).toBe(retryAfter);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-store');
        expect(page.headers['content-security-policy']).toBe(PORTAL_CSP);
        expect(page.body).toBe(MAINTENANCE_PAGE);
      }
      expect((await guarded.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      expect((await guarded.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    }
    expect(MAINTENANCE_PAGE).toContain('<html lang="es">');
    expect(MAINTENANCE_PAGE).toContain('La página esta en mantenimiento.');
    expect(MAINTENANCE_PAGE).not.toContain('<script');
    state = 'ok';
    expect((await guarded.inject({ url: '/' })).statusCode).toBe(200);
    await guarded.close();
  });
});
