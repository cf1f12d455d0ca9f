import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle } from './check-bundle.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(files: Record<string, Buffer | string>, manifest: object) {
  dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

describe('the bundle budgets', () => {
  it('count the entry and its static imports, not the lazy routes, and pass small builds', () => {
    build(
      { 'assets/index.js': 'a'.repeat(1000), 'assets/vendor.js': 'b'.repeat(1000), 'assets/cart.js': 'c' },
      {
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          imports: ['_vendor'],
          dynamicImports: ['src/cart.tsx'],
        },
        _vendor: { file: 'assets/vendor.js' },
        'src/cart.tsx': {
          file: 'assets/cart.js',
          src: 'src/cart.tsx',
          isDynamicEntry: true,
          imports: ['_vendor'],
        },
      },
    );
    const report = measureBundle(dir);
    expect(report.initial.files).toEqual(['assets/index.js', 'assets/vendor.js']);
    expect(report.lazy.map((chunk) => chunk.name)).toEqual(['src/cart.tsx']);
    expect(report.failures).toEqual([]);
  });

  it('fail a lazy route over 45 KB and an initial load over 100 KB (130 KB with the router)', () => {
    build(
      { 'assets/index.js': randomBytes(160 * 1024), 'assets/big.js': randomBytes(50 * 1024) },
      {
        'index.html': { file: 'assets/index.js', isEntry: true },
        'src/big.tsx': { file: 'assets/big.js', src: 'src/big.tsx', isDynamicEntry: true },
      },
    );
    const { failures } = measureBundle(dir);
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatch(/^initial JavaScript of \/login is 16\d\.\d KB gzipped \(budget 100\.0 KB\)/);
    expect(failures[1]).toMatch(
      /^initial JavaScript of the other pages .* 16\d\.\d KB gzipped \(budget 130\.0 KB\)/,
    );
    expect(failures[2]).toMatch(/^lazy chunk src\/big\.tsx is 50\.\d KB gzipped/);
  });

  it('fail a chunk that carries the back office’s or the ERP’s area of the API', () => {
    build(
      {
        'assets/index.js': 'fetch("/api/v1/cart")',
        'assets/admin.js': 'fetch("/api/v1/admin/registrations")',
      },
      {
        'index.html': { file: 'assets/index.js', isEntry: true },
        'src/admin.tsx': { file: 'assets/admin.js', src: 'src/admin.tsx', isDynamicEntry: true },
      },
    );
    expect(measureBundle(dir).failures).toEqual([
      expect.stringMatching(/^assets\/admin\.js carries another area of the API than the portal's/),
    ]);
  });

  it('count a chunk that gathers dynamic entries (a build group) as lazy', () => {
    build(
      { 'assets/index.js': 'a', 'assets/client.js': randomBytes(45 * 1024) },
      {
        'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['_client.js'] },
        '_client.js': { file: 'assets/client.js', name: 'client' },
      },
    );
    const { lazy, failures } = measureBundle(dir);
    expect(lazy.map((chunk) => chunk.file)).toEqual(['assets/client.js']);
    expect(failures).toEqual([expect.stringMatching(/^lazy chunk client is 45\.\d KB gzipped/)]);
  });

  it("fail an initial load that evaluates react-aria's locale or @internationalized (ICU at start)", () => {
    build(
      {
        'assets/index.js': 'a',
        'assets/index.js.map': JSON.stringify({
          sources: [
            '../../node_modules/.pnpm/react@19.3.1/node_modules/react/index.js',
            '../../node_modules/.pnpm/react-aria@3.53.1/node_modules/react-aria/dist/private/interactions/usePress.mjs',
            '../../node_modules/.pnpm/react-aria@3.53.1/node_modules/react-aria/dist/private/i18n/useDefaultLocale.mjs',
            '../../node_modules/.pnpm/@internationalized+number@3.6.9/node_modules/@internationalized/number/dist/private/NumberFormatter.mjs',
          ],
        }),
      },
      { 'index.html': { file: 'assets/index.js', isEntry: true } },
    );
    expect(measureBundle(dir).failures).toEqual([
      'initial JavaScript assets/index.js starts ICU when evaluated: react-aria/dist/private/i18n/useDefaultLocale.mjs, @internationalized/number/dist/private/NumberFormatter.mjs',
    ]);
  });

  it('hold each route module to its budget: the first load for an eager one, a lazy chunk for the rest', () => {
    const map = (...sources: string[]) => JSON.stringify({ sources });
    build(
      {
        'assets/index.js': 'a',
        'assets/index.js.map': map('../../src/main.tsx', '../../src/login.tsx', '../../src/cart.tsx'),
        'assets/client.js': 'b',
        'assets/client.js.map': map('../../src/layout.tsx', '../../src/session.ts'),
        'assets/home.js': 'c',
        'assets/home.js.map': map('../../src/home.tsx'),
      },
      {
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          dynamicImports: ['src/home.tsx', '_client.js'],
        },
        '_client.js': { file: 'assets/client.js', name: 'client' },
        'src/home.tsx': { file: 'assets/home.js', src: 'src/home.tsx', isDynamicEntry: true },
      },
    );
    const route = (module: string, path: string, isEager = false) => ({ module, isEager, paths: [path] });
    const report = measureBundle(dir, [
      route('src/login.tsx', '/login', true),
      route('src/layout.tsx', '/'),
      route('src/home.tsx', '/'),
      route('src/cart.tsx', '/cart'),
      route('src/home.tsx', '/elsewhere', true),
      route('src/gone.tsx', '/gone'),
    ]);
    expect(report.failures).toEqual([
      'route module src/cart.tsx (/cart) is in the first load: it should load lazily',
      'route module src/home.tsx (/elsewhere) is not in the first load, where its route expects it',
      'route module src/gone.tsx (/gone) is in no chunk of the build',
    ]);
    expect(report.lazy.map(({ file, routes }) => [file, routes])).toEqual([
      ['assets/client.js', ['/']],
      ['assets/home.js', ['/']],
    ]);
  });

  it("count the router's module with every other page's first load, and fail /login's carrying react-router", () => {
    const map = (...sources: string[]) => JSON.stringify({ sources });
    const router = '../../node_modules/.pnpm/react-router@8.5.1/node_modules/react-router/dist/index.mjs';
    build(
      {
        'assets/index.js': 'a'.repeat(1000),
        'assets/index.js.map': map('../../src/main.tsx', '../../src/first-screen.tsx'),
        'assets/router.js': randomBytes(40 * 1024),
        'assets/router.js.map': map('../../src/app/app.tsx', router, '../../src/login-page.tsx'),
        'assets/home.js': 'c',
        'assets/home.js.map': map('../../src/home.tsx'),
      },
      {
        'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/app.tsx'] },
        'src/app/app.tsx': {
          file: 'assets/router.js',
          src: 'src/app/app.tsx',
          isDynamicEntry: true,
          dynamicImports: ['src/home.tsx'],
        },
        'src/home.tsx': {
          file: 'assets/home.js',
          src: 'src/home.tsx',
          isDynamicEntry: true,
          imports: ['src/app/app.tsx'],
        },
      },
    );
    const routes = [
      { module: 'src/login-page.tsx', isEager: true, paths: ['/login'] },
      { module: 'src/home.tsx', isEager: false, paths: ['/'] },
    ];
    const report = measureBundle(dir, routes, 'src/app/app.tsx');
    expect(report.initial.files).toEqual(['assets/index.js']);
    expect(report.router.files).toEqual(['assets/router.js']);
    expect(report.router.gzipBytes).toBeGreaterThan(40 * 1024);
    expect(report.lazy.map(({ file, routes }) => [file, routes])).toEqual([['assets/home.js', ['/']]]);
    expect(report.failures).toEqual([]);

    writeFileSync(join(dir, 'assets', 'index.js.map'), map('../../src/main.tsx', router));
    expect(measureBundle(dir, routes, 'src/app/app.tsx').failures).toEqual([
      'initial JavaScript assets/index.js carries react-router: /login paints without it',
    ]);
  });
});
