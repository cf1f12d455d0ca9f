/**
 * The product images' paths as the server reads them: a size that is not one of the spec's is a 404
 * that names the sizes; an id or a number that cannot name a picture gets the default picture, as an
 * unknown product does (a broken `<img>` link still shows something).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const SIZE_MESSAGE = 'El tamaño de imagen no existe: thumbnail, miniproduct o full.';

describe('the product image routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { listen: false, data: 'fixture' });
  });
  afterAll(() => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('answers a size that is not thumbnail, miniproduct or full with a 404 naming the sizes', async () => {
    const product = server.fixture?.products.equinacea ?? 0;
    for (const url of [
      '/api/v1/products/images/default/huge',
      `/api/v1/products/${product}/images/1/huge`,
      '/api/v1/products/abc/images/x/huge',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: SIZE_MESSAGE });
    }
  });

  it('gives the default picture for an id or a number that cannot name one', async () => {
    const product = server.fixture?.products.equinacea ?? 0;
    const fallback = await get('/api/v1/products/images/default/thumbnail');
    expect(fallback.statusCode).toBe(200);
    for (const url of [
      '/api/v1/products/abc/images/1/thumbnail',
      '/api/v1/products/0/images/1/thumbnail',
      '/api/v1/products/1234567890/images/1/thumbnail',
      `/api/v1/products/${product}/images/0/thumbnail`,
      `/api/v1/products/${product}/images/1000/thumbnail`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(response.body, url).toBe(fallback.body);
    }
    const own = await get(`/api/v1/products/${product}/images/1/thumbnail`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toBe(fallback.body);
  });
});
