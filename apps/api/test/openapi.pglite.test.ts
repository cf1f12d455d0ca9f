/**
 * The API's description (decision 015): `/api/openapi.json` is a valid OpenAPI 3.1 document, every
 * route the server answers is in it (and nothing it does not answer), and `/api/docs` serves the
 * reference page with its renderer from this origin.
 */
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type OpenDatabase, openDatabase } from '../src/db/database.ts';
import { testSettings } from '../src/settings/settings.ts';

const API_ROUTE = /^\/(api|sanctum)\/|^\/(healthz|readyz|metrics)$/;

/** The server's API routes as `METHOD /path/{param}` (HEAD is implied by GET). */
function serverRoutes(app: FastifyInstance): string[] {
  return app.routeList
    .map((route) => route.split(' ') as [string, string])
    .filter(([method, path]) => method !== 'HEAD' && API_ROUTE.test(path))
    .map(([method, path]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
    .sort();
}

describe('the OpenAPI document', () => {
  let database: OpenDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    app = await buildApp({
      db: database.db,
      settings: testSettings({ metricsToken: 'a-token-long-enough-for-the-settings-check' }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors, JSON.stringify(result).slice(0, 2000)).toEqual([]);
  });

  it('lists every route the server answers, and only those', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const routes = serverRoutes(app);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toEqual(documented);
  });

  it('describes who may call each endpoint, and the failures it may answer', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const cart = document.paths['/api/v1/cart'];
    expect(cart.get['x-botica-access']).toBe('client');
    expect(cart.get.security).toEqual([{ session: [] }]);
    expect(Object.keys(cart.get.responses)).toEqual(expect.arrayContaining(['200', '204', '401', '403']));
    expect(cart.post.requestBody.content['application/json'].schema.properties).toHaveProperty('products');
    expect(Object.keys(cart.post.responses)).toEqual(['200', '401', '403', '406', '409', '419', '422']);
    const login = document.paths['/api/v1/auth/login'].post;
    expect(login.security).toBeUndefined();
    expect(login.responses['422']).toEqual({ $ref: '#/components/responses/Error422' });
    const materials = document.paths['/api/v1/driver/training/materials'].get;
    expect(materials.parameters.map((parameter: { name: string }) => parameter.name)).toContain('tags[]');
  });

  it('lists the failures the sessions and operations endpoints answer beyond their access', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const statuses = (path: string, method = 'get') => Object.keys(document.paths[path][method].responses);
    // The CSRF cookie is limited per address, a cross-site logout refused, readiness a 503 while the
    // database does not answer or migrations are missing, the metrics a 401 without the token.
    expect(statuses('/sanctum/csrf-cookie')).toEqual(['204', '429']);
    expect(statuses('/api/v1/auth/logout')).toEqual(['204', '403']);
    expect(statuses('/readyz')).toEqual(['200', '503']);
    expect(statuses('/metrics')).toEqual(['200', '401']);
  });

  it('has a reference page whose renderer comes from this origin', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<redoc spec-url="/api/openapi.json"');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});
