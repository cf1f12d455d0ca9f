import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient } from '@botica/api-client';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS } from './route-preloads.ts';

const portal = join(import.meta.dirname, '..', '..');
const routes = Object.values(ROUTE_PRELOADS);

describe('what the server names per client route', () => {
  it('lists modules of the portal', () => {
    for (const module of routes.flatMap((route) => route.modules)) {
      expect(existsSync(join(portal, module)), module).toBe(true);
    }
  });

  it('covers every module the router loads lazily', () => {
    // The router, and the client layout's loader it shares with the error pages.
    const router = ['router.tsx', 'client-layout.ts']
      .map((file) => readFileSync(join(portal, 'src', 'app', file), 'utf8'))
      .join('\n');
    const lazy = [...router.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(([, path = '']) =>
      join('src', 'app', path),
    );
    expect(lazy.length).toBeGreaterThan(5);
    const named = new Set(routes.flatMap((route) => route.modules));
    for (const module of lazy) expect(named, module).toContain(module);
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
    for (const url of new Set(routes.flatMap((route) => route.data))) {
      // The pages preload with crossorigin="use-credentials": the calls must be credentialed GETs.
      expect(requests, url).toContainEqual({
        url: url.replaceAll(':id', '7'),
        method: 'GET',
        credentials: 'include',
      });
    }
  });
});
