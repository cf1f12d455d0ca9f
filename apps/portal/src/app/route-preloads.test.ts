import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient } from '@botica/api-client';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_PATHS } from './page-paths.ts';
import { ROUTE_PRELOADS } from './route-preloads.ts';

// The route tree alone: the shell, the layouts and the login page need a browser to render.
vi.mock('../features/auth/login-page.tsx', () => ({ LoginPage: () => null }));
vi.mock('./layouts/auth-layout.tsx', () => ({ AuthLayout: () => null }));
vi.mock('./layouts/policy-layout.tsx', () => ({ PolicyLayout: () => null }));
vi.mock('./root-shell.tsx', () => ({ RootShell: () => null }));
vi.mock('./route-error.tsx', () => ({
  LayoutErrorPage: () => null,
  NotFoundPage: () => null,
  RootErrorPage: () => null,
  RouteErrorPage: () => null,
}));
vi.mock('./client-layout.ts', () => ({ loadClientLayout: async () => ({}) }));
const { routes } = await import('./router.tsx');

const portal = join(import.meta.dirname, '..', '..');
const preloads = Object.values(ROUTE_PRELOADS);

/** The routes that render a page (the catch-all aside), with their full paths. */
function pagesOf(tree: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [{ path, route }] : [];
    return [...own, ...pagesOf(route.children ?? [], path)];
  });
}

describe('the router, the page list and the preloads, from the same manifests', () => {
  const pages = pagesOf(routes);

  it('give the server exactly the pages the router renders', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...PAGE_PATHS].sort());
    expect(new Set(PAGE_PATHS).size).toBe(PAGE_PATHS.length);
  });

  it('preload every page the router loads lazily, and only pages', () => {
    for (const { path, route } of pages) {
      // /login is painted before the router, which it loads only afterwards: nothing to name.
      if (route.lazy === undefined) expect(ROUTE_PRELOADS, path).not.toHaveProperty(path);
      else expect(ROUTE_PRELOADS, path).toHaveProperty(path);
    }
    for (const path of Object.keys(ROUTE_PRELOADS)) expect(PAGE_PATHS).toContain(path);
    expect(Object.keys(ROUTE_PRELOADS).length).toBeGreaterThan(20);
  });

  it('preload a guarded client page with the session module and the session’s data', () => {
    expect(ROUTE_PRELOADS['/account/orders']).toEqual({
      modules: [
        'src/app/app.tsx',
        'src/features/auth/session.ts',
        'src/app/layouts/default-layout.tsx',
        'src/features/account/account-layout.tsx',
        'src/features/account/orders/orders-route.tsx',
      ],
      data: ['/api/v1/user', '/api/v1/configurations?per_page=500', '/api/v1/cart'],
      hasHeader: true,
    });
  });

  it('nest the training section in the layout of whoever is there, its guard’s errors in that layout’s place', async () => {
    const errors = await import('./route-error.tsx');
    const visitor = routes[0]?.children?.find((route) => route.id === 'visitor-layout');
    expect(visitor?.ErrorBoundary).toBe(errors.LayoutErrorPage);
    const section = visitor?.children?.[0];
    expect(section?.path).toBe('formacion');
    // A page's error shows under the section's sub-menu, the layout around it.
    expect(section?.children?.[0]).toMatchObject({
      id: 'formacion-pages',
      ErrorBoundary: errors.RouteErrorPage,
    });
    expect(ROUTE_PRELOADS['/formacion/materiales']).toEqual({
      modules: [
        'src/app/app.tsx',
        'src/features/auth/session.ts',
        'src/app/layouts/visitor-layout.tsx',
        'src/features/training/training-layout.tsx',
        'src/features/training/materials-route.tsx',
      ],
      data: ['/api/v1/user', '/api/v1/configurations?per_page=500', '/api/v1/cart'],
      hasHeader: true,
    });
  });

  it('paint the header first on the pages that wear it (the client’s and training’s), not on the access or legal pages', () => {
    const withoutHeader = Object.entries(ROUTE_PRELOADS)
      .filter(([, preload]) => !preload.hasHeader)
      .map(([path]) => path);
    expect(withoutHeader.sort()).toEqual(
      [
        '/login/register',
        '/login/recovery',
        '/login/reset_password',
        '/login/notification',
        '/aviso-legal',
        '/politica-de-cookies',
        '/politica-de-privacidad',
      ].sort(),
    );
    expect(ROUTE_PRELOADS['/cart']?.hasHeader).toBe(true);
    expect(ROUTE_PRELOADS['/formacion/materiales']?.hasHeader).toBe(true);
  });

  it('name the page on its route for analytics', () => {
    const catalog = pages.find((page) => page.path === '/catalog');
    expect(catalog?.route.handle).toEqual({ view: 'Catálogo de Productos' });
  });
});

describe('what the server names per page', () => {
  it('lists modules of the portal', () => {
    for (const module of preloads.flatMap((route) => route.modules)) {
      expect(existsSync(join(portal, module)), module).toBe(true);
    }
  });

  it('preloads data exactly as the API client requests it (else the browser fetches twice)', async () => {
    const requests: { url: string; method: string; credentials: RequestCredentials }[] = [];
    const api = createApiClient({
      baseUrl: 'http://portal.test',
      cookies: 'jar',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        requests.push({
          url: url.pathname + url.search,
          method: request.method,
          credentials: request.credentials,
        });
        return new Response(null, { status: 204 });
      },
    });
    await Promise.allSettled([
      api.auth.user(),
      api.configurations.list(),
      api.cart.get(),
      api.showcase.get(),
      api.messages.list(),
      api.messages.get(7),
      api.survey.current(),
      api.catalogue.categories(),
      api.catalogue.priceRange(),
      api.catalogue.product(7),
      api.catalogue.volumeRules(7),
      api.catalogue.searchProducts({}),
    ]);
    for (const url of new Set(preloads.flatMap((route) => route.data))) {
      // The pages preload with crossorigin="use-credentials": the calls must be credentialed GETs.
      expect(requests, url).toContainEqual({
        url: url.replaceAll(':id', '7'),
        method: 'GET',
        credentials: 'include',
      });
    }
  });
});
