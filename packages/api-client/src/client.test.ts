/**
 * The client's protocol, against a real HTTP server in-process (a tiny stand-in for the API; the
 * full contract runs against the real API in apps/api/test): the CSRF cookie before every state
 * change, the cookie jar, bracket query arrays, and every failure as one ApiError.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, isApiError } from './api-error.ts';
import { createApiClient, createEndpointClient } from './client.ts';
import { CookieJar } from './cookie-jar.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './endpoints/path-params.ts';
import { portalEndpoints } from './endpoints/portal.ts';
import { toSearchParams } from './search-params.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const user = {
  id: 1,
  username: 'farmacia.demo',
  name: 'Ana',
  email: null,
  role: 'client',
  client: { id: 7, name: 'Farmacia Demo' },
  is_sub_user: false,
  permissions: { can_send_orders: true, can_view_invoices: true },
};

function json(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string | string[]> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

describe('createApiClient', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method: string; url: string; cookie?: string; xsrf?: string }[] = [];
  let handler: Handler = () => {};

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          cookie: request.headers.cookie,
          xsrf: request.headers['x-xsrf-token'] as string | undefined,
        });
        if (request.url === '/sanctum/csrf-cookie') {
          response.writeHead(204, {
            'set-cookie': [
              'session=abc; Path=/; HttpOnly; SameSite=Lax',
              'XSRF-TOKEN=tok%3D1; Path=/; SameSite=Lax',
            ],
          });
          response.end();
          return;
        }
        handler(request, response, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('with an API key: the Bearer header on every call, no CSRF fetch, no cookie kept or sent', async () => {
    seen.length = 0;
    const authorizations: (string | undefined)[] = [];
    handler = (request, response) => {
      authorizations.push(request.headers.authorization);
      json(response, 200, user, { 'set-cookie': 'session=machine; Path=/; HttpOnly' });
    };
    const keyed = defineEndpoint({
      method: 'POST',
      path: '/api/v1/integration/ping',
      access: 'integration',
      body: z.object({ n: z.number() }),
      response: z.object({ username: z.string() }),
    });
    const machine = createEndpointClient({ probe: { keyed } }, { baseUrl, apiKey: 'bk_secret' });
    await machine.probe.keyed({ n: 1 });
    await machine.probe.keyed({ n: 2 });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/integration/ping',
      'POST /api/v1/integration/ping',
    ]);
    expect(authorizations).toEqual(['Bearer bk_secret', 'Bearer bk_secret']);
    expect(seen.map((request) => request.cookie)).toEqual([undefined, undefined]);
    expect(seen.map((request) => request.xsrf)).toEqual([undefined, undefined]);
  });

  it('calls the global fetch attached to it, as browsers require (no Illegal invocation)', async () => {
    handler = (_request, response) => json(response, 200, user);
    const original = globalThis.fetch;
    // Browsers throw when fetch runs with any `this` other than the window (or none).
    globalThis.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return original(input, init);
    } as typeof fetch;
    try {
      const api = createApiClient({ baseUrl, cookies: 'browser' });
      await expect(api.auth.user()).resolves.toEqual(user);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('fetches the CSRF cookie before a POST and sends it back, with the session cookie', async () => {
    seen.length = 0;
    handler = (_request, response, body) => {
      expect(JSON.parse(body)).toEqual({ username: 'farmacia.demo', password: 'x' });
      json(response, 200, user, { 'set-cookie': 'session=renewed; Path=/; HttpOnly' });
    };
    const api = createApiClient({ baseUrl });
    expect(await api.auth.login({ username: 'farmacia.demo', password: 'x' })).toEqual(user);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/auth/login',
    ]);
    expect(seen[1]?.xsrf).toBe('tok=1');
    expect(seen[1]?.cookie).toContain('session=abc');

    handler = (_request, response) => json(response, 200, user);
    seen.length = 0;
    await api.auth.user();
    expect(seen.map((request) => request.method)).toEqual(['GET']);
    expect(seen[0]?.cookie).toContain('session=renewed');
  });

  it('writes query arrays in bracket notation', async () => {
    expect(toSearchParams({ page: 2, tags: [1, 2], skip: undefined }).toString()).toBe(
      'page=2&tags%5B%5D=1&tags%5B%5D=2',
    );
    seen.length = 0;
    handler = (_request, response) =>
      json(response, 200, { data: [{ key: 'order_minimum_amount', value: '150' }] });
    const api = createApiClient({ baseUrl });
    await api.configurations.list();
    expect(seen[0]?.url).toBe('/api/v1/configurations?per_page=500');
  });

  it('asks the training and news paths of the API, tags in bracket notation, signup with CSRF', async () => {
    seen.length = 0;
    const page = {
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 },
    };
    const webinar = {
      id: 3,
      title: 'Valeriana y sueño',
      topic: 'Sueño',
      summary: 'S',
      speaker: { name: 'Dra. Ana Ruiz', title: 'Farmacéutica' },
      starts_at: '2026-06-01T15:00:00.000Z',
      ends_at: '2026-06-01T16:00:00.000Z',
      duration_minutes: 60,
      phase: 'upcoming',
      products: [],
      is_signed_up: true,
      recording_url: null,
      materials: [],
      description: ['D'],
      join_url: null,
    };
    handler = (request, response) => {
      if (request.url?.includes('/webinars/3')) json(response, 200, { data: webinar });
      else if (request.url?.endsWith('materials_tags')) json(response, 200, { data: [] });
      else json(response, 200, page);
    };
    const api = createApiClient({ baseUrl });
    await api.training.webinars({ when: 'past', page: 2 });
    await api.training.materials({ tags: [1, 4] });
    await api.training.materialTags();
    await api.training.newsletters();
    await api.cms.posts({ page: 3 });
    expect((await api.training.signUp(3)).data.is_signed_up).toBe(true);
    await api.training.cancelSignup(3);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/driver/training/webinars?when=past&page=2',
      'GET /api/v1/driver/training/materials?tags%5B%5D=1&tags%5B%5D=4',
      'GET /api/v1/driver/training/materials_tags',
      'GET /api/v1/driver/training/newsletters',
      'GET /api/v1/cms/posts?page=3',
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/driver/training/webinars/3/signup',
      'GET /sanctum/csrf-cookie',
      'DELETE /api/v1/driver/training/webinars/3/signup',
    ]);
    expect(seen[6]?.xsrf).toBe('tok=1');
    expect(seen[8]?.xsrf).toBe('tok=1');
  });

  it('sends the orders filters, posts a reorder with the CSRF token, and pages the documents', async () => {
    const cart = {
      id: 3,
      client_id: 7,
      items: [],
      price: 0,
      discounts: [],
      price_discount_line: 0,
      taxes: [],
      price_tax: 0,
      total_price: 0,
      version: 4,
      updated_at: '2026-03-01T10:00:00.000Z',
    };
    const page = { data: [], meta: { current_page: 2, last_page: 2, per_page: 10, total: 12 } };
    handler = (request, response) => {
      if (request.url?.includes('/reorder')) json(response, 200, { data: cart, skipped: [], adjusted: [] });
      else json(response, 200, page);
    };
    seen.length = 0;
    const api = createApiClient({ baseUrl });
    await api.orders.list(7, { page: 2, from: '2026-01-01', to: '2026-01-31', status: 'delivered' });
    expect(seen[0]?.url).toBe(
      '/api/v1/clients/7/orders?page=2&from=2026-01-01&to=2026-01-31&status=delivered',
    );
    const reordered = await api.orders.reorder(7, 12);
    expect(reordered.data.version).toBe(4);
    expect(seen.slice(1).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/clients/7/orders/12/reorder',
    ]);
    expect(seen[2]?.xsrf).toBe('tok=1');
    seen.length = 0;
    expect((await api.documents.invoices(7, { page: 2 })).meta.total).toBe(12);
    await api.documents.refunds(7, { page: 2 });
    await api.documents.shipments(7);
    expect(seen.map((call) => call.url)).toEqual([
      '/api/v1/clients/7/invoices?page=2',
      '/api/v1/driver/customers/clients/7/refunds?page=2',
      '/api/v1/clients/7/erp_shipments',
    ]);
  });

  it('calls the account area: a PUT and a DELETE with the CSRF token, the sub-users parsed', async () => {
    const subUser = {
      id: 9,
      username: 'demo.almacen',
      name: 'Manuel',
      email: 'almacen@farmacia.example',
      is_active: true,
      can_send_orders: false,
      can_view_invoices: true,
      invitation_pending: false,
      created_at: '2026-01-15T10:00:00.000Z',
    };
    handler = (request, response, body) => {
      if (request.method === 'DELETE') {
        response.writeHead(204);
        response.end();
        return;
      }
      if (request.method === 'PUT' && request.url === '/api/v1/user/change_password') {
        expect(JSON.parse(body)).toEqual({
          current_password: 'a',
          password: 'b',
          password_confirmation: 'b',
        });
        json(response, 200, { message: 'Hecho.' });
        return;
      }
      json(response, 200, { data: request.method === 'GET' ? [subUser] : { ...subUser, name: 'Manu' } });
    };
    const api = createApiClient({ baseUrl });
    seen.length = 0;
    expect((await api.account.users(7)).data).toEqual([subUser]);
    expect((await api.account.updateUser(7, 9, { name: 'Manu' })).data.name).toBe('Manu');
    await api.account.deleteUser(7, 9);
    expect(
      await api.account.changePassword({ current_password: 'a', password: 'b', password_confirmation: 'b' }),
    ).toEqual({
      message: 'Hecho.',
    });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/driver/customers/clients/7/users',
      'GET /sanctum/csrf-cookie',
      'PUT /api/v1/driver/customers/clients/7/users/9',
      'GET /sanctum/csrf-cookie',
      'DELETE /api/v1/driver/customers/clients/7/users/9',
      'GET /sanctum/csrf-cookie',
      'PUT /api/v1/user/change_password',
    ]);
    expect(
      seen.filter((request) => request.method !== 'GET').every((request) => request.xsrf === 'tok=1'),
    ).toBe(true);
  });

  it('answers null for a 204 cart', async () => {
    handler = (_request, response) => {
      response.writeHead(204);
      response.end();
    };
    expect(await createApiClient({ baseUrl }).cart.get()).toBeNull();
  });

  it('turns an error answer into an ApiError with the message and the field errors', async () => {
    handler = (_request, response) =>
      json(response, 422, { message: 'Algo falla.', errors: { username: ['Primero.', 'Segundo.'] } });
    const error = await createApiClient({ baseUrl })
      .auth.login({ username: 'a', password: 'b' })
      .catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 422, kind: 'http', message: 'Algo falla.' });
    expect((error as ApiError).fieldError('username')).toBe('Primero.');
    expect((error as ApiError).cause).toBeDefined();
  });

  it('turns an answer that does not match its schema into an ApiError', async () => {
    handler = (_request, response) => json(response, 200, { ...user, role: 'astronaut' });
    const error = await createApiClient({ baseUrl })
      .auth.user()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'schema', status: 200 });
    expect((error as ApiError).message).toMatch(/role/);
  });

  it('turns a timeout and a network failure into ApiErrors', async () => {
    handler = () => {};
    const timeout = await createApiClient({ baseUrl, timeout: 100 })
      .auth.user()
      .catch((caught: unknown) => caught);
    expect(timeout).toMatchObject({ name: 'ApiError', status: 'timeout', kind: 'timeout' });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const network = await createApiClient({ baseUrl: `http://127.0.0.1:${port}` })
      .auth.user()
      .catch((caught: unknown) => caught);
    expect(network).toMatchObject({ name: 'ApiError', status: 'network', kind: 'network' });
  });
  it('posts the access calls with the CSRF token and reads their answers', async () => {
    seen.length = 0;
    const bodies: unknown[] = [];
    handler = (request, response, body) => {
      bodies.push(JSON.parse(body));
      if (request.url === '/api/v1/password/check_reset') json(response, 200, { valid: false });
      else json(response, request.url === '/api/v1/password/reset' ? 200 : 202, { message: 'Hecho.' });
    };
    const api = createApiClient({ baseUrl });
    const registration = {
      username: 'farmacia.sol',
      cif: 'B12345674',
      pharmacy_name: 'Farmacia del Sol',
      email: 'compras@farmaciasol.es',
      phone: '912345678',
      postal_code: '28013',
      privacy_accepted: true as const,
    };
    await expect(api.access.register(registration)).resolves.toEqual({ message: 'Hecho.' });
    await expect(api.access.sendReset({ username: 'farmacia.sol' })).resolves.toEqual({ message: 'Hecho.' });
    await expect(api.access.checkReset({ secret: 's' })).resolves.toEqual({ valid: false });
    await expect(
      api.access.resetPassword({
        secret: 's',
        password: 'Romero-y-Tomillo',
        password_confirmation: 'Romero-y-Tomillo',
      }),
    ).resolves.toEqual({ message: 'Hecho.' });
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/api/v1/register',
      '/api/v1/password/send_reset',
      '/api/v1/password/check_reset',
      '/api/v1/password/reset',
    ]);
    expect(
      seen.filter((request) => request.method === 'POST').every((request) => request.xsrf === 'tok=1'),
    ).toBe(true);
    expect(bodies[0]).toEqual(registration);
  });

  it('reads the survey, answers it with PUT and the CSRF token, and marks a message read', async () => {
    seen.length = 0;
    const bodies: unknown[] = [];
    const at = '2026-03-18T10:00:00.000Z';
    const survey = {
      id: 2,
      title: 'Te escuchamos',
      intro: 'Cuéntanos.',
      opens_at: at,
      closes_at: '2026-04-18T10:00:00.000Z',
      questions: [
        {
          id: 5,
          kind: 'rating',
          prompt: '¿Qué tal?',
          help: null,
          required: true,
          min_label: 'Mal',
          max_label: 'Bien',
        },
        {
          id: 6,
          kind: 'text',
          prompt: '¿Algo más?',
          help: null,
          required: false,
          min_length: null,
          max_length: 500,
        },
      ],
    };
    const message = {
      id: 1,
      kind: 'recall',
      severity: 'critical',
      title: 'Retirada',
      summary: 'Lote.',
      starts_at: at,
      ends_at: '2026-04-18T10:00:00.000Z',
      read_at: null,
    };
    handler = (request, response, body) => {
      if (body) bodies.push(JSON.parse(body));
      if (request.url === '/api/v1/driver/survey') json(response, 200, { data: null });
      else if (request.url === '/api/v1/driver/survey/2/answer')
        json(response, 200, {
          data: { survey, response: { answers: { '5': 4 }, submitted_at: at, updated_at: at } },
        });
      else if (request.url === '/api/v1/messages') json(response, 200, { data: [message] });
      else json(response, 200, { data: { ...message, read_at: at, body: 'Lote.\n\nGracias.' } });
    };
    const api = createApiClient({ baseUrl });
    await expect(api.survey.current()).resolves.toEqual({ data: null });
    const answered = await api.survey.answer(2, { answers: { '5': 4 } });
    expect(answered.data.response?.answers).toEqual({ '5': 4 });
    await expect(api.messages.list()).resolves.toEqual({ data: [message] });
    expect((await api.messages.get(1)).data.body).toBe('Lote.\n\nGracias.');
    expect((await api.messages.markRead(1)).data.read_at).toBe(at);
    const changing = seen.filter((request) => request.method === 'PUT' || request.method === 'POST');
    expect(changing.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT /api/v1/driver/survey/2/answer',
      'POST /api/v1/messages/1/read',
    ]);
    expect(changing.every((request) => request.xsrf === 'tok=1')).toBe(true);
    expect(bodies).toEqual([{ answers: { '5': 4 } }]);
  });

  it('makes a client of any groups of definitions, with the same transport', async () => {
    seen.length = 0;
    handler = (_request, response) =>
      json(response, 200, { data: [{ id: 4, name: 'Sin gluten', slug: 'sin-gluten' }] });
    const client = createEndpointClient({ labels: { all: portalEndpoints.catalogue.tags } }, { baseUrl });
    expect((await client.labels.all()).data[0]?.name).toBe('Sin gluten');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/v1/tags']);
  });

  it('uploads a file as the body, with its type and the query beside it', async () => {
    seen.length = 0;
    let received: { type: string | undefined; body: string } | undefined;
    handler = (request, response, body) => {
      received = { type: request.headers['content-type'], body };
      json(response, 201, { name: 'ficha.pdf' });
    };
    const upload = defineEndpoint({
      method: 'POST',
      path: '/api/v1/files/{id}',
      access: 'admin',
      params: idParams('id'),
      upload: { accept: ['application/pdf'] },
      query: z.object({ name: z.string() }),
      response: z.object({ name: z.string() }),
      status: 201,
    });
    const client = createEndpointClient({ files: { upload } }, { baseUrl });
    const answer = await client.files.upload(3, new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
      name: 'ficha.pdf',
    });
    expect(answer).toEqual({ name: 'ficha.pdf' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/files/3?name=ficha.pdf' });
    expect(received).toEqual({ type: 'application/pdf', body: '%PDF-1.7' });
  });
});

describe('CookieJar', () => {
  it('keeps cookies by name, replaces them, and drops expired ones', () => {
    const jar = new CookieJar();
    jar.store(['a=1; Path=/; HttpOnly', 'b=2']);
    expect(jar.header()).toBe('a=1; b=2');
    jar.store(['a=3', 'b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBe('a=3');
    jar.store(['a=4; Max-Age=0']);
    expect(jar.header()).toBeUndefined();
  });
});
