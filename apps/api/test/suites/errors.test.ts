/** Sends raw bytes to a listening server and reads the whole answer (the server closes). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * Error shapes: malformed JSON, unknown or missing fields, wrong types and absurd numbers are 4xx with
 * `{ message, errors? }`, never 5xx; unknown routes are a JSON 404; the maintenance switch answers
 * 503 everywhere; a database that cannot be reached is a 503 too; an unexpected failure is a logged
 * 500 without internals.
 */
import { connect } from 'node:net';
import { ErrorBodySchema } from '@botica/api-client/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, HttpError } from '../../src/http/errors.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { setMaintenance, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

function body(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const parsed = ErrorBodySchema.parse(JSON.parse(response.body));
  expect(response.body).not.toMatch(/stack|node_modules|\.ts:\d|select |insert /i);
  return parsed;
}

function errorsSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`error shapes on ${engine}`, () => {
    let server: TestServer;
    let session: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        data: 'fixture',
        extend: (app) => {
          app.get('/api/v1/test/explode', async () => {
            throw new Error('secret internals: connection string postgres://user:pw@db');
          });
          // What a lost connection looks like: Drizzle's wrapper around node-postgres's error.
          app.get('/api/v1/test/terminated', async () => {
            const cause = Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            });
            throw new Error('Failed query: select 1\nparams: ', { cause });
          });
          app.get('/api/v1/test/refused', async () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          });
          app.get('/api/v1/test/dropped', async () => {
            throw new Error('Connection terminated unexpectedly');
          });
          app.get('/api/v1/test/teapot', async () => {
            throw new HttpError(422, 'Mensaje de prueba.', { campo: ['Primero.', 'Segundo.'] });
          });
        },
      });
      session = new InjectSession(server.app);
      await session.login('farmacia.demo');
    });
    afterAll(() => server?.close());

    it('malformed JSON → 400', async () => {
      for (const payload of ['{bad', '{"products": [', '"', '{"products": [{"id": 1,}]}']) {
        const response = await session.request('POST', '/api/v1/cart', {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(400);
        expect(body(response).message).toMatch(/JSON/);
      }
    });

    it('unknown, missing and mistyped fields → 422 with messages per field', async () => {
      const unknown = await session.request('POST', '/api/v1/cart', { payload: { products: [], total: 0 } });
      expect(unknown.statusCode).toBe(422);
      expect(body(unknown).errors).toEqual({ total: ['Este campo no está permitido.'] });

      const nested = await session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: 1, quantity: 1, price: 0.01 }] },
      });
      expect(body(nested).errors).toHaveProperty(['products.0.price']);

      const missing = await session.request('POST', '/api/v1/cart', { payload: {} });
      expect(missing.statusCode).toBe(422);
      expect(body(missing).errors).toEqual({ products: ['Este campo es obligatorio.'] });

      const typed = await session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: '1', quantity: 'dos' }] },
      });
      expect(typed.statusCode).toBe(422);
      const errors = body(typed).errors ?? {};
      expect(Object.keys(errors).sort()).toEqual(['products.0.id', 'products.0.quantity']);
      expect(body(typed).message).toMatch(/\(y 1 error más\)$/);

      const login = await session.request('POST', '/api/v1/auth/login', { payload: { username: 'x' } });
      expect(body(login).errors).toHaveProperty('password');
    });

    it('limits in messages are es-ES numbers: 9.999 units, 100 characters', async () => {
      const quantity = await session.request('POST', '/api/v1/cart', {
        payload: { products: [{ id: 1, quantity: 99_999 }] },
      });
      expect(quantity.statusCode).toBe(422);
      expect(body(quantity).errors).toEqual({ 'products.0.quantity': ['Debe ser como máximo 9.999.'] });
      const search = await session.request('POST', '/api/v1/search', { payload: { query: 'a'.repeat(600) } });
      expect(body(search).errors).toEqual({ query: ['Debe tener como máximo 100 caracteres.'] });
    });

    it('absurd numbers and sizes → 4xx, never 5xx', async () => {
      const carts: unknown[] = [
        { products: [{ id: 1, quantity: 1e308 }] },
        { products: [{ id: 1, quantity: -5 }] },
        { products: [{ id: 1, quantity: 0 }] },
        { products: [{ id: 1, quantity: 2 ** 53 }] },
        { products: [{ id: 1, quantity: 1.5 }] },
        { products: [{ id: 2 ** 31, quantity: 1 }] },
        { products: [{ id: 0, quantity: 1 }] },
        {
          products: [
            { id: 1, quantity: 1 },
            { id: 1, quantity: 2 },
          ],
        },
        { products: Array.from({ length: 501 }, (_, index) => ({ id: index + 1, quantity: 1 })) },
        { products: 'all' },
        { products: null },
        [],
        null,
        true,
        'text',
      ];
      for (const payload of carts) {
        const response = await session.request('POST', '/api/v1/cart', {
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        body(response);
      }
      const searches: unknown[] = [
        { query: 'a', page: -1 },
        { query: 'a', page: 1e9 },
        { query: 'a'.repeat(10_000) },
        { query: 42 },
        { page: 0 },
      ];
      for (const payload of searches) {
        const response = await session.request('POST', '/api/v1/search', { payload });
        expect(response.statusCode).toBe(422);
        body(response);
      }
      const filters: unknown[] = [
        { price: { min: 1e300 } },
        { price: { min: -1 } },
        { per_page: 0 },
        { page: 2 ** 40 },
        { categories: [2 ** 35] },
        { sort: 'random' },
      ];
      for (const payload of filters) {
        const response = await session.request('POST', '/api/v1/products/search', { payload });
        expect(response.statusCode).toBe(422);
        body(response);
      }
      for (const url of ['/api/v1/configurations?per_page=abc', '/api/v1/configurations?per_page=100000']) {
        expect((await session.request('GET', url)).statusCode).toBe(422);
      }
      const orders = `/api/v1/clients/${server.fixture?.clients.demo}/orders`;
      for (const query of ['?page=0', '?page=-3', '?per_page=1e9', '?page=abc']) {
        const response = await session.request('GET', `${orders}${query}`);
        expect(response.statusCode).toBe(422);
        body(response);
      }
    });

    it('a NUL or a lone surrogate in any text → 422, before login too, never a failed query', async () => {
      const anonymous = new InjectSession(server.app);
      await anonymous.csrf();
      const checkout = `/api/v1/clients/${server.fixture?.clients.demo}/cart/1/checkout`;
      for (const [who, url, payload, field] of [
        [session, '/api/v1/search', '{"query":"a\\u0000b"}', 'query'],
        [session, '/api/v1/search', '{"query":"a\\ud800b"}', 'query'],
        [session, '/api/v1/products/search', '{"text":"a\\u0000b"}', 'text'],
        [session, '/api/v1/products/search', '{"text":"\\udfff"}', 'text'],
        [session, checkout, '{"notes":"Entregar\\u0000"}', 'notes'],
        [anonymous, '/api/v1/auth/login', '{"username":"a\\u0000b","password":"x"}', 'username'],
        [anonymous, '/api/v1/auth/login', '{"username":"a","password":"\\u0000"}', 'password'],
        [anonymous, '/api/v1/auth/login', '{"username":"a","password":"x","\\u0000":1}', '_'],
        [session, '/api/v1/cart', '{"products":[{"id":1,"quantity":1,"x":["\\u0000"]}]}', 'products.0.x.0'],
      ] as const) {
        const response = await who.request('POST', url, {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, payload).toBe(422);
        expect(body(response).errors?.[field]).toContain('Contiene caracteres no permitidos.');
      }
    });

    it('unknown keys named like built-in properties → 422 per field, before login too', async () => {
      const anonymous = new InjectSession(server.app);
      await anonymous.csrf();
      for (const key of ['toString', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) {
        for (const [who, url, payload] of [
          [anonymous, '/api/v1/auth/login', { username: 'a', password: 'x', [key]: 1 }],
          [session, '/api/v1/search', { query: 'a', [key]: 'x' }],
          [session, '/api/v1/products/search', { price: { min: 1, [key]: [] } }],
          [session, '/api/v1/cart', { products: [{ id: 1, quantity: 1, [key]: {} }], [key]: null }],
        ] as const) {
          const response = await who.request('POST', url, { payload });
          expect(response.statusCode, `${url} ${key}`).toBe(422);
          const errors = body(response).errors ?? {};
          expect(Object.values(errors).flat()).toContain('Este campo no está permitido.');
          expect(Object.keys(errors).some((field) => field.endsWith(key))).toBe(true);
        }
      }
      // `__proto__` never reaches validation: the JSON parser refuses it (no prototype poisoning).
      const proto = await session.request('POST', '/api/v1/search', {
        payload: '{"query":"a","__proto__":{"x":1}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(proto.statusCode).toBe(400);
      body(proto);
    });

    it('a body nested thousands of levels deep → 4xx', async () => {
      const deep = `{"query":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
      const response = await session.request('POST', '/api/v1/search', {
        payload: deep,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(422);
      body(response);
    });

    it("Fastify's early errors (bad URL, long parameter) → Spanish { message }, headers, no URL", async () => {
      for (const [url, status] of [
        ['/%', 400],
        ['/api/v1/%zz-secreto', 400],
        [`/api/v1/products/${'9'.repeat(150)}-secreto`, 414],
      ] as const) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(status);
        expect(Object.keys(JSON.parse(response.body))).toEqual(['message']);
        expect(body(response).message).toMatch(/dirección/);
        expect(response.body).not.toMatch(/secreto|%|FST_/);
        expect(response.headers).toMatchObject({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });
        expect(response.headers['x-request-id']).toBeTruthy();
      }
    });

    it('headers too large (431) and a malformed request line (400) → Spanish { message }', async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (const [request, status] of [
        [`GET /api/v1/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
        [`GET /api/v1/${'secreto'.repeat(4000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
        ['GET /api/v1/user secreto\r\n\r\n', 400],
      ] as const) {
        const answer = await rawRequest(port, request);
        const [head = '', text = ''] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        const headers = Object.fromEntries(
          head
            .split('\r\n')
            .slice(1)
            .map((line) => line.split(': ', 2) as [string, string])
            .map(([name, value]) => [name.toLowerCase(), value]),
        );
        expect(headers).toMatchObject({
          ...SECURITY_HEADERS,
          'content-type': 'application/json; charset=utf-8',
        });
        expect(Buffer.byteLength(text)).toBe(Number(headers['content-length']));
        const parsed = ErrorBodySchema.parse(JSON.parse(text));
        expect(Object.keys(parsed)).toEqual(['message']);
        expect(text).not.toMatch(/secreto|Exceeded|Client Error/);
      }
    });

    it('ids that cannot exist in a path → 404', async () => {
      for (const url of [
        '/api/v1/products/abc',
        '/api/v1/products/-1',
        '/api/v1/products/0',
        '/api/v1/products/99999999999999999999',
        '/api/v1/products/1.5/table-cartrules',
        '/api/v1/categories/2147483648',
        '/api/v1/clients/abc/orders',
      ]) {
        const response = await session.request('GET', url);
        expect(response.statusCode, url).toBe(404);
        body(response);
      }
    });

    it('too large a body → 413; not JSON → 415', async () => {
      const large = await session.request('POST', '/api/v1/search', {
        payload: JSON.stringify({ query: 'x'.repeat(300 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(large.statusCode).toBe(413);
      body(large);
      const text = await session.request('POST', '/api/v1/search', {
        payload: 'query=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.statusCode).toBe(415);
      body(text);
    });

    it('unknown API routes and methods → JSON 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/nothing'],
        ['GET', '/api/v2/cart'],
        ['DELETE', '/api/v1/cart'],
      ] as const) {
        const response = await session.request(method, url);
        expect(response.statusCode).toBe(404);
        expect(body(response).message).toBeTruthy();
      }
    });

    it('HttpError keeps its status, message and field errors', async () => {
      const response = await session.request('GET', '/api/v1/test/teapot');
      expect(response.statusCode).toBe(422);
      expect(body(response)).toEqual({
        message: 'Mensaje de prueba.',
        errors: { campo: ['Primero.', 'Segundo.'] },
      });
    });

    it('an unexpected failure → 500 without internals, logged with the request id', async () => {
      const response = await session.request('GET', '/api/v1/test/explode');
      expect(response.statusCode).toBe(500);
      expect(body(response).message).not.toMatch(/secret/);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toBeTruthy();
      const logged = server.logs.map(
        (line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } },
      );
      expect(
        logged.some((entry) => entry.reqId === requestId && entry.err?.message?.includes('secret')),
      ).toBe(true);
    });

    it('a database that cannot be reached → 503 with Retry-After, logged as a warning without the query', async () => {
      for (const url of ['/api/v1/test/terminated', '/api/v1/test/refused', '/api/v1/test/dropped']) {
        const response = await session.request('GET', url);
        expect(response.statusCode, url).toBe(503);
        expect(body(response)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
        expect(response.headers['retry-after']).toBe('5');
        const logged = server.logs
          .map((line) => JSON.parse(line) as { reqId?: string; level?: number; msg?: string })
          .filter((entry) => entry.reqId === response.headers['x-request-id']);
        expect(logged.map((entry) => [entry.level, entry.msg])).toContainEqual([
          40,
          'database unavailable: answered 503',
        ]);
        expect(logged.some((entry) => (entry.level ?? 0) >= 50)).toBe(false);
      }
    });

    // The staff's side of the switch (the back office, logins, the CSRF cookie) is in admin-configuration.test.ts.
    it('the maintenance switch answers a pharmacy’s every API call with 503', async () => {
      await setMaintenance(server.database, true);
      try {
        for (const [method, url] of [
          ['GET', '/api/v1/user'],
          ['GET', '/api/v1/cart'],
          ['POST', '/api/v1/cart'],
          ['GET', '/api/v1/products/1/images/1/thumbnail'],
          ['GET', '/api/v1/nothing'],
        ] as const) {
          const response = await session.request(method, url, {
            payload: method === 'POST' ? {} : undefined,
          });
          expect(response.statusCode, url).toBe(503);
          expect(body(response).message).toMatch(/mantenimiento/);
        }
      } finally {
        await setMaintenance(server.database, false);
      }
      expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
    });
  });
}

errorsSuite(projectEngine());
