/**
 * The route adapter on its own: the order of its checks (session, ids, the path's pharmacy, body),
 * how it reads a missing body, and the answer's check and status.
 */
import { defineEndpoint, idParams } from '@botica/api-client/endpoints';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { SessionUser } from '../auth/session-user.ts';
import { installUploads, route, withStatus } from './endpoint-route.ts';
import { installErrorHandling } from './errors.ts';
import { configureSpanishMessages } from './validation.ts';

const Answer = z.object({ id: z.int() });

const placeOrder = defineEndpoint({
  method: 'POST',
  path: '/test/clients/{clientId}/orders/{orderId}',
  access: 'own-client',
  params: idParams('clientId', 'orderId'),
  body: z.strictObject({ quantity: z.int() }),
  response: Answer,
  status: 201,
  alsoStatus: 200,
});

const note = defineEndpoint({
  method: 'POST',
  path: '/test/notes',
  access: 'client',
  body: z.strictObject({ text: z.optional(z.string()) }),
  optionalBody: true,
  response: z.object({ text: z.string() }),
});

const upload = defineEndpoint({
  method: 'POST',
  path: '/test/files',
  access: 'client',
  upload: { accept: ['image/png', 'application/pdf'] },
  query: z.object({ name: z.optional(z.string()) }),
  response: z.object({ bytes: z.int(), first: z.int(), name: z.string() }),
  status: 201,
});

const broken = defineEndpoint({ method: 'GET', path: '/test/broken', access: 'public', response: Answer });

function user(clientId: number): SessionUser {
  return {
    id: 1,
    username: 'farmacia',
    name: 'Farmacia',
    email: null,
    role: 'client',
    clientId,
    clientName: 'Farmacia',
    isSubUser: false,
    canSendOrders: true,
    canViewInvoices: true,
    salesRepId: null,
  };
}

describe('the route adapter', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    configureSpanishMessages();
    app = Fastify();
    installErrorHandling(app);
    installUploads(app);
    // The session: a client of the pharmacy named in the test header, or none.
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      const clientId = Number(request.headers['x-client']);
      (request as { session: unknown }).session = clientId
        ? { id: 's', csrfToken: 't', user: user(clientId) }
        : null;
    });
    route(app, placeOrder, async ({ params, body }) =>
      body.quantity === 0 ? withStatus(200, { id: params.orderId }) : { id: params.orderId },
    );
    route(app, note, async ({ body }) => ({ text: body.text ?? '(none)' }));
    route(
      app,
      upload,
      async ({ body, query }) => ({ bytes: body.length, first: body[0] ?? -1, name: query.name ?? '' }),
      { bodyLimit: 1_000 },
    );
    route(app, broken, async () => ({ id: 'not a number' }) as unknown as { id: number });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, client: number | null, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: client ? { 'x-client': String(client) } : {},
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  it('checks the session before the ids, and another pharmacy before a malformed id', async () => {
    expect((await post('/test/clients/abc/orders/1', null, { quantity: 1 })).statusCode).toBe(401);
    expect((await post('/test/clients/7/orders/abc', 8, { quantity: 1 })).statusCode).toBe(403);
    expect((await post('/test/clients/7/orders/abc', 7, { quantity: 1 })).statusCode).toBe(404);
    expect((await post('/test/clients/7/orders/0', 7, { quantity: 1 })).statusCode).toBe(404);
  });

  it('answers with the definition’s status, or the second one it allows', async () => {
    const created = await post('/test/clients/7/orders/3', 7, { quantity: 2 });
    expect([created.statusCode, created.json()]).toEqual([201, { id: 3 }]);
    expect((await post('/test/clients/7/orders/3', 7, { quantity: 0 })).statusCode).toBe(200);
  });

  it('reads a missing body as empty only where the definition lets it be left out', async () => {
    expect((await post('/test/notes', 7)).json()).toEqual({ text: '(none)' });
    const jsonNull = await app.inject({
      method: 'POST',
      url: '/test/notes',
      headers: { 'x-client': '7', 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(jsonNull.json()).toEqual({ text: '(none)' });
    const missing = await post('/test/clients/7/orders/3', 7);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['_']);
    const wrong = await post('/test/clients/7/orders/3', 7, { quantity: 'x' });
    expect([wrong.statusCode, Object.keys(wrong.json().errors)]).toEqual([422, ['quantity']]);
  });

  it('never sends an answer its schema does not describe', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not a number');
  });

  it('hands an upload its bytes, refuses a file over the route’s limit with 413 and a JSON body with 422', async () => {
    const send = (payload: Buffer | string, type: string) =>
      app.inject({
        method: 'POST',
        url: '/test/files?name=ficha.pdf',
        headers: { 'x-client': '7', 'content-type': type },
        payload,
      });
    const file = Buffer.from([0x25, 0x50, 0x44, 0x46, 1, 2, 3]);
    const stored = await send(file, 'application/pdf');
    expect([stored.statusCode, stored.json()]).toEqual([201, { bytes: 7, first: 0x25, name: 'ficha.pdf' }]);
    // The declared type is only a label: any file type reaches the handler, which checks the bytes.
    expect((await send(file, 'application/octet-stream')).statusCode).toBe(201);
    const large = await send(Buffer.alloc(1_001), 'image/png');
    expect([large.statusCode, large.json()]).toEqual([413, { message: 'Fichero demasiado grande' }]);
    const json = await send('{"bytes":1}', 'application/json');
    expect([json.statusCode, Object.keys(json.json().errors)]).toEqual([422, ['file']]);
    expect((await send(Buffer.alloc(0), 'application/pdf')).statusCode).toBe(422);
  });
});
