import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_PAGE, PORTAL_CSP, registerPortal } from './serve-portal.ts';
import { maintenancePage, type SpaAvailability, serveSpa } from './serve-spa.ts';

/** A small built SPA: its index.html names `marker`, its entry and favicon; `pages` its page list. */
function fixtureBuild(
  marker: string,
  base: string,
  preloads: { routes: object[]; pages: string[] } | null,
): string {
  const dist = mkdtempSync(join(tmpdir(), `spa-${marker}-`));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html lang="es"><head><title>${marker}</title><script type="module" src="${base}assets/${marker}-1a2b.js"></script></head><div id="${marker}"></div></html>`,
  );
  writeFileSync(join(dist, 'assets', `${marker}-1a2b.js`), `console.log('${marker}');`);
  writeFileSync(
    join(dist, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg"><title>${marker}</title></svg>`,
  );
  if (preloads) {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
  }
  return dist;
}

describe('a second SPA at /backoffice/ beside the portal at /', () => {
  let portal: string;
  let backoffice: string;
  let app: FastifyInstance;
  let state: SpaAvailability = 'ok';
  const backofficeCsp = "default-src 'self'; frame-ancestors 'none'";

  beforeAll(async () => {
    portal = fixtureBuild('portal', '/', {
      routes: [{ path: '/catalog', fetches: [], scripts: ['/assets/catalog-9f.js'], styles: [] }],
      pages: ['/', '/login', '/catalog', '/products/:id?'],
    });
    backoffice = fixtureBuild('backoffice', '/backoffice/', {
      routes: [
        {
          path: '/clients/:id',
          fetches: ['/api/v1/admin/clients/:id'],
          scripts: ['/backoffice/assets/client-3c.js'],
          styles: ['/backoffice/assets/client-3c.css'],
        },
      ],
      pages: ['/', '/login', '/clients', '/clients/:id'],
    });
    // As app.ts builds the server: a trailing slash is ignored when routing.
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.decorateRequest('session', null);
    registerPortal(app, portal);
    serveSpa(app, {
      dist: backoffice,
      basePath: '/backoffice/',
      csp: backofficeCsp,
      availability: async () => state,
      session: () => ({ hint: 'staff', withData: true }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(portal, { recursive: true, force: true });
    rmSync(backoffice, { recursive: true, force: true });
  });

  it('serves each app its own files, hashed assets for a year, and neither the other’s', async () => {
    const script = await app.inject({ url: '/backoffice/assets/backoffice-1a2b.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe("console.log('backoffice');");
    const icon = await app.inject({ url: '/backoffice/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.body).toContain('<title>backoffice</title>');
    expect((await app.inject({ url: '/favicon.svg' })).body).toContain('<title>portal</title>');
    expect((await app.inject({ url: '/assets/portal-1a2b.js' })).body).toBe("console.log('portal');");
    for (const url of [
      '/assets/backoffice-1a2b.js',
      '/backoffice/assets/portal-1a2b.js',
      '/backoffice/assets/nope.js',
      '/backoffice/robots.txt',
      '/backoffice/..%2f..%2fetc%2fpasswd.txt',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'El fichero solicitado no existe.' });
    }
  });

  it('answers a deep link of the back office with its index.html, its CSP and its route’s preloads', async () => {
    for (const url of [
      '/backoffice/',
      '/backoffice/clients',
      '/backoffice/clients/7?tab=orders',
      '/backoffice/login/',
    ]) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toBe(backofficeCsp);
      expect(page.body).toContain('<div id="backoffice">');
      expect(page.body).toContain('<meta name="botica-session" content="staff">');
    }
    const client = (await app.inject({ url: '/backoffice/clients/7' })).body;
    expect(client).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/admin/clients/7">',
    );
    expect(client).toContain('<link rel="modulepreload" crossorigin href="/backoffice/assets/client-3c.js">');
    expect(client).toContain('<link rel="stylesheet" crossorigin href="/backoffice/assets/client-3c.css">');
    expect((await app.inject({ url: '/backoffice/clients' })).body).not.toContain('preload');
  });

  it('answers a path its build does not list with its SPA and 404, pages of the portal included', async () => {
    for (const url of [
      '/backoffice/nope',
      '/backoffice/catalog',
      '/backoffice/clients/abc',
      '/backoffice/clients/7/x',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body, url).toContain('<div id="backoffice">');
      expect(page.body).not.toContain('preload');
    }
    // And the portal's own pages, 404s and API paths are as they were.
    const catalog = await app.inject({ url: '/catalog' });
    expect(catalog.statusCode).toBe(200);
    expect(catalog.body).toContain('<div id="portal">');
    expect(catalog.body).toContain('/assets/catalog-9f.js');
    expect(catalog.headers['content-security-policy']).toBe(PORTAL_CSP);
    expect(catalog.body).toContain('<meta name="botica-session" content="none">');
    for (const url of ['/clients', '/backofficex', '/back/office']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain('<div id="portal">');
    }
    const api = await app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'La ruta solicitada no existe en la API.' });
  });

  it('redirects /backoffice to /backoffice/, where its relative URLs resolve, keeping the query', async () => {
    for (const [url, location] of [
      ['/backoffice', '/backoffice/'],
      ['/backoffice?next=%2Fclients', '/backoffice/?next=%2Fclients'],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(301);
        expect(response.headers.location).toBe(location);
      }
    }
  });

  it('answers its pages with its own maintenance page while the database is down, and its files as usual', async () => {
    try {
      for (const [given, retryAfter] of [
        ['unavailable', '5'],
        ['maintenance', '120'],
      ] as const) {
        state = given;
        for (const url of ['/backoffice/', '/backoffice/clients/7', '/backoffice/nope']) {
          const page = await app.inject({ url });
          expect(page.statusCode, url).toBe(503);
          expect(page.headers['retry-after']).toBe(retryAfter);
          expect(page.headers['cache-control']).toBe('no-store');
          expect(page.headers['content-security-policy']).toBe(backofficeCsp);
          expect(page.body).toBe(maintenancePage('/backoffice/'));
        }
        expect((await app.inject({ url: '/backoffice/assets/backoffice-1a2b.js' })).statusCode).toBe(200);
        // The portal, which asks nothing here, serves on.
        expect((await app.inject({ url: '/catalog' })).statusCode).toBe(200);
      }
    } finally {
      state = 'ok';
    }
    const page = maintenancePage('/backoffice/');
    expect(page).toContain('<link rel="icon" href="/backoffice/favicon.svg" type="image/svg+xml">');
    expect(page).toContain('La página esta en mantenimiento.');
    expect(page.replace('/backoffice/favicon.svg', '/favicon.svg')).toBe(MAINTENANCE_PAGE);
  });
});

describe('an SPA whose build lists no pages, with headers of its own (Storybook)', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fixtureBuild('storybook', './', null);
    writeFileSync(
      join(dist, 'iframe.html'),
      '<!doctype html><html><head></head><div id="storybook-root"></div></html>',
    );
    writeFileSync(join(dist, 'index.json'), '{"v":5,"entries":{}}');
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    serveSpa(app, {
      dist,
      basePath: '/storybook/',
      csp: "default-src 'self'; frame-ancestors 'self'",
      fileCacheControl: 'no-cache',
      headers: { 'x-frame-options': 'SAMEORIGIN' },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every path that is no file with its index, and its HTML files with its CSP and headers', async () => {
    for (const url of ['/storybook/', '/storybook/?path=/docs/button--docs', '/storybook/anything']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="storybook">');
      expect(page.body).not.toContain('botica-session');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const frame = await app.inject({ url: '/storybook/iframe.html?id=button--primary&viewMode=story' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.headers['cache-control']).toBe('no-cache');
    const index = await app.inject({ url: '/storybook/index.json' });
    expect(index.headers['content-type']).toBe('application/json');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toBeUndefined();
    expect((await app.inject({ url: '/storybook/assets/storybook-1a2b.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.inject({ url: '/storybook' })).headers.location).toBe('/storybook/');
    // Nothing is served outside its base path.
    expect((await app.inject({ url: '/index.json' })).statusCode).toBe(404);
  });

  it('refuses a base path in any other form', () => {
    for (const basePath of ['backoffice', '/backoffice', 'backoffice/', '/a//', '/../x/']) {
      expect(() => serveSpa(Fastify(), { dist, basePath, csp: "default-src 'self'" }), basePath).toThrow(
        /base path/,
      );
    }
  });
});

describe("an app's header painted from its page", () => {
  let dist: string;
  let app: FastifyInstance;
  const header = '<header class="bt-app-header" data-first-paint="" aria-hidden="true" inert>Staff</header>';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-header-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><div id="root"></div></html>');
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/orders', fetches: [], scripts: [], styles: [], hasHeader: true },
          { path: '/login', fetches: [], scripts: [], styles: [], hasHeader: false },
          // A build's mistake: anything but true is no header.
          { path: '/odd', fetches: [], scripts: [], styles: [], hasHeader: 'yes' },
        ],
        pages: ['/orders', '/login', '/odd'],
        firstPaint: header,
      }),
    );
    app = Fastify();
    app.decorateRequest('session', null);
    serveSpa(app, {
      dist,
      basePath: '/staff/',
      csp: "default-src 'self'",
      // Without a session hint or data: the staff's own rule.
      paintsHeader: (request) => request.headers['x-test-staff'] === 'yes',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('paints it in the root of a page whose layout has one, for whom the app says, and caches the two apart', async () => {
    const staff = { 'x-test-staff': 'yes' };
    expect((await app.inject({ url: '/staff/orders', headers: staff })).body).toContain(
      `<div id="root">${header}</div>`,
    );
    const anyone = await app.inject({ url: '/staff/orders' });
    expect(anyone.body).toContain('<div id="root"></div>');
    expect(anyone.headers.vary).toBe('accept-encoding, cookie');
    expect((await app.inject({ url: '/staff/orders', headers: staff })).body).toContain(header);
    for (const url of ['/staff/login', '/staff/odd', '/staff/nope']) {
      expect((await app.inject({ url, headers: staff })).body, url).not.toContain('data-first-paint');
    }
  });
});
