/**
 * The ERP's webhooks on a real server and a real receiver (node:http on a free port), every request
 * verified with the `standardwebhooks` package: an order placed, an order cancelled and a registration
 * requested each reach the endpoints subscribed, once, from the transaction of the change (a checkout
 * rolled back at its commit sends nothing); a 500 or a receiver that hangs is retried with the same
 * `webhook-id` until delivered; a 4xx fails at once; a failed delivery is resent; two instances on one
 * PostgreSQL database deliver each event exactly once. The admin endpoints are the admins' alone, and
 * audited without the secret.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '@botica/api-client';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@botica/api-client/admin';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeRegistration } from '../../src/access/registrations-service.ts';
import { type CoreContext, inTransaction } from '../../src/context.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import { cifFor } from '../../src/demo-data/tax-ids.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import type { WebhookSenderOptions } from '../../src/webhooks/sender.ts';
import {
  enqueueWebhookEvent,
  pruneWebhookDeliveries,
  wakeWebhookSenders,
} from '../../src/webhooks/webhooks-service.ts';
import { expectRefusal, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

/** A sales administration member who may send orders (farmacia.demo's sub-user). */
const MOSTRADOR = 'demo.mostrador';

/** Short timings: a retry within a fraction of a second, four attempts, a receiver hung after 1.5 s. */
const SENDER: WebhookSenderOptions = {
  pollMs: 50,
  timeoutMs: 1_500,
  retryBaseMs: 60,
  retryMaxMs: 200,
  maxAttempts: 4,
  random: () => 0.5,
};

/** What the receiver answers a request: a status, or never (until the sender gives up on it). */
type Answer = number | 'hang';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * An ERP's receiver: each path is one endpoint with its secret; every request is verified (a request
 * that does not verify fails the test) and answered as its path's script says, the last answer
 * repeating.
 */
