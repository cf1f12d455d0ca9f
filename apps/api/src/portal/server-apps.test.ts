/**
 * The apps the server serves beside its API, as `buildApp` registers them from the settings: the
 * portal at `/`, the back office at `/backoffice/` (`BACKOFFICE_DIST`), Storybook at `/storybook/`
 * (`STORYBOOK_DIST`), each with its own CSP and framing rule over the server's hardening headers.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/settings.ts';
import { setMaintenance, startTestServer, type TestServer } from '../testing/test-server.ts';
import { PORTAL_CSP } from './serve-portal.ts';
import { STORYBOOK_CSP } from './serve-storybook.ts';

/** A built app: `files` by path, an index.html naming `marker`. */
function build(marker: string, files: Record<string, string> = {}): string {
  const dist = mkdtempSync(join(tmpdir(), `${marker}-`));
  const all = {
    'index.html': `<!doctype html><html lang="es"><head><title>${marker}</title></head><div id="${marker}"></div></html>`,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  return dist;
}

/** The URLs a page names relative to itself (`./x`, `x.js`), as Storybook's build writes them. */
function relativeUrlsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((url) => !/^(?:[a-z]+:|\/|#)/i.test(url) && url !== '');
}

const STORYBOOK_INDEX = `<!doctype html><html lang="en"><head>
<link rel="icon" type="image/svg+xml" href="./favicon.svg" />
<link href="./sb-manager/runtime.js" rel="modulepreload" />
</head><body><div id="root"></div>
<script>window['FEATURES'] = {};</script>
<script type="module">import './sb-manager/globals-runtime.js';</script>
</body></html>`;

describe('the apps served beside the API', () => {
  let server: TestServer;
  const dists: string[] = [];

  beforeAll(async () => {
    const portal = build('portal', { '.vite/route-preloads.json': '{"routes":[],"pages":["/","/catalog"]}' });
    const backoffice = build('backoffice', {
      '.vite/route-preloads.json': '{"routes":[],"pages":["/","/clients/:id"]}',
      'assets/index-b1.js': 'console.log("backoffice");',
    });
    const storybook = build('storybook', {
      'index.html': STORYBOOK_INDEX,
      'iframe.html':
        '<!doctype html><html><head><script>window.CONFIG_TYPE = "PRODUCTION";</script></head></html>',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'sb-manager/runtime.js': 'export {};',
      'sb-manager/globals-runtime.js': 'export {};',
      'index.json': '{"v":5,"entries":{}}',
    });
    dists.push(portal, backoffice, storybook);
    server = await startTestServer('pglite', {
      listen: false,
      data: 'fixture',
      settings: { portalDist: portal, backofficeDist: backoffice, storybookDist: storybook },
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ url });

  it('serves the portal at / and the back office at /backoffice/, both with the strict CSP, never framed', async () => {
    for (const [url, marker] of [
      ['/catalog', 'portal'],
      ['/backoffice/', 'backoffice'],
      ['/backoffice/clients/3', 'backoffice'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`<div id="${marker}">`);
      expect(page.headers['content-security-policy'], url).toBe(PORTAL_CSP);
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await get('/backoffice/clients')).statusCode).toBe(404);
    expect((await get('/backoffice/assets/index-b1.js')).body).toBe('console.log("backoffice");');
    const redirect = await get('/backoffice');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/backoffice/');
  });

  it('serves Storybook at /storybook/ with its own CSP, framed by itself only, every file its pages name found', async () => {
    for (const url of ['/storybook/', '/storybook/iframe.html?id=acciones-button--primary&viewMode=story']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toBe(STORYBOOK_CSP);
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      for (const file of relativeUrlsOf(page.body)) {
        expect((await get(new URL(file, `http://x${url}`).pathname)).statusCode, file).toBe(200);
      }
    }
    expect(STORYBOOK_CSP).toContain("script-src 'self' 'unsafe-inline';");
    expect(STORYBOOK_CSP).toContain("frame-ancestors 'self'");
    expect(STORYBOOK_CSP).not.toMatch(/https?:|\*/);
    expect((await get('/storybook')).headers.location).toBe('/storybook/');
    // The portal's pages keep their own: no inline script, never framed.
    expect(PORTAL_CSP).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(PORTAL_CSP).toContain("frame-ancestors 'none'");
  });

  it('keeps serving the back office (where the switch is turned off) and Storybook under the switch, while the portal answers its maintenance page', async () => {
    await setMaintenance(server.database, true);
    try {
      const page = await get('/backoffice/clients/3');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="backoffice">');
      expect((await get('/catalog')).statusCode).toBe(503);
      expect((await get('/storybook/')).statusCode).toBe(200);
    } finally {
      await setMaintenance(server.database, false);
    }
  });

  it('serves neither without its setting', async () => {
    expect(loadSettings({}).backofficeDist).toBeNull();
    expect(loadSettings({}).storybookDist).toBeNull();
    expect(loadSettings({ BACKOFFICE_DIST: '/srv/backoffice', STORYBOOK_DIST: '/srv/sb' })).toMatchObject({
      backofficeDist: '/srv/backoffice',
      storybookDist: '/srv/sb',
    });
    const alone = await startTestServer('pglite', {
      listen: false,
      data: 'fixture',
      settings: { portalDist: dists[0] as string },
    });
    try {
      for (const url of ['/backoffice/', '/storybook/']) {
        const page = await alone.app.inject({ url });
        expect(page.statusCode, url).toBe(404);
        expect(page.body, url).toContain('<div id="portal">');
      }
    } finally {
      await alone.close();
    }
  });
});

/** The real Storybook build, when this checkout has one (`npm start` makes it). */
const STORYBOOK_BUILD = fileURLToPath(new URL('../../../../packages/ui/storybook-static', import.meta.url));

describe.skipIf(!existsSync(join(STORYBOOK_BUILD, 'iframe.html')))(
  'the built Storybook at /storybook/',
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('pglite', {
        listen: false,
        data: 'fixture',
        settings: { storybookDist: STORYBOOK_BUILD },
      });
    });
    afterAll(() => server?.close());

    it('finds every file its manager and its preview frame name, relative to /storybook/', async () => {
      for (const page of ['index.html', 'iframe.html']) {
        const urls = relativeUrlsOf(readFileSync(join(STORYBOOK_BUILD, page), 'utf8'));
        expect(urls.length, page).toBeGreaterThan(0);
        for (const file of urls) {
          const response = await server.app.inject({ url: new URL(file, 'http://x/storybook/').pathname });
          expect(response.statusCode, `${page}: ${file}`).toBe(200);
        }
      }
      const index = await server.app.inject({ url: '/storybook/index.json' });
      expect(Object.keys(index.json().entries).length).toBeGreaterThan(0);
    });
  },
);
