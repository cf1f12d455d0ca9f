import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { headerFirstPaint, ROUTE_PRELOADS_FILE, routePreloads } from './route-preloads.ts';

interface FakeChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
  viteMetadata: { importedCss: Set<string> };
}

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  css: string[] = [],
): FakeChunk => ({
  type: 'chunk',
  fileName,
  isEntry: fileName.startsWith('assets/index'),
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

/** Runs the plugin's steps on a bundle as Vite would hand it over, and returns what it wrote. */
function build(plugin: Plugin, bundle: Record<string, FakeChunk>) {
  const emitted: { fileName: string; source: string }[] = [];
  const errors: string[] = [];
  (plugin.configResolved as (config: unknown) => void)({ root: '/app', base: '/backoffice/' });
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  const hook = plugin.generateBundle as {
    handler: (this: unknown, options: unknown, bundle: unknown) => void;
  };
  hook.handler.call(context, {}, bundle);
  return { emitted, errors };
}

describe('routePreloads', () => {
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', ['/app/src/main.tsx'], ['assets/shared-2.js']),
    'assets/shared-2.js': chunk('assets/shared-2.js', ['/app/src/shared.ts']),
    'assets/list-3.js': chunk(
      'assets/list-3.js',
      ['/app/src/list-route.tsx'],
      ['assets/table-4.js', 'assets/shared-2.js'],
    ),
    'assets/table-4.js': chunk('assets/table-4.js', ['/app/src/table.tsx'], [], ['assets/table-4.css']),
  };

  it("lists each route's lazy chunks beyond the entry's, their styles and its data, under the base, beside the pages", () => {
    const plugin = routePreloads({ '/list': { modules: ['src/list-route.tsx'], data: ['/api/v1/list'] } }, [
      '/',
      '/list',
    ]);
    const { emitted } = build(plugin, bundle);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.fileName).toBe(ROUTE_PRELOADS_FILE);
    expect(JSON.parse(emitted[0]?.source ?? '')).toEqual({
      routes: [
        {
          path: '/list',
          fetches: ['/api/v1/list'],
          scripts: ['/backoffice/assets/list-3.js', '/backoffice/assets/table-4.js'],
          styles: ['/backoffice/assets/table-4.css'],
          hasHeader: false,
        },
      ],
      pages: ['/', '/list'],
      firstPaint: null,
    });
  });

  it("marks the routes whose layout starts with the header, and writes the header's first paint, given the lab's name", () => {
    const plugin = routePreloads(
      {
        '/list': { modules: ['src/list-route.tsx'], data: [], hasHeader: true },
        '/about': { modules: ['src/list-route.tsx'], data: [], hasHeader: false },
      },
      ['/list', '/about'],
      { headerLabName: 'Botica <Back office>' },
    );
    const written = JSON.parse(build(plugin, bundle).emitted[0]?.source ?? '') as {
      routes: { path: string; hasHeader: boolean }[];
      firstPaint: string;
    };
    expect(written.routes.map(({ path, hasHeader }) => [path, hasHeader])).toEqual([
      ['/list', true],
      ['/about', false],
    ]);
    expect(written.firstPaint).toBe(headerFirstPaint('Botica <Back office>'));
    expect(written.firstPaint).toContain('Botica &lt;Back office&gt;</span>');
    // Without the lab's name, no route paints it.
    const bare = routePreloads({ '/list': { modules: ['src/list-route.tsx'], data: [], hasHeader: true } }, [
      '/list',
    ]);
    expect(JSON.parse(build(bare, bundle).emitted[0]?.source ?? '')).toMatchObject({
      routes: [{ path: '/list', hasHeader: false }],
      firstPaint: null,
    });
  });

  it("adds the query client's chunk to a route with data, whose loaders wait for it, and to no other", () => {
    const plugin = routePreloads(
      {
        '/list': { modules: ['src/list-route.tsx'], data: ['/api/v1/list'] },
        '/about': { modules: ['src/list-route.tsx'], data: [] },
      },
      ['/list', '/about'],
    );
    const { emitted } = build(plugin, {
      ...bundle,
      'assets/query-5.js': chunk('assets/query-5.js', [
        '/packages/app-shell/src/query/create-query-client.ts',
        '/node_modules/@tanstack/query-core/build/modern/index.js',
      ]),
    });
    const routes = (JSON.parse(emitted[0]?.source ?? '') as { routes: { path: string; scripts: string[] }[] })
      .routes;
    expect(routes.find((route) => route.path === '/list')?.scripts).toEqual([
      '/backoffice/assets/list-3.js',
      '/backoffice/assets/table-4.js',
      '/backoffice/assets/query-5.js',
    ]);
    expect(routes.find((route) => route.path === '/about')?.scripts).toEqual([
      '/backoffice/assets/list-3.js',
      '/backoffice/assets/table-4.js',
    ]);
  });

  it('fails the build for a route module that is not a lazy chunk of it', () => {
    const plugin = routePreloads({ '/': { modules: ['src/main.tsx'], data: [] } }, ['/']);
    expect(() => build(plugin, bundle)).toThrow(
      'route /: src/main.tsx is not a lazily loaded module of this build',
    );
  });
});