class Receiver {
  readonly received: Received[] = [];
  readonly unverified: string[] = [];
  readonly #secrets = new Map<string, string>();
  readonly #scripts = new Map<string, Answer[]>();
  readonly #delays = new Map<string, number>();
  #server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const secret = this.#secrets.get(path);
        try {
          if (!secret) throw new Error(`no endpoint at ${path}`);
          const payload = new Webhook(secret).verify(body, {
            'webhook-id': String(request.headers['webhook-id']),
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          }) as Received['payload'];
          this.received.push({ path, headers: request.headers, body, payload });
        } catch (error) {
          this.unverified.push(`${path}: ${String(error)}`);
          response.writeHead(400).end();
          return;
        }
        const script = this.#scripts.get(path) ?? [204];
        const answer = (script.length > 1 ? script.shift() : script[0]) ?? 204;
        if (answer === 'hang') return;
        setTimeout(() => response.writeHead(answer).end('ok'), this.#delays.get(path) ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Serves `path` for the endpoint of `secret`, answering `script` in turn. */
  serve(path: string, secret: string, script: Answer[] = [204], delayMs = 0): void {
    this.#secrets.set(path, secret);
    this.#scripts.set(path, [...script]);
    this.#delays.set(path, delayMs);
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

const until = async <T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
): Promise<T> => {
  let value = await read();
  for (let waited = 0; !done(value); waited += 25) {
    if (waited > 15_000)
      throw new Error(`waited in vain for ${what}: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
};

function webhooksSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the ERP's webhooks on ${engine}`, () => {
    let server: TestServer;
    let context: CoreContext;
    let ids: DemoIds;
    let admin: InjectSession;
    let receiver: Receiver;
    let pharmacist: ApiClient;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        products: 60,
        webhookSender: SENDER,
      });
      context = { db: server.database.db, settings: testSettings(), now: () => new Date() };
      ids = await server.demoIds();
      admin = await session(DEMO_ACCOUNTS.admin);
      receiver = new Receiver();
      await receiver.start();
      pharmacist = await loggedIn(server, MOSTRADOR);
    });
    afterAll(async () => {
      await server?.close();
      await receiver?.stop();
    });

    async function session(username: string): Promise<InjectSession> {
      const made = new InjectSession(server.app);
      expect((await made.login(username)).statusCode).toBe(200);
      return made;
    }

    /** An endpoint made through the admin API, served by the receiver at `path`. */
    async function endpoint(
      path: string,
      events: string[],
      script: Answer[] = [204],
      delayMs = 0,
    ): Promise<WebhookEndpoint> {
      const response = await admin.request('POST', '/api/v1/admin/webhooks', {
        payload: { url: `${receiver.url}${path}`, description: `Prueba ${path}`, events },
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json().data as WebhookEndpoint;
      receiver.serve(path, created.secret, script, delayMs);
      return created;
    }

    async function remove(made: WebhookEndpoint): Promise<void> {
      expect((await admin.request('DELETE', `/api/v1/admin/webhooks/${made.id}`)).statusCode).toBe(204);
    }

    async function deliveries(made: WebhookEndpoint): Promise<WebhookDelivery[]> {
      const response = await admin.request('GET', `/api/v1/admin/webhooks/deliveries?endpoint_id=${made.id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    }

    const settled = (made: WebhookEndpoint, count: number) =>
      until(
        `${count} settled deliveries`,
        () => deliveries(made),
        (rows) => rows.length === count && rows.every((row) => row.status !== 'pending'),
      );

    /** A cart above the minimum, saved for farmacia.demo. */
    async function fullCart() {
      const rows = await selectRows<{ id: number; price_cents: number }>(
        server.database.db,
        sql`select distinct on (vat_rate) id, price_cents from products
            where is_active and stock_units > 0 and price_cents <= 3000 order by vat_rate, id`,
      );
      return pharmacist.cart.save({
        products: rows.map((row) => ({ id: row.id, quantity: Math.ceil(6000 / row.price_cents) })),
      });
    }

    it('tells the ERP of an order placed and cancelled, once each, signed, with the order named', async () => {
      const orders = await endpoint('/orders', ['order.placed', 'order.cancelled']);
      const registrations = await endpoint('/registrations', ['registration.requested']);
      const cart = await fullCart();
      const { data: order } = await pharmacist.cart.checkout(ids.demo.clientId, cart.id);
      // The same checkout again answers the order it became: no second event.
      await pharmacist.cart.checkout(ids.demo.clientId, cart.id);
      const [placed] = await settled(orders, 1);
      expect(placed).toMatchObject({
        status: 'delivered',
        attempts: 1,
        last_status: 204,
        event_type: 'order.placed',
      });
      const [pharmacy] = await selectRows<{ name: string; tax_id: string }>(
        server.database.db,
        sql`select name, tax_id from clients where id = ${ids.demo.clientId}`,
      );
      const [request] = receiver.at('/orders');
      expect(request?.headers['webhook-id']).toBe(placed?.message_id);
      expect(request?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.payload).toEqual({
        type: 'order.placed',
        timestamp: expect.any(String),
        data: {
          id: order.id,
          number: order.number,
          pharmacy: { id: ids.demo.clientId, tax_id: pharmacy?.tax_id, name: pharmacy?.name },
          placed_at: order.created_at,
          status: 'received',
          total: order.total_price,
          lines_count: order.lines.length,
          delivery: order.delivery,
          transfer: null,
        },
      });

      const cancelled = await admin.request('POST', `/api/v1/admin/orders/${order.id}/status`, {
        payload: { status: 'cancelled', reason: 'Pedido duplicado' },
      });
      expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
      await settled(orders, 2);
      expect(receiver.at('/orders').map((received) => received.payload.type)).toEqual([
        'order.placed',
        'order.cancelled',
      ]);
      expect(receiver.at('/orders')[1]?.payload.data).toMatchObject({ id: order.id, status: 'cancelled' });
      // Another move is no cancellation: no event.
      expect(receiver.at('/registrations')).toEqual([]);
      expect(receiver.unverified).toEqual([]);
      await remove(orders);
      await remove(registrations);
    });

    it('tells the ERP of a registration requested', async () => {
      const registrations = await endpoint('/registrations-2', ['registration.requested']);
      const cif = cifFor('B', 8_300_001);
      await storeRegistration(
        context,
        {
          username: 'alta.webhook',
          cif,
          pharmacy_name: 'Farmacia del Gancho',
          email: 'gancho@farmacia.example',
          phone: '+34 912 345 678',
          postal_code: '28013',
        },
        '127.0.0.1',
        { sendMail: false },
      );
      await settled(registrations, 1);
      const [request] = receiver.at('/registrations-2');
      expect(request?.payload.type).toBe('registration.requested');
      expect(request?.payload.data).toMatchObject({ pharmacy_name: 'Farmacia del Gancho', tax_id: cif });
      expect(request?.payload.data.id).toEqual(expect.any(Number));
      await remove(registrations);
    });

    it('sends nothing for a checkout rolled back at its commit', async () => {
      const orders = await endpoint('/rolled-back', ['order.placed']);
      const cart = await fullCart();
      const db = server.database.db;
      // Refused at the commit, after the order, its e-mails and its event were written.
      await db.execute(
        sql`create function refuse_order_commit() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`,
      );
      await db.execute(
        sql`create constraint trigger refuse_order_commit after insert on orders deferrable initially deferred
            for each row execute function refuse_order_commit()`,
      );
      try {
        await expect(pharmacist.cart.checkout(ids.demo.clientId, cart.id)).rejects.toMatchObject({
          status: 500,
        });
      } finally {
        await db.execute(sql`drop trigger refuse_order_commit on orders`);
        await db.execute(sql`drop function refuse_order_commit()`);
      }
      wakeWebhookSenders();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await deliveries(orders)).toEqual([]);
      expect(receiver.at('/rolled-back')).toEqual([]);
      await pharmacist.cart.save({ products: [] });
      await remove(orders);
    });

    it('retries after a 500 and after a receiver that hangs, with the same webhook-id, until delivered', async () => {
      const flaky = await endpoint('/flaky', ['registration.requested'], [500, 'hang', 200]);
      await inTransaction(context, (tx) =>
        enqueueWebhookEvent(tx, 'registration.requested', { id: 999_001, pharmacy_name: 'X', tax_id: 'Y' }),
      );
      wakeWebhookSenders();
      const [delivery] = await settled(flaky, 1);
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 3,
        last_status: 200,
        last_error: null,
      });
      const requests = receiver.at('/flaky');
      expect(requests).toHaveLength(3);
      expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(
        new Set([delivery?.message_id]),
      );
      expect(new Set(requests.map((request) => request.body)).size).toBe(1);
      await remove(flaky);
    });

    it('fails at once on a 4xx, gives up after the attempts on 5xx, and resends a failed delivery', async () => {
      const refusing = await endpoint('/refusing', ['registration.requested'], [410, 204]);
      const broken = await endpoint('/broken', ['registration.requested'], [503]);
      await inTransaction(context, (tx) =>
        enqueueWebhookEvent(tx, 'registration.requested', { id: 999_002, pharmacy_name: 'X', tax_id: 'Y' }),
      );
      wakeWebhookSenders();
      const [refused] = await settled(refusing, 1);
      expect(refused).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_status: 410,
        last_error: null,
      });
      const [givenUp] = await settled(broken, 1);
      expect(givenUp).toMatchObject({ status: 'failed', attempts: SENDER.maxAttempts, last_status: 503 });
      expect(receiver.at('/broken')).toHaveLength(SENDER.maxAttempts ?? 0);
      const listed = (await admin.request('GET', '/api/v1/admin/webhooks')).json().data as WebhookEndpoint[];
      expect(listed.find((row) => row.id === refusing.id)?.failed_deliveries).toBe(1);

      const resent = await admin.request('POST', `/api/v1/admin/webhooks/deliveries/${refused?.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(202);
      const [again] = await settled(refusing, 1);
      expect(again).toMatchObject({ status: 'delivered', attempts: 1, message_id: refused?.message_id });
      expect(receiver.at('/refusing').map((request) => request.headers['webhook-id'])).toEqual([
        refused?.message_id,
        refused?.message_id,
      ]);
      // One still pending retries by itself.
      await admin.request('PUT', `/api/v1/admin/webhooks/${broken.id}`, {
        payload: { url: broken.url, description: '', events: broken.events, is_active: false, version: 1 },
      });
      expect(
        (await admin.request('POST', `/api/v1/admin/webhooks/deliveries/${givenUp?.id}/resend`)).statusCode,
      ).toBe(202);
      const pendingAgain = await admin.request(
        'POST',
        `/api/v1/admin/webhooks/deliveries/${givenUp?.id}/resend`,
      );
      expectRefusal(pendingAgain, 409);
      expect(pendingAgain.json().message).toBe(WEBHOOK_MESSAGES.notResendable);
      const audited = await selectRows<{
        action: string;
        object_id: string;
        before: unknown;
        after: unknown;
      }>(
        server.database.db,
        sql`select action, object_id, before, after from audit_log
            where (object_type = 'webhook_delivery' and object_id in (${String(refused?.id)}, ${String(givenUp?.id)}))
               or (action = 'webhook_endpoint.updated' and object_id = ${String(broken.id)})
            order by id`,
      );
      expect(audited).toEqual([
        {
          action: 'webhook_delivery.resent',
          object_id: String(refused?.id),
          before: { status: 'failed', attempts: 1 },
          after: { status: 'pending', attempts: 0 },
        },
        {
          action: 'webhook_endpoint.updated',
          object_id: String(broken.id),
          before: expect.objectContaining({ is_active: true }),
          after: expect.objectContaining({ is_active: false, description: '' }),
        },
        {
          action: 'webhook_delivery.resent',
          object_id: String(givenUp?.id),
          before: { status: 'failed', attempts: SENDER.maxAttempts },
          after: { status: 'pending', attempts: 0 },
        },
      ]);
      const failedOnly = await admin.request('GET', '/api/v1/admin/webhooks/deliveries?status=failed');
      expect(failedOnly.json().data.every((row: WebhookDelivery) => row.status === 'failed')).toBe(true);
      await remove(refusing);
      await remove(broken);
    });

    it('retries a refused connection, then gives up with the reason', async () => {
      // A port just freed: nothing listens there.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      const created = await admin.request('POST', '/api/v1/admin/webhooks', {
        payload: { url: `http://127.0.0.1:${port}/closed`, events: ['order.placed'] },
      });
      const closed = created.json().data as WebhookEndpoint;
      expect((await admin.request('POST', `/api/v1/admin/webhooks/${closed.id}/test`)).statusCode).toBe(202);
      const [delivery] = await settled(closed, 1);
      expect(delivery).toMatchObject({ status: 'failed', attempts: SENDER.maxAttempts, last_status: null });
      expect(delivery?.last_error).toMatch(/^No se pudo conectar \(ECONNREFUSED\)$/);
      await remove(closed);
    });

    it('sends a test event, rotates the secret (the next delivery signed with the new one), refuses a stale version', async () => {
      const made = await endpoint('/rotated', ['order.placed']);
      const rotated = await admin.request('POST', `/api/v1/admin/webhooks/${made.id}/rotate-secret`, {
        payload: { version: 1 },
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const after = rotated.json().data as WebhookEndpoint;
      expect(after.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(after.secret).not.toBe(made.secret);
      expect(after.version).toBe(2);
      receiver.serve('/rotated', after.secret);
      const tested = await admin.request('POST', `/api/v1/admin/webhooks/${made.id}/test`);
      expect(tested.statusCode, tested.body).toBe(202);
      await settled(made, 1);
      expect(receiver.at('/rotated').map((request) => request.payload.type)).toEqual(['webhook.test']);
      expect(receiver.unverified).toEqual([]);

      const stale = await admin.request('PUT', `/api/v1/admin/webhooks/${made.id}`, {
        payload: { url: made.url, description: 'x', events: ['order.placed'], is_active: true, version: 1 },
      });
      expectRefusal(stale, 409);
      expect(stale.json().message).toBe(WEBHOOK_MESSAGES.stale);
      const staleRotation = await admin.request('POST', `/api/v1/admin/webhooks/${made.id}/rotate-secret`, {
        payload: { version: 1 },
      });
      expectRefusal(staleRotation, 409);

      const audit = await selectRows<{ action: string; before: unknown; after: unknown }>(
        server.database.db,
        sql`select action, before, after from audit_log
            where object_type = 'webhook_endpoint' and object_id = ${String(made.id)} order by id`,
      );
      expect(audit.map((row) => row.action)).toEqual([
        'webhook_endpoint.created',
        'webhook_endpoint.secret_rotated',
        'webhook_endpoint.tested',
      ]);
      expect(audit[0]?.after).toEqual({
        url: made.url,
        description: 'Prueba /rotated',
        events: ['order.placed'],
        is_active: true,
      });
      expect(JSON.stringify(audit)).not.toContain('whsec_');
      await remove(made);
      const deleted = await selectRows<{ before: unknown; after: unknown }>(
        server.database.db,
        sql`select before, after from audit_log where action = 'webhook_endpoint.deleted'
            and object_id = ${String(made.id)}`,
      );
      expect(deleted).toEqual([{ before: expect.objectContaining({ url: made.url }), after: null }]);
    });

    it('refuses bad URLs and events with Spanish messages', async () => {
      const cases: [unknown, string, string][] = [
        [
          { url: 'http://erp.example.es/hook', events: ['order.placed'] },
          'url',
          WEBHOOK_MESSAGES.urlNotHttps,
        ],
        [{ url: 'ftp://erp.example.es/hook', events: ['order.placed'] }, 'url', WEBHOOK_MESSAGES.urlNotHttps],
        [{ url: 'erp.example.es', events: ['order.placed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
        [
          { url: 'https://user:pw@erp.example.es/hook', events: ['order.placed'] },
          'url',
          WEBHOOK_MESSAGES.urlCredentials,
        ],
        [{ url: 'https://erp.example.es/hook', events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      ];
      for (const [payload, field, message] of cases) {
        const response = await admin.request('POST', '/api/v1/admin/webhooks', { payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().errors[field]).toEqual([message]);
      }
      const loopback = await admin.request('POST', '/api/v1/admin/webhooks', {
        payload: { url: 'http://localhost:9/hook', events: ['order.placed'], is_active: false },
      });
      expect(loopback.statusCode).toBe(201);
      await remove(loopback.json().data);
    });

    it("is the admins' alone: 401 anonymous, 419 without CSRF, 403 for a pharmacy or a sales rep", async () => {
      const made = await endpoint('/guarded', ['order.placed']);
      const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['GET', '/api/v1/admin/webhooks'],
        ['POST', '/api/v1/admin/webhooks', { url: 'https://erp.example.es', events: ['order.placed'] }],
        [
          'PUT',
          `/api/v1/admin/webhooks/${made.id}`,
          { url: made.url, description: '', events: ['order.placed'], is_active: true, version: 1 },
        ],
        ['DELETE', `/api/v1/admin/webhooks/${made.id}`],
        ['POST', `/api/v1/admin/webhooks/${made.id}/rotate-secret`, { version: 1 }],
        ['POST', `/api/v1/admin/webhooks/${made.id}/test`],
        ['GET', '/api/v1/admin/webhooks/deliveries'],
        ['POST', '/api/v1/admin/webhooks/deliveries/1/resend'],
      ];
      const anonymous = new InjectSession(server.app);
      await anonymous.csrf();
      const rep = await session(DEMO_ACCOUNTS.comercial);
      const pharmacy = await session(DEMO_ACCOUNTS.demo);
      const hidden = [made.secret, 'whsec_', '/guarded'];
      for (const [method, url, payload] of calls) {
        const options = payload === undefined ? {} : { payload };
        expectRefusal(await anonymous.request(method, url, options), 401, {
          what: `${method} ${url}`,
          hidden,
        });
        expectRefusal(await rep.request(method, url, options), 403, { what: `${method} ${url}`, hidden });
        expectRefusal(await pharmacy.request(method, url, options), 403, {
          what: `${method} ${url}`,
          hidden,
        });
        if (method !== 'GET')
          expectRefusal(await admin.request(method, url, { ...options, csrf: false }), 419, {
            what: `${method} ${url}`,
            hidden,
          });
      }
      const unchanged = (await admin.request('GET', '/api/v1/admin/webhooks')).json()
        .data as WebhookEndpoint[];
      expect(unchanged.find((row) => row.id === made.id)).toMatchObject({ secret: made.secret, version: 1 });
      expectRefusal(await admin.request('DELETE', '/api/v1/admin/webhooks/2147483647'), 404);
      expectRefusal(await admin.request('POST', '/api/v1/admin/webhooks/deliveries/2147483647/resend'), 404);
      await remove(made);
    });

    describe.skipIf(engine !== 'postgres')('two instances on one database', () => {
      let second: TestServer;
      beforeAll(async () => {
        second = await startTestServer(engine, { sameDatabaseAs: server, webhookSender: SENDER });
      });
      afterAll(() => second?.close());

      it('deliver each event exactly once', async () => {
        const shared = await endpoint('/shared', ['registration.requested'], [204], 30);
        const events = 30;
        for (let index = 0; index < events; index += 1) {
          await inTransaction(context, (tx) =>
            enqueueWebhookEvent(tx, 'registration.requested', {
              id: 990_000 + index,
              pharmacy_name: 'X',
              tax_id: 'Y',
            }),
          );
          wakeWebhookSenders();
        }
        // More than a page of the admin's list: counted in the table.
        const rows = await until(
          'every shared delivery',
          () =>
            selectRows<{ status: string; attempts: number }>(
              server.database.db,
              sql`select status, attempts from webhook_deliveries where endpoint_id = ${shared.id}`,
            ),
          (found) => found.length === events && found.every((row) => row.status === 'delivered'),
        );
        expect(rows.every((row) => row.attempts === 1)).toBe(true);
        const ids = receiver.at('/shared').map((request) => request.headers['webhook-id']);
        expect(ids).toHaveLength(events);
        expect(new Set(ids).size).toBe(events);
        await remove(shared);
      });
    });

    it('forgets settled deliveries after 30 days, never a pending one', async () => {
      const made = await endpoint('/prune', ['order.placed']);
      // Rows of their own, held by a lease far ahead so no sender touches them while this runs.
      const row = (status: string, days: number, n: number) =>
        sql`(${made.id}, ${`msg_prune_${status}_${days}_${n}`}, 'order.placed', '{}'::jsonb, ${status},
             now() + interval '1 day', now() - make_interval(days => ${days}))`;
      await server.database.db.execute(
        sql`insert into webhook_deliveries (endpoint_id, message_id, event_type, payload, status, locked_until, created_at)
            values ${sql.join([row('delivered', 31, 1), row('failed', 31, 2), row('pending', 31, 3), row('delivered', 5, 4)], sql`, `)}`,
      );
      const left = async () =>
        (
          await selectRows<{ message_id: string }>(
            server.database.db,
            sql`select message_id from webhook_deliveries where endpoint_id = ${made.id} order by message_id`,
          )
        ).map((each) => each.message_id);
      expect(await pruneWebhookDeliveries(context)(1_000)).toBeGreaterThanOrEqual(2);
      expect(await left()).toEqual(['msg_prune_delivered_5_4', 'msg_prune_pending_31_3']);
      await remove(made);
    });
  });
}

webhooksSuite(projectEngine());
