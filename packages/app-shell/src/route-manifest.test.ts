import * as endpoints from '@botica/api-client/endpoints';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  guardScreen,
  type LoadRoute,
  pagePaths,
  pagePreloads,
  type RouteManifest,
  routeBudgetEntries,
  toRouteObjects,
} from './route-manifest.ts';

type Guard = 'staff' | 'public';
type Route = RouteManifest<Guard, typeof endpoints>;

const SESSION = 'src/session.ts';
const Login = () => null;
const Cookies = () => null;
const NotFound = () => null;

/** A small app: a public page in the first load, a guarded layout with an index and a page by id. */
const manifests: readonly Route[] = [
  {
    id: 'root',
    children: [
      { path: 'login', module: 'src/login.tsx', component: 'LoginPage', isEager: true, view: 'Acceso' },
      {
        id: 'shell',
        module: 'src/shell.tsx',
        hasHeader: true,
        needs: [SESSION],
        data: (api) => [
          { endpoint: api.auth.user },
          { endpoint: api.configurations.list, query: { per_page: 500 } },
        ],
        children: [
          { index: true, module: 'src/home.tsx', guard: 'staff', view: 'Inicio' },
          {
            path: 'products/:id?',
            module: 'src/product.tsx',
            guard: 'staff',
            data: (api) => [{ endpoint: api.catalogue.product }],
          },
          {
            path: 'legal',
            children: [
              { path: 'cookies', module: 'src/legal.tsx', component: 'Cookies', guard: 'public' },
              { path: 'privacy', module: 'src/legal.tsx', component: 'Privacy', guard: 'public' },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*' },
    ],
  },
];

describe('the page list', () => {
  it('is every route that renders a page, with its full path, the catch-all aside', () => {
    expect(pagePaths(manifests)).toEqual([
      '/login',
      '/',
      '/products/:id?',
      '/legal/cookies',
      '/legal/privacy',
    ]);
  });

  it('sits under an app’s base path', () => {
    expect(pagePaths(manifests, '/backoffice/')).toContain('/backoffice/products/:id?');
    expect(pagePaths(manifests, '/backoffice/')).toContain('/backoffice/');
  });
});

describe('the preloads', () => {
  const preloads = pagePreloads(manifests, endpoints);

  it('gather a page’s layouts’ modules and data before its own, each once', () => {
    expect(preloads['/products/:id?']).toEqual({
      modules: [SESSION, 'src/shell.tsx', 'src/product.tsx'],
      data: ['/api/v1/user', '/api/v1/configurations?per_page=500', '/api/v1/products/:id'],
      hasHeader: true,
    });
    expect(preloads['/legal/cookies']?.modules).toEqual([SESSION, 'src/shell.tsx', 'src/legal.tsx']);
  });

  it('say whether a layout above the page starts it with the app’s header', () => {
    expect(Object.values(preloads).every((preload) => preload.hasHeader)).toBe(true);
    const bare = pagePreloads<typeof endpoints>(
      [{ id: 'root', children: [{ path: 'welcome', module: 'src/welcome.tsx' }] }],
      endpoints,
    );
    expect(bare['/welcome']).toEqual({ modules: ['src/welcome.tsx'], data: [], hasHeader: false });
  });

  it('leave out a page whose modules are all in the first load', () => {
    expect(Object.keys(preloads)).toEqual(['/', '/products/:id?', '/legal/cookies', '/legal/privacy']);
  });
});

describe('the budgets’ entries', () => {
  it('name each route module once, with the paths it serves and whether it is in the first load', () => {
    expect(routeBudgetEntries(manifests)).toEqual([
      { module: 'src/login.tsx', isEager: true, paths: ['/login'] },
      { module: 'src/shell.tsx', isEager: false, paths: ['/'] },
      { module: 'src/home.tsx', isEager: false, paths: ['/'] },
      { module: 'src/product.tsx', isEager: false, paths: ['/products/:id?'] },
      { module: 'src/legal.tsx', isEager: false, paths: ['/legal/cookies', '/legal/privacy'] },
    ]);
  });
});

describe('the router’s routes', () => {
  const loaded: string[] = [];
  const lazyModules = Object.fromEntries(
    ['src/shell.tsx', 'src/home.tsx', 'src/product.tsx', 'src/legal.tsx'].map((module) => [
      `/${module}`,
      async () => {
        loaded.push(module);
        return { Component: module, Cookies, loader: () => module };
      },
    ]),
  );
  const guardsRun: string[] = [];
  const routes = toRouteObjects(manifests, {
    lazyModules,
    eagerModules: { '/src/login.tsx': { LoginPage: Login } },
    guard: (guard, load: LoadRoute) => async () => {
      guardsRun.push(guard);
      return load();
    },
    parts: { 'not-found': { Component: NotFound } },
  });
  const find = (path: string[], tree: RouteObject[] = routes): RouteObject | undefined => {
    const [head, ...rest] = path;
    const route = tree.find((candidate) =>
      [candidate.path, candidate.id, candidate.index ? 'index' : undefined].includes(head),
    );
    return rest.length === 0 ? route : find(rest, route?.children ?? []);
  };
  const lazyOf = (route: RouteObject | undefined) =>
    route?.lazy as (() => Promise<Record<string, unknown>>) | undefined;

  it('take a first-load page’s component as it is, and name the page on its handle', () => {
    expect(find(['root', 'login'])).toMatchObject({
      path: 'login',
      Component: Login,
      handle: { view: 'Acceso' },
    });
    expect(find(['root', 'login'])?.lazy).toBeUndefined();
  });

  it('load a page’s module lazily, through its guard', async () => {
    const product = await lazyOf(find(['root', 'shell', 'products/:id?']))?.();
    expect(product).toMatchObject({ Component: 'src/product.tsx' });
    expect(guardsRun).toEqual(['staff']);
    expect(find(['root', 'shell', 'index'])).toMatchObject({ index: true, handle: { view: 'Inicio' } });
  });

  it('take a named export as the component', async () => {
    expect(await lazyOf(find(['root', 'shell', 'legal', 'cookies']))?.()).toEqual({ Component: Cookies });
  });

  it('let the app’s own parts win, by id', () => {
    expect(find(['root', 'not-found'])).toEqual({ id: 'not-found', path: '*', Component: NotFound });
    expect(find(['root', 'shell'])?.lazy).toBeTypeOf('function');
  });

  it('fail at once on a module the app does not have', () => {
    const missing: readonly Route[] = [{ path: 'x', module: 'src/x.tsx' }];
    expect(() => toRouteObjects(missing, { lazyModules })).toThrow(
      /src\/x\.tsx is not among the lazily loaded/,
    );
    const eager: readonly Route[] = [{ path: 'x', module: 'src/x.tsx', isEager: true }];
    expect(() => toRouteObjects(eager, { lazyModules })).toThrow(/src\/x\.tsx is not among the first load/);
  });
});

describe('a guarded screen', () => {
  const args = { request: new Request('http://app.test/x'), params: {} } as unknown as LoaderFunctionArgs;

  it('asks for its data only after the check, and not at all when the check throws', async () => {
    const order: string[] = [];
    const load = async () => ({ loader: () => order.push('data') });
    const screen = await guardScreen(load, async () => {
      order.push('check');
    })();
    await screen.loader?.(args);
    expect(order).toEqual(['check', 'data']);

    const refused = await guardScreen(load, async () => {
      throw new Response(null, { status: 403 });
    })();
    await expect(refused.loader?.(args)).rejects.toBeInstanceOf(Response);
    expect(order).toEqual(['check', 'data']);
  });

  it('leaves a screen without a loader as it is, unless it must always be checked', async () => {
    const load = async () => ({ Component: 'Screen' });
    const check = async () => {
      throw new Response(null, { status: 403 });
    };
    expect((await guardScreen(load, check)()).loader).toBeUndefined();
    const checked = await guardScreen(load, check, { isAlwaysChecked: true })();
    expect(checked.Component).toBe('Screen');
    await expect(checked.loader?.(args)).rejects.toBeInstanceOf(Response);
  });
});
